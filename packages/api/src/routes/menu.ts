import { createRoute, z } from "@hono/zod-openapi";
import { CategoryInfo, severalCategories } from "@menu/core/category/category";
import { ItemInfo, severalItems } from "@menu/core/item/item";
import { SeveralIds } from "@menu/core/shared/several-get";
import { errorResponse } from "../errors";
import { router } from "../router";
import { json, jsonBody } from "../openapi";

const severalRoute = <P extends string, S extends z.ZodType>(path: P, summary: string, schema: S) =>
  createRoute({
    // Public: guests may call it (hidden records only reach the store's staff).
    security: [],
    method: "post",
    path,
    summary,
    request: jsonBody(SeveralIds),
    responses: {
      200: json(z.array(schema), "The records the caller may see"),
      400: errorResponse("Bad input"),
    },
  });

export const menuRoutes = router()
  .openapi(severalRoute("/products/several-get", "Items (products, hookahs, games) by id", ItemInfo), async (c) =>
    c.json(await severalItems(c.req.valid("json")), 200),
  )
  .openapi(severalRoute("/categories/several-get", "Categories by id", CategoryInfo), async (c) =>
    c.json(await severalCategories(c.req.valid("json")), 200),
  );
