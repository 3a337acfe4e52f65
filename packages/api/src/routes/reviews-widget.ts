import { createRoute, z } from "@hono/zod-openapi";
import { removeReviewsWidget, reviewsWidgetOf, ReviewsWidgetState, saveReviewsWidget } from "@menu/core/reviews/reviews";
import { ReviewsWidgetInput } from "@menu/core/reviews/widget";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession("store_manager", "storeNotFound");
const StoreQuery = z.object({ storeId: z.string().min(1).max(64) });

const get = createRoute({
  method: "get",
  path: "/reviews-widget",
  summary: "The store's reviews widget (organisation id) and whether the plan allows it",
  ...session,
  request: { query: StoreQuery },
  responses: { 200: json(ReviewsWidgetState), 404: errorResponse("Store not found") },
});
const put = createRoute({
  method: "put",
  path: "/reviews-widget",
  summary: "Save the reviews widget from the pasted code; only the organisation id is kept (premium plans; 409 otherwise)",
  ...session,
  request: jsonBody(ReviewsWidgetInput),
  responses: {
    200: json(ReviewsWidgetState),
    400: errorResponse("Incorrect Yandex.Reviews widget format"),
    409: errorResponse("This feature is available on the premium plans"),
    404: errorResponse("Store not found"),
  },
});
const remove = createRoute({
  method: "delete",
  path: "/reviews-widget",
  summary: "Remove the reviews widget (any plan)",
  ...session,
  request: { query: StoreQuery },
  responses: { 200: json(ReviewsWidgetState), 404: errorResponse("Store not found") },
});

export const reviewsWidgetRoutes = router()
  .openapi(get, async (c) => c.json(await reviewsWidgetOf(c.req.valid("query").storeId), 200))
  .openapi(put, async (c) => c.json(await saveReviewsWidget(c.req.valid("json")), 200))
  .openapi(remove, async (c) => c.json(await removeReviewsWidget(c.req.valid("query").storeId), 200));
