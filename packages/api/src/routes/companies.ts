import { createRoute, z } from "@hono/zod-openapi";
import { CompanyInfo, companyById } from "@menu/core/company/company";
import { errorResponse } from "../errors";
import { router } from "../router";
import { json } from "../openapi";

const single = createRoute({
  // Public: guests may call it (the tenant-isolation matrix treats undeclared routes as protected).
  security: [],
  method: "get",
  path: "/companies/single",
  summary: "One company by id",
  request: { query: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: json(CompanyInfo, "The company"),
    404: errorResponse("Company not found"),
  },
});

export const companyRoutes = router().openapi(single, async (c) => c.json(await companyById(c.req.valid("query").id), 200));
