import { createRoute, z } from "@hono/zod-openapi";
import { ApplyToStoresInput, applyToStores, linkedItems } from "@menu/core/import/apply-to-stores";
import { CopyApplyInput, CopyPreviewInput, applyCopy, previewCopy } from "@menu/core/import/menu-copy";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** Copying between stores is the company's: its managers only (a store manager is told the store was not found). */
const companySession = requiresSession("company_manager", "storeNotFound");
const session = requiresSession("store_manager", "storeNotFound");
const NOT_FOUND = errorResponse("Store not found (also: another company's store, or a store manager copying)");

const Preview = z.object({
  categories: z.number(),
  new_categories: z.number().openapi({ description: "Categories the target lacks (matched by section and name path)" }),
  items: z.number(),
  creates: z.number(),
  updates: z.number().openapi({ description: "Items the target already has (same origin, or same place and title)" }),
  portions: z.number(),
  photos: z.number(),
  translations: z.record(z.string(), z.number()).openapi({ description: "Texts (categories and items) translated, per language" }),
  glossary: z.number(),
  new_glossary: z.number(),
  invalid: z.number(),
  invalid_titles: z.array(z.string()),
});

const preview = createRoute({
  method: "post",
  path: "/menu-copy/preview",
  summary: "What copying another store's menu (same company) into this store would bring: counts, and invalid source items",
  ...companySession,
  request: jsonBody(CopyPreviewInput),
  responses: { 200: json(Preview), 400: errorResponse("Choose another store to copy the menu from"), 404: NOT_FOUND },
});
const apply = createRoute({
  method: "post",
  path: "/menu-copy/apply",
  summary: "Copy source items [from, from + count); the whole plan is validated first, nothing is written while any item is invalid",
  ...companySession,
  request: jsonBody(CopyApplyInput),
  responses: {
    200: json(z.object({ done: z.number(), total: z.number(), created: z.number(), updated: z.number() })),
    400: errorResponse("Some items of the other store are invalid: nothing was copied"),
    404: NOT_FOUND,
  },
});
const linked = createRoute({
  method: "get",
  path: "/menu-copy/linked",
  summary: "How many other stores (that the caller manages) hold an item copied from the same origin",
  ...session,
  request: { query: z.object({ storeId: z.string().min(1).max(64), itemId: z.string().min(1).max(64) }) },
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
  .openapi(preview, async (c) => c.json(await previewCopy(c.req.valid("json")), 200))
  .openapi(apply, async (c) => c.json(await applyCopy(c.req.valid("json")), 200))
  .openapi(linked, async (c) => {
    const { storeId, itemId } = c.req.valid("query");
    return c.json(await linkedItems({ store_id: storeId, item_id: itemId }), 200);
  })
  .openapi(applyOthers, async (c) => c.json(await applyToStores(c.req.valid("json")), 200));
