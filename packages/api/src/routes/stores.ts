import { createRoute, z } from "@hono/zod-openapi";
import { StoreSettings, storeSettings } from "@menu/core/store/store";
import { errorResponse } from "../errors";
import { router } from "../router";

const settings = createRoute({
  method: "get",
  path: "/store-settings",
  summary: "A store's settings as guests and staff read them",
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: {
    200: { description: "Store settings", content: { "application/json": { schema: StoreSettings } } },
    404: errorResponse("Store not found"),
  },
});

export const storeRoutes = router().openapi(settings, async (c) =>
  c.json(await storeSettings(c.req.valid("query").storeId), 200),
);
