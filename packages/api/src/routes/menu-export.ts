import { createRoute, z } from "@hono/zod-openapi";
import { MenuExportInput, MenuExportJob, menuExportStatus, requestMenuExport } from "@menu/core/export/jobs";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession("store_manager", "storeNotFound");

const create = createRoute({
  method: "post",
  path: "/menu-exports",
  summary: "Export the store's menu in one of its languages as PDF or Excel (premium plans; 409 otherwise): queues the job",
  ...session,
  request: jsonBody(MenuExportInput),
  responses: {
    202: json(MenuExportJob, "Queued: poll the job until it is done"),
    400: errorResponse("Value is incorrect (a language the store does not have)"),
    404: errorResponse("Store not found"),
    409: errorResponse("This feature is available on the premium plans"),
  },
});

const get = createRoute({
  method: "get",
  path: "/menu-exports/{exportId}",
  summary: "An export job: its progress, and once done a download URL that works for a few minutes",
  ...session,
  request: { params: z.object({ exportId: z.string().min(1).max(64) }), query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: { 200: json(MenuExportJob, "The job"), 404: errorResponse("Store not found / Page not found") },
});

export const menuExportRoutes = router()
  .openapi(create, async (c) => c.json(await requestMenuExport(c.req.valid("json")), 202))
  .openapi(get, async (c) => c.json(await menuExportStatus({ storeId: c.req.valid("query").storeId, exportId: c.req.valid("param").exportId }), 200));
