/** The OpenAPI pieces shared by the auth routes. */
import type { z } from "@hono/zod-openapi";

/** OpenAPI: no session needed (the tenant-isolation matrix then only smoke-tests the route). */
export const PUBLIC: [] = [];
export const formBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema } },
});
