import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/**
 * In the cloud CloudFront adds this header with a secret to every request it sends to the API
 * (stacks/Web.ts), so only requests that passed CloudFront (its WAF, its TLS policy, its headers) get
 * in: the execute-api URL alone answers 403. Locally there is no secret and no check.
 */
export const ORIGIN_SECRET_HEADER = "x-origin-verify";

/**
 * The values the API accepts. In the cloud the secret is Secrets Manager's JSON
 * `{"current": …, "previous": …}`: during a rotation (scripts/secret-rotate.ts) CloudFront may still
 * send the previous value while the new one reaches its edges, so both are let in until the rotation's
 * second deploy drops the previous. A plain string (a secret from before rotation existed) is the one value.
 */
export function acceptedOriginSecrets(secret: string | undefined): string[] {
  if (!secret) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    return [secret];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [secret];
  const values = Object.values(parsed).filter((v): v is string => typeof v === "string" && v.length > 0);
  // A JSON secret without a usable value would let everyone in: refuse to start instead.
  if (!values.length) throw new Error("The origin secret holds no value");
  return [...new Set(values)];
}

export function originGuard(secret: string | undefined): MiddlewareHandler {
  const accepted = acceptedOriginSecrets(secret).map((value) => Buffer.from(value));
  if (!accepted.length) return (_c, next) => next();
  return async (c, next) => {
    const sent = Buffer.from(c.req.header(ORIGIN_SECRET_HEADER) ?? "");
    // Every value is compared (no early exit), each in constant time.
    let ok = false;
    for (const value of accepted) if (sent.length === value.length && timingSafeEqual(sent, value)) ok = true;
    if (!ok) return c.json({ code: "forbidden", message: "Access denied" }, 403);
    return next();
  };
}
