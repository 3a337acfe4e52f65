import { createRoute, z } from "@hono/zod-openapi";
import { companyDirectory, DirectoryPage } from "@menu/core/store/directory";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json } from "../openapi";

const companies = createRoute({
  method: "get",
  path: "/operator/companies",
  summary: "Operator view: all companies (newest first) with their stores, a page at a time",
  ...requiresSession("admin", "notFound"),
  request: {
    query: z.object({
      cursor: z.string().max(2048).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: json(DirectoryPage, "A page of companies"),
    404: errorResponse("Not an admin"),
  },
});

export const operatorRoutes = router().openapi(companies, async (c) => c.json(await companyDirectory(c.req.valid("query")), 200));
