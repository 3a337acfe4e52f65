import { createRoute, z } from "@hono/zod-openapi";
import { GuestMenu, guestMenu } from "@menu/core/menu/menu";
import { StoreSettings, storeSettings } from "@menu/core/store/store";
import { errorResponse } from "../errors";
import { router } from "../router";

const settings = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/store-settings",
  summary: "A store's settings as guests and staff read them",
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: {
    200: { description: "Store settings", content: { "application/json": { schema: StoreSettings } } },
    404: errorResponse("Store not found"),
  },
});

const menu = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/menu",
  summary: "A store's guest menu: settings, visible categories and items",
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: {
    200: { description: "Guest menu", content: { "application/json": { schema: GuestMenu } } },
    404: errorResponse("Store not found"),
  },
});

export const storeRoutes = router()
  .openapi(settings, async (c) => c.json(await storeSettings(c.req.valid("query").storeId), 200))
  .openapi(menu, async (c) => c.json(await guestMenu(c.req.valid("query").storeId), 200));
