import { createRoute, z } from "@hono/zod-openapi";
import { companyDirectory, DirectoryPage } from "@menu/core/company/directory";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";

const companies = createRoute({
  method: "get",
  path: "/operator/companies",
  summary: "Operator view: all companies (newest first) with their stores, a page at a time",
  security: requiresSession("admin"),
  request: {
    query: z.object({
      cursor: z.string().max(2048).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: { description: "A page of companies", content: { "application/json": { schema: DirectoryPage } } },
    404: errorResponse("Not an admin"),
  },
});

export const operatorRoutes = router().openapi(companies, async (c) => c.json(await companyDirectory(c.req.valid("query")), 200));
