/**
 * Sessions and CSRF at the HTTP edge: cookies, the client address, and the CSRF guard that every
 * state-changing call passes through. The decisions (who is signed in, what a token is worth) are
 * in @menu/core/auth.
 */
import { CSRF_COOKIE, SESSION_COOKIE } from "@menu/core/auth/config";
import { csrfTokenOf, newCsrf, verifyCsrf } from "@menu/core/auth/csrf";
import type { IssuedSession } from "@menu/core/auth/sessions";
import { clock, MESSAGES } from "@menu/core";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";

/** The OpenAPI security scheme of routes that need a signed-in user; its scopes name the least role. */
export const SESSION_SCHEME = "session";
export const requiresSession = (role?: "admin" | "company_manager" | "store_manager") => [
  { [SESSION_SCHEME]: role ? [role] : [] },
];

/** Secure cookies whenever the request came over HTTPS (always in the cloud), or when forced. */
export function isHttps(c: Context) {
  if (process.env.COOKIE_SECURE === "true") return true;
  if (process.env.COOKIE_SECURE === "false") return false;
  const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
  return proto ? proto === "https" : new URL(c.req.url).protocol === "https:";
}

/** The client's address: the first x-forwarded-for entry, else the socket (Node) or API Gateway's source IP. */
export function clientIp(c: Context): string {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; requestContext?: { http?: { sourceIp?: string } } }
    | undefined;
  return env?.incoming?.socket?.remoteAddress ?? env?.requestContext?.http?.sourceIp ?? "unknown";
}

export const requestContext = (c: Context) => ({ ip: clientIp(c), user_agent: c.req.header("user-agent") });

const baseCookie = (c: Context) => ({ httpOnly: true, sameSite: "Lax" as const, path: "/", secure: isHttps(c) });

/** The session cookie: a browser-session cookie, or with "remember me" one that lasts until the session expires. */
export function setSessionCookie(c: Context, session: IssuedSession) {
  setCookie(c, SESSION_COOKIE, session.token, {
    ...baseCookie(c),
    ...(session.remember ? { expires: session.expires, maxAge: Math.floor((session.expires.getTime() - clock.now().getTime()) / 1000) } : {}),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, baseCookie(c));
}

export const sessionCookieOf = (c: Context) => getCookie(c, SESSION_COOKIE);

/** GET /api/auth/csrf: the token of the current CSRF cookie, or a new cookie and token. */
export async function csrfTokenFor(c: Context) {
  const existing = await csrfTokenOf(getCookie(c, CSRF_COOKIE));
  if (existing) return existing;
  const { token, cookie } = await newCsrf();
  setCookie(c, CSRF_COOKIE, cookie, baseCookie(c));
  return token;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isForm = (c: Context) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header("content-type") ?? "");

/**
 * Every state-changing call that could act with a user's rights needs the CSRF token: any call
 * carrying the session cookie, and every auth call (sign-in, sign-out, registration, reset, …).
 * The token comes in the `x-csrf-token` header, or as the `csrfToken` field of a form. Without it
 * sign-out answers 400 "Could not fetch CSRF Token for signing out"; anything else 403.
 * Calls without the cookie run as the public (or with an explicit bearer token) and need none.
 */
export const csrfGuard = createMiddleware(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const path = c.req.path;
  if (!path.startsWith("/api/auth/") && !sessionCookieOf(c)) return next();
  let submitted = c.req.header("x-csrf-token");
  if (!submitted && isForm(c)) {
    const form = await c.req.formData().catch(() => undefined);
    const field = form?.get("csrfToken");
    submitted = typeof field === "string" ? field : undefined;
  }
  if (await verifyCsrf(getCookie(c, CSRF_COOKIE), submitted)) return next();
  if (path === "/api/auth/signout") return c.json({ code: "csrfSignOut", message: MESSAGES.csrfSignOut }, 400);
  return c.json({ code: "csrfInvalid", message: MESSAGES.csrfInvalid }, 403);
});
