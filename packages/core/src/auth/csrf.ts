import { randomBytes } from "node:crypto";
import { hmac, safeEqual } from "./keys";

/**
 * CSRF protection by a signed double-submit token bound to the session: GET /api/auth/csrf sets an
 * httpOnly cookie `<token>.<hmac>` and answers `<token>`; a state-changing call sends the token
 * back (header `x-csrf-token`, or the `csrfToken` form field of the auth calls). The HMAC covers
 * the token and the session it belongs to (`binding`: the jti of the session cookie, "" for a
 * visitor without one), so a cookie and token pair obtained without a session (or in another one)
 * is worth nothing next to a signed-in user's session cookie. Another site can neither read the
 * token nor forge a cookie that matches a token of its choice.
 */
const mac = (token: string, binding: string) => hmac(`csrf:${binding}:${token}`);

export async function newCsrf(binding = "") {
  const token = randomBytes(24).toString("base64url");
  return { token, cookie: await bindCsrf(token, binding) };
}

/** The cookie of a token bound to a session (sign-in, sign-out and a new session keep the token and move its binding). */
export async function bindCsrf(token: string, binding = "") {
  return `${token}.${await mac(token, binding)}`;
}

/** The token inside a CSRF cookie, if the cookie is authentic and bound to `binding`. */
export async function csrfTokenOf(cookie: string | undefined, binding = "") {
  if (!cookie || cookie.length > 200) return undefined;
  const dot = cookie.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = cookie.slice(0, dot);
  return safeEqual(cookie.slice(dot + 1), await mac(token, binding)) ? token : undefined;
}

export async function verifyCsrf(cookie: string | undefined, submitted: string | undefined, binding = "") {
  if (!submitted) return false;
  const token = await csrfTokenOf(cookie, binding);
  return !!token && safeEqual(token, submitted);
}
