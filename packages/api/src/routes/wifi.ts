import { createRoute, z } from "@hono/zod-openapi";
import { WifiFields } from "@menu/core/shared/wifi-payload";
import { saveWifi, wifiOf, WifiState } from "@menu/core/wifi/wifi";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession("store_manager", "storeNotFound");

const get = createRoute({
  method: "get",
  path: "/wifi",
  summary: "The store's Wi-Fi network, its WIFI: payload, and whether the plan allows the Wi-Fi QR",
  ...session,
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: { 200: json(WifiState), 404: errorResponse("Store not found") },
});
const put = createRoute({
  method: "put",
  path: "/wifi",
  summary: "Save the Wi-Fi network (premium plans; 409 otherwise)",
  ...session,
  request: jsonBody(WifiFields),
  responses: { 200: json(WifiState), 409: errorResponse("This feature is available on the premium plans"), 404: errorResponse("Store not found") },
});

export const wifiRoutes = router()
  .openapi(get, async (c) => c.json(await wifiOf(c.req.valid("query").storeId), 200))
  .openapi(put, async (c) => c.json(await saveWifi(c.req.valid("json")), 200));
