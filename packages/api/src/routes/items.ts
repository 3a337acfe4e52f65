import { createRoute, z } from "@hono/zod-openapi";
import {
  BulkItemsInput,
  bulkItems,
  CreateItemInput,
  createItem,
  duplicateItem,
  MarkItemsInput,
  markItems,
  moveItem,
  setSoldOut,
  SoldOutInput,
  SortItemsInput,
  sortItems,
  updateItem,
} from "@menu/core/item/manage";
import { ItemInfo } from "@menu/core/item/item";
import { SearchHit, searchItems } from "@menu/core/item/search";
import { getItem, ItemCard, ItemPage, listItems, moveItemToPosition, PAGE_MAX, PAGE_SIZE } from "@menu/core/item/pages";
import { ItemForm } from "@menu/core/item/schemas";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** The menu of a store: every staff role of the store (SPEC.md section 2). */
const session = requiresSession("store_manager", "storeNotFound");
const Id = z.string().min(1).max(64);
const ItemParams = z.object({ itemId: Id });
const StoreBody = z.object({ store_id: Id });
const notFound = { 404: errorResponse("Store, category or item not found") };
const badInput = { 400: errorResponse("Invalid input (the field and the specification's message)") };
const selectionResponses = { 400: errorResponse("You need to select at least one item"), ...notFound };
const wrongCategory = { 409: errorResponse("The category holds another kind of content") };

const list = createRoute({
  method: "get",
  path: "/items",
  summary: "A page of a category's items in display order (hidden ones included), card fields only",
  description:
    "Cards carry a one-line `summary` instead of the description (GET /items/{itemId} gives the whole item). " +
    "`next` is an opaque cursor for the following page, bound to the store and category; `total` is the category's item count.",
  ...session,
  request: {
    query: z.object({
      storeId: Id,
      categoryId: Id,
      limit: z.coerce.number().int().min(1).max(PAGE_MAX).optional().meta({ description: `Cards per page (default ${PAGE_SIZE})` }),
      cursor: z.string().max(512).optional().meta({ description: "The `next` of the previous page" }),
    }),
  },
  responses: { 200: json(ItemPage), 400: errorResponse("A cursor that is not this list's"), ...notFound, ...wrongCategory },
});
const one = createRoute({
  method: "get",
  path: "/items/{itemId}",
  summary: "One item, whole (the item form)",
  ...session,
  request: { params: ItemParams, query: z.object({ storeId: Id }) },
  responses: { 200: json(ItemInfo), ...notFound },
});
const toPosition = createRoute({
  method: "post",
  path: "/items/{itemId}/position",
  summary: "Move an item to position N (1-based) of its category",
  description: "Reads at most min(N, total − N) keys of the category to find the place, then writes the item's position.",
  ...session,
  request: { params: ItemParams, ...jsonBody(StoreBody.extend({ position: z.number().int().min(1).max(1_000_000) })) },
  responses: {
    200: json(z.object({ item: ItemCard, index: z.number().int() })),
    400: errorResponse("There is no such position in this category"),
    ...notFound,
  },
});
const search = createRoute({
  method: "get",
  path: "/items/search",
  summary: "Items of the store whose title or translated title contains q (case-insensitive)",
  ...session,
  request: { query: z.object({ storeId: Id, q: z.string().trim().min(1).max(100) }) },
  responses: { 200: json(z.array(SearchHit)), ...notFound },
});
const create = createRoute({
  method: "post",
  path: "/items",
  summary: "Create an item at the end of its category (its kind follows the section)",
  ...session,
  request: jsonBody(CreateItemInput),
  responses: { 201: json(ItemInfo, "Created"), ...badInput, ...notFound, ...wrongCategory },
});
const update = createRoute({
  method: "put",
  path: "/items/{itemId}",
  summary: "Replace an item's title, description, photo, visibility and portions",
  ...session,
  request: { params: ItemParams, ...jsonBody(ItemForm.extend({ store_id: Id })) },
  responses: { 200: json(ItemInfo), ...badInput, ...notFound },
});
const duplicate = createRoute({
  method: "post",
  path: "/items/{itemId}/duplicate",
  summary: "Copy an item (new id) right after the original",
  ...session,
  request: { params: ItemParams, ...jsonBody(StoreBody) },
  responses: { 201: json(ItemInfo, "Created"), ...notFound },
});
const move = createRoute({
  method: "post",
  path: "/items/{itemId}/move",
  summary: "Move an item to the end of another category of the same kind",
  ...session,
  request: { params: ItemParams, ...jsonBody(StoreBody.extend({ category_id: Id })) },
  responses: { 200: json(ItemInfo), ...notFound, ...wrongCategory },
});
const order = createRoute({
  method: "post",
  path: "/items/order",
  summary: "Put a category's items in this order",
  ...session,
  request: jsonBody(SortItemsInput),
  responses: { 200: json(z.array(ItemInfo)), ...notFound, 409: errorResponse("You did not make any changes to the sorting") },
});
const bulk = createRoute({
  method: "post",
  path: "/items/bulk",
  summary: "Hide, show or delete the selected items",
  ...session,
  request: jsonBody(BulkItemsInput),
  responses: {
    200: json(z.object({ action: z.string(), ids: z.array(z.string()) })),
    ...selectionResponses,
  },
});

const soldOut = createRoute({
  method: "post",
  path: "/items/sold-out",
  summary: "Mark the selected items sold out until the store's next opening, or back on sale",
  ...session,
  request: jsonBody(SoldOutInput),
  responses: { 200: json(z.object({ ids: z.array(z.string()), sold_out_until: z.string().optional() })), ...selectionResponses },
});
const marks = createRoute({
  method: "post",
  path: "/items/marks",
  summary: "Add and remove allergens and dietary tags on the selected items",
  ...session,
  request: jsonBody(MarkItemsInput),
  responses: { 200: json(z.object({ ids: z.array(z.string()) })), ...selectionResponses },
});

export const itemRoutes = router()
  .openapi(list, async (c) => {
    const { storeId, categoryId, limit, cursor } = c.req.valid("query");
    return c.json(await listItems({ store_id: storeId, category_id: categoryId, limit, cursor }), 200);
  })
  .openapi(search, async (c) => {
    const { storeId, q } = c.req.valid("query");
    return c.json(await searchItems({ store_id: storeId, q }), 200);
  })
  .openapi(one, async (c) => c.json(await getItem({ store_id: c.req.valid("query").storeId, item_id: c.req.valid("param").itemId }), 200))
  .openapi(create, async (c) => c.json(await createItem(c.req.valid("json")), 201))
  .openapi(order, async (c) => c.json(await sortItems(c.req.valid("json")), 200))
  .openapi(bulk, async (c) => c.json(await bulkItems(c.req.valid("json")), 200))
  .openapi(soldOut, async (c) => c.json(await setSoldOut(c.req.valid("json")), 200))
  .openapi(marks, async (c) => c.json(await markItems(c.req.valid("json")), 200))
  .openapi(update, async (c) => c.json(await updateItem({ ...c.req.valid("json"), item_id: c.req.valid("param").itemId }), 200))
  .openapi(duplicate, async (c) => c.json(await duplicateItem({ ...c.req.valid("json"), item_id: c.req.valid("param").itemId }), 201))
  .openapi(move, async (c) => c.json(await moveItem({ ...c.req.valid("json"), item_id: c.req.valid("param").itemId }), 200))
  .openapi(toPosition, async (c) => c.json(await moveItemToPosition({ ...c.req.valid("json"), item_id: c.req.valid("param").itemId }), 200));
