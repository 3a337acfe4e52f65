import { randomBytes } from "node:crypto";
import { hmac, safeEqual } from "./keys";

/**
 * CSRF protection by a signed double-submit token: GET /api/auth/csrf sets an httpOnly cookie
 * `<token>.<hmac>` and answers `<token>`; a state-changing call sends the token back (header
 * `x-csrf-token`, or the `csrfToken` form field of the auth calls). Another site can neither read
 * the token nor forge a cookie that matches a token of its choice.
 */
export async function newCsrf() {
  const token = randomBytes(24).toString("base64url");
  return { token, cookie: `${token}.${await hmac(`csrf:${token}`)}` };
}

/** The token inside a CSRF cookie, if the cookie is authentic. */
export async function csrfTokenOf(cookie: string | undefined) {
  if (!cookie) return undefined;
  const dot = cookie.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = cookie.slice(0, dot);
  return safeEqual(cookie.slice(dot + 1), await hmac(`csrf:${token}`)) ? token : undefined;
}

export async function verifyCsrf(cookie: string | undefined, submitted: string | undefined) {
  if (!submitted) return false;
  const token = await csrfTokenOf(cookie);
  return !!token && safeEqual(token, submitted);
}
