import { createRoute, z } from "@hono/zod-openapi";
import { exportMenu, MenuExportInput } from "@menu/core/export/menu-export";
import { download, safeFileName } from "../download";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";

const TYPES = { pdf: "application/pdf", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } as const;

const get = createRoute({
  method: "get",
  path: "/menu-export",
  summary: "The store's menu in one of its languages as PDF or Excel (premium plans; 409 otherwise)",
  security: requiresSession("store_manager"),
  request: { query: MenuExportInput },
  responses: {
    200: { description: "The file", content: { [TYPES.pdf]: { schema: z.string() }, [TYPES.xlsx]: { schema: z.string() } } },
    400: errorResponse("Value is incorrect (a language the store does not have)"),
    404: errorResponse("Store not found"),
    409: errorResponse("This feature is available on the premium plans"),
  },
});

export const menuExportRoutes = router().openapi(get, async (c) => {
  const input = c.req.valid("query");
  const file = await exportMenu(input);
  return c.body(new Uint8Array(file.body), 200, { "Content-Type": TYPES[input.format], ...download(safeFileName(file.name, `menu.${input.format}`)) });
});
