/** The OpenAPI pieces every route file describes its operations with. */
import type { z } from "@hono/zod-openapi";

/** A JSON response: `responses: { 200: json(Schema) }`. */
export const json = <S extends z.ZodType>(schema: S, description = "OK") => ({ description, content: { "application/json": { schema } } });

/** A required JSON request body: `request: jsonBody(Schema)`, or `request: { params, ...jsonBody(Schema) }`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ body: { required: true, content: { "application/json": { schema } } } });

/** A required form body (the sign-in and sign-out forms post `application/x-www-form-urlencoded`). */
export const formBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { "application/x-www-form-urlencoded": { schema } } });

/** `security: PUBLIC`: no session needed (the tenant-isolation matrix then only smoke-tests the route). */
export const PUBLIC: [] = [];
