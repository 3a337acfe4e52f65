import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/**
 * In the cloud CloudFront adds this header with a secret to every request it sends to the API
 * (stacks/Web.ts), so only requests that passed CloudFront (its WAF, its TLS policy, its headers) get
 * in: the execute-api URL alone answers 403. Locally there is no secret and no check.
 */
export const ORIGIN_SECRET_HEADER = "x-origin-verify";

export function originGuard(secret: string | undefined): MiddlewareHandler {
  if (!secret) return (_c, next) => next();
  const expected = Buffer.from(secret);
  return async (c, next) => {
    const sent = Buffer.from(c.req.header(ORIGIN_SECRET_HEADER) ?? "");
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
      return c.json({ code: "forbidden", message: "Access denied" }, 403);
    }
    return next();
  };
}
