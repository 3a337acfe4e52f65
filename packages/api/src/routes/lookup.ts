import { createRoute, z } from "@hono/zod-openapi";
import { canManageStore, useActor } from "@menu/core";
import { CsObject, resolveCsObject } from "@menu/core/store/store";
import { QrTarget, resolveQrKey } from "@menu/core/tables/table";
import { notFound } from "@menu/core/shared/errors";
import { errorResponse } from "../errors";
import { router } from "../router";
import { json } from "../openapi";

const qrLookup = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/store-and-company-by-qr-key",
  summary: "Resolve a table QR key to its menu",
  request: { query: z.object({ qrKey: z.string().min(1).max(64) }) },
  responses: {
    200: json(QrTarget, "The table's menu"),
    404: errorResponse("Unknown QR key"),
  },
});

const csObject = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/cs-object",
  summary: "Resolve a /{company}/{store} pair (scope=owned: only among the caller's stores)",
  request: {
    query: z.object({
      companyKey: z.string().min(1).max(64),
      storeKey: z.string().min(1).max(64),
      scope: z.enum(["owned"]).optional(),
    }),
  },
  responses: {
    200: json(CsObject, "Lookup object"),
    404: errorResponse("Unknown pair, or not owned by the caller"),
  },
});

export const lookupRoutes = router()
  .openapi(qrLookup, async (c) => c.json(await resolveQrKey(c.req.valid("query").qrKey), 200))
  .openapi(csObject, async (c) => {
    const { companyKey, storeKey, scope } = c.req.valid("query");
    const pair = await resolveCsObject({ companyKey, storeKey });
    if (scope === "owned" && !canManageStore(useActor(), pair.company_id, pair.store_id)) throw notFound("storeNotFound");
    return c.json(pair, 200);
  });
