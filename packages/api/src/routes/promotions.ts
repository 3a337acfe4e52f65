import { createRoute, z } from "@hono/zod-openapi";
import {
  BulkPromotionsInput,
  bulkPromotions,
  CreatePromotionInput,
  createPromotion,
  deletePromotion,
  listPromotions,
  PromotionInfo,
  SortPromotionsInput,
  sortPromotions,
  updatePromotion,
} from "@menu/core/promotion/manage";
import { PromotionForm } from "@menu/core/promotion/schemas";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** Promotions of a store: every staff role of the store. */
const session = requiresSession("store_manager", "storeNotFound");
const Id = z.string().min(1).max(64);
const PromotionParams = z.object({ promotionId: Id });
const notFound = { 404: errorResponse("Store, category or promotion not found") };
const badInput = { 400: errorResponse("Invalid input (the field and the specification's message)") };
const wrongCategory = { 409: errorResponse("The category is not a promotions category") };

const list = createRoute({
  method: "get",
  path: "/promotions",
  summary: "A promotions category's promotions in order (hidden ones included)",
  ...session,
  request: { query: z.object({ storeId: Id, categoryId: Id }) },
  responses: { 200: json(z.array(PromotionInfo)), ...notFound, ...wrongCategory },
});
const create = createRoute({
  method: "post",
  path: "/promotions",
  summary: "Create a promotion at the end of its category",
  ...session,
  request: jsonBody(CreatePromotionInput),
  responses: { 201: json(PromotionInfo, "Created"), ...badInput, ...notFound, ...wrongCategory },
});
const update = createRoute({
  method: "put",
  path: "/promotions/{promotionId}",
  summary: "Replace a promotion's header, description, banner and visibility",
  ...session,
  request: { params: PromotionParams, ...jsonBody(PromotionForm.extend({ store_id: Id })) },
  responses: { 200: json(PromotionInfo), ...badInput, ...notFound },
});
const remove = createRoute({
  method: "delete",
  path: "/promotions/{promotionId}",
  summary: "Delete a promotion",
  ...session,
  request: { params: PromotionParams, query: z.object({ storeId: Id }) },
  responses: { 200: json(z.object({ id: z.string() }), "Deleted"), ...notFound },
});
const order = createRoute({
  method: "post",
  path: "/promotions/order",
  summary: "Put a category's promotions in this order",
  ...session,
  request: jsonBody(SortPromotionsInput),
  responses: { 200: json(z.array(PromotionInfo)), ...notFound, 409: errorResponse("You did not make any changes to the sorting") },
});
const bulk = createRoute({
  method: "post",
  path: "/promotions/bulk",
  summary: "Hide, show or delete the selected promotions",
  ...session,
  request: jsonBody(BulkPromotionsInput),
  responses: {
    200: json(z.object({ action: z.string(), ids: z.array(z.string()) })),
    400: errorResponse("You need to select at least one item"),
    ...notFound,
  },
});

export const promotionRoutes = router()
  .openapi(list, async (c) => {
    const { storeId, categoryId } = c.req.valid("query");
    return c.json(await listPromotions({ store_id: storeId, category_id: categoryId }), 200);
  })
  .openapi(create, async (c) => c.json(await createPromotion(c.req.valid("json")), 201))
  .openapi(order, async (c) => c.json(await sortPromotions(c.req.valid("json")), 200))
  .openapi(bulk, async (c) => c.json(await bulkPromotions(c.req.valid("json")), 200))
  .openapi(update, async (c) => c.json(await updatePromotion({ ...c.req.valid("json"), promotion_id: c.req.valid("param").promotionId }), 200))
  .openapi(remove, async (c) => c.json(await deletePromotion({ store_id: c.req.valid("query").storeId, promotion_id: c.req.valid("param").promotionId }), 200));
