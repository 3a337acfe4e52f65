import { createRoute, z } from "@hono/zod-openapi";
import { GuestMenu, guestMenu } from "@menu/core/menu/menu";
import { StoreSettings } from "@menu/core/store/store";
import { companyStores, CreateCompanyStore, createCompanyStore, StoreSummary } from "@menu/core/settings/company-stores";
import { storeSettings, UpdateStoreSettings, updateStoreSettings } from "@menu/core/settings/store-settings";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** settings/stores: company managers and admins (SPEC section 6). */
const companyManager = requiresSession("company_manager", "companyNotFound");

const updateSettings = createRoute({
  ...requiresSession("store_manager", "storeNotFound"),
  method: "put",
  path: "/store-settings",
  summary: "Save settings/store (a new URL name keeps the old links working by redirect); republishes the menu",
  request: jsonBody(UpdateStoreSettings),
  responses: {
    200: json(StoreSettings),
    400: errorResponse("Invalid input"),
    404: errorResponse("Store not found"),
    409: errorResponse("Store URL name already exists, or a language beyond the plan"),
  },
});

const listStores = createRoute({
  ...companyManager,
  method: "get",
  path: "/stores",
  summary: "settings/stores: the company's stores with their subscription status",
  request: { query: z.object({ companyId: z.string().min(1).max(64) }) },
  responses: { 200: json(z.array(StoreSummary)), 404: errorResponse("Company not found") },
});

const createStoreRoute = createRoute({
  ...companyManager,
  method: "post",
  path: "/stores",
  summary: "Create a store (only when every paid subscription of the company is paid); it starts its 3-day preparation",
  request: jsonBody(CreateCompanyStore),
  responses: {
    201: json(StoreSummary, "Created"),
    404: errorResponse("Company not found"),
    409: errorResponse("Store URL name already exists, or an unpaid subscription"),
  },
});

const settings = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/store-settings",
  summary: "A store's settings as guests and staff read them",
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: {
    200: json(StoreSettings, "Store settings"),
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
    200: json(GuestMenu, "Guest menu"),
    404: errorResponse("Store not found"),
  },
});

export const storeRoutes = router()
  .openapi(settings, async (c) => c.json(await storeSettings(c.req.valid("query").storeId), 200))
  .openapi(menu, async (c) => c.json(await guestMenu(c.req.valid("query").storeId), 200))
  .openapi(updateSettings, async (c) => c.json(await updateStoreSettings(c.req.valid("json")), 200))
  .openapi(listStores, async (c) => c.json(await companyStores(c.req.valid("query").companyId), 200))
  .openapi(createStoreRoute, async (c) => c.json(await createCompanyStore(c.req.valid("json")), 201));
