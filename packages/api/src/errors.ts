import { z } from "@hono/zod-openapi";
import { MESSAGES, UserError } from "@menu/core";
import { isWriteConflict } from "@menu/core/shared/conflict";
import { isOverload } from "@menu/core/shared/overload";
import type { Hook } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";

/** Every error answer: the message key (for the SPA's catalogs) and the specification's text. */
export const ErrorBody = z
  .object({
    code: z.string().describe("The message key (the SPA's catalogs translate it), e.g. `valueIncorrect`, `storeNotFound`"),
    message: z.string().describe("The specification's text; for invalid input (`valueIncorrect`), each field and its reason: `field.path: reason; …`"),
    details: z.record(z.string(), z.unknown()).optional().describe("What some refusals concern, e.g. `{ field }`"),
  })
  .openapi("Error");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
});

const describeZod = (error: ZodError) =>
  error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");

/** Input that fails its schema is a 400 with the fields and reasons, never a 500. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the hook serves every route's input and env
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json({ code: "valueIncorrect", message: describeZod(result.error as ZodError) }, 400);
  }
};

/** How long a caller told "busy" (503) waits before trying again. */
const RETRY_AFTER_SECONDS = "5";

/** The one error mapper: user errors carry their message; anything unexpected is logged and hidden. */
export function mapError(error: Error, c: Context) {
  if (error instanceof UserError) {
    const details = error.details === undefined ? {} : { details: error.details };
    if (error.status === 503) c.header("Retry-After", RETRY_AFTER_SECONDS);
    return c.json({ code: error.code, message: error.message, ...details }, error.status);
  }
  if (isOverload(error)) {
    console.warn("Database overloaded", error.name);
    c.header("Retry-After", RETRY_AFTER_SECONDS);
    return c.json({ code: "serviceBusy", message: MESSAGES.serviceBusy }, 503);
  }
  if (error instanceof ZodError) return c.json({ code: "valueIncorrect", message: describeZod(error) }, 400);
  if (isWriteConflict(error)) {
    // A concurrent request changed the data first: the caller may reload and try again.
    console.warn("Write conflict", error instanceof Error ? error.message : error);
    return c.json({ code: "requestFailed", message: MESSAGES.requestFailed }, 409);
  }
  if (error instanceof HTTPException) {
    const status = error.status >= 500 ? 500 : error.status;
    return c.json({ code: "requestFailed", message: error.message || MESSAGES.requestFailed }, status);
  }
  console.error("Unhandled API error", error);
  return c.json({ code: "somethingWentWrong", message: MESSAGES.somethingWentWrong }, 500);
}
