import { OpenAPIHono } from "@hono/zod-openapi";
import { validationHook } from "./errors";

/** A resource router: every router shares the validation hook so bad input reads the same everywhere. */
export const router = () => new OpenAPIHono({ defaultHook: validationHook });
