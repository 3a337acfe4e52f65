import { createRoute, z } from "@hono/zod-openapi";
import { ApplyToStoresInput, applyToStores, linkedItems } from "@menu/core/chains/apply-to-stores";
import { ConfirmCopyInput, MenuCopyJob, StartCopyInput, confirmCopy, copyStatus, latestCopy, startCopy } from "@menu/core/chains/menu-copy";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** Copying between stores is the company's: its managers only (a store manager is told the store was not found). */
const companySession = requiresSession("company_manager", "storeNotFound");
const session = requiresSession("store_manager", "storeNotFound");
const NOT_FOUND = errorResponse("Store not found (also: another company's store, or a store manager copying)");
const Id = z.string().min(1).max(64);

const start = createRoute({
  method: "post",
  path: "/menu-copy",
  summary: "Plan copying another store's menu (same company) into this store: queues the job, whose preview (counts, invalid source items) comes with its state",
  ...companySession,
  request: jsonBody(StartCopyInput),
  responses: {
    202: json(MenuCopyJob, "Planning: poll the job until it is ready"),
    400: errorResponse("Choose another store to copy the menu from"),
    404: NOT_FOUND,
    409: errorResponse("A menu copy into this store is already under way: `details.copy` is that copy (id, status, done of total), which the dialog shows"),
  },
});
const latest = createRoute({
  method: "get",
  path: "/menu-copy",
  summary: "The store's latest menu copy (null: none): the dialog shows one under way",
  ...companySession,
  request: { query: z.object({ storeId: Id }) },
  responses: { 200: json(MenuCopyJob.nullable()), 404: NOT_FOUND },
});
const status = createRoute({
  method: "get",
  path: "/menu-copy/{copyId}",
  summary: "A menu copy: planning, ready (with its preview), copying (done of total items), done, or failed (nothing changed)",
  ...companySession,
  request: { params: z.object({ copyId: Id }), query: z.object({ storeId: Id }) },
  responses: { 200: json(MenuCopyJob), 404: errorResponse("Store not found / Page not found") },
});
const confirm = createRoute({
  method: "post",
  path: "/menu-copy/{copyId}/start",
  summary: "Copy what the ready job previewed, all or nothing, keeping or taking prices of items the store already has: poll the job",
  ...companySession,
  request: { params: z.object({ copyId: Id }), ...jsonBody(ConfirmCopyInput.omit({ copy_id: true })) },
  responses: {
    202: json(MenuCopyJob, "Copying"),
    400: errorResponse("Some items of the other store are invalid: nothing was copied"),
    404: errorResponse("Store not found / Page not found"),
    409: errorResponse("A menu copy into this store is already under way, or this one is not ready or not the latest: `details.copy` is the store's latest copy"),
  },
});
const linked = createRoute({
  method: "get",
  path: "/menu-copy/linked",
  summary: "How many other stores (that the caller manages) hold an item copied from the same origin",
  ...session,
  request: { query: z.object({ storeId: Id, itemId: Id }) },
  responses: { 200: json(z.object({ stores: z.number() })), 404: errorResponse("Store not found / Item not found") },
});
const applyOthers = createRoute({
  method: "post",
  path: "/menu-copy/apply-to-stores",
  summary: "Write the item's chosen fields to the items of the same origin in the other stores the caller manages; they republish",
  ...session,
  request: jsonBody(ApplyToStoresInput),
  responses: { 200: json(z.object({ updated: z.number(), stores: z.number(), skipped: z.number() })), 404: errorResponse("Store not found / Item not found") },
});

export const menuCopyRoutes = router()
  .openapi(linked, async (c) => {
    const { storeId, itemId } = c.req.valid("query");
    return c.json(await linkedItems({ store_id: storeId, item_id: itemId }), 200);
  })
  .openapi(applyOthers, async (c) => c.json(await applyToStores(c.req.valid("json")), 200))
  .openapi(start, async (c) => c.json(await startCopy(c.req.valid("json")), 202))
  .openapi(latest, async (c) => c.json(await latestCopy({ store_id: c.req.valid("query").storeId }), 200))
  .openapi(status, async (c) => c.json(await copyStatus({ store_id: c.req.valid("query").storeId, copy_id: c.req.valid("param").copyId }), 200))
  .openapi(confirm, async (c) => c.json(await confirmCopy({ ...c.req.valid("json"), copy_id: c.req.valid("param").copyId }), 202));
