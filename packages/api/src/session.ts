/**
 * Sessions and CSRF at the HTTP edge: the session gate of routes, cookies, the client address, and
 * the CSRF guard that every state-changing call passes through. The decisions (who is signed in,
 * what a token is worth) are in @menu/core/auth.
 */
import { AUTH, CSRF_COOKIE, DEVICE_COOKIE, SESSION_COOKIE } from "@menu/core/auth/config";
import { bindCsrf, csrfTokenOf, newCsrf, verifyCsrf } from "@menu/core/auth/csrf";
import { verifyJwt } from "@menu/core/auth/jwt";
import type { IssuedSession } from "@menu/core/auth/sessions";
import { clock, MESSAGES, useActor, UserError, type Role } from "@menu/core";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";

/** The OpenAPI security scheme of routes that need a signed-in user; its scopes name the least role. */
export const SESSION_SCHEME = "session";

const RANK: Record<Role, number> = { store_manager: 0, company_manager: 1, admin: 2 };
/** The answers a route may refuse with, each with its status as core throws it. */
const REFUSALS = { unauthorized: 401, forbidden: 403, notFound: 404, storeNotFound: 404, companyNotFound: 404, userNotFound: 404 } as const;
type Refusal = keyof typeof REFUSALS;
type Session = { security: Record<string, string[]>[]; middleware: MiddlewareHandler };
/** The gate's refusal by the route's `security` (the document lists it among the route's answers: openapi.ts). */
const refusals = new WeakMap<object, Refusal>();
/** What the session gate of a route with this `security` answers the public and users below its role. */
export const gateRefusal = (security: object): { code: Refusal; status: number } | undefined => {
  const code = refusals.get(security);
  return code && { code, status: REFUSALS[code] };
};

/**
 * A route that needs a signed-in user, spread into `createRoute`: its OpenAPI `security` (the
 * scope names the least role) and the middleware that enforces it before the request is read, so a
 * route cannot declare one without the other. The public, and a user below the role, get `refused`:
 * 401 "Sign in required" unless the route's core call refuses them otherwise (most calls on a
 * store, company or user say it was not found, as they say to other tenants), so the gate changes
 * no answer. Both exist on purpose: the gate holds whatever the handler does, and core's policy
 * (shared/policy.ts) holds whatever the route declares, for jobs and scripts too, and is the only
 * one that knows which tenant a call addresses.
 */
export function requiresSession(role?: "store_manager", refused?: Refusal): Session;
export function requiresSession(role: "company_manager" | "admin", refused: Refusal): Session;
export function requiresSession(role?: Role, refused: Refusal = "unauthorized"): Session {
  const security = [{ [SESSION_SCHEME]: role ? [role] : [] }];
  refusals.set(security, refused);
  return {
    security,
    middleware: createMiddleware(async (_c, next) => {
      const actor = useActor();
      const below = actor.type === "public" || (actor.type === "user" && !!role && RANK[actor.role] < RANK[role]);
      if (below) throw new UserError(refused, REFUSALS[refused]);
      await next();
    }),
  };
}

/** Secure cookies whenever the request came over HTTPS (always in the cloud), or when forced. */
export function isHttps(c: Context) {
  if (process.env.COOKIE_SECURE === "true") return true;
  if (process.env.COOKIE_SECURE === "false") return false;
  const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
  return proto ? proto === "https" : new URL(c.req.url).protocol === "https:";
}

/**
 * The origin the viewer used. Behind CloudFront the request reaches the API with API Gateway's host;
 * the viewer's comes as X-Forwarded-Host, set by the distribution (stacks/Web.ts), never the client's.
 * Only for checks of the viewer's own request (same-origin redirects): links that others follow
 * (mails, QR codes) use PUBLIC_BASE_URL, which a request cannot change.
 */
export function viewerOrigin(c: Context) {
  const host = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
  return host ? `${isHttps(c) ? "https" : "http"}://${host}` : new URL(c.req.url).origin;
}

/**
 * The address of `CloudFront-Viewer-Address` ("198.51.100.7:443", "2001:db8::1:443"): the viewer's
 * address as CloudFront saw it, without the port. Undefined when it does not look like one.
 */
export function viewerAddress(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value || value.length > 64) return undefined;
  const colon = value.lastIndexOf(":");
  const address = colon > 0 ? value.slice(0, colon) : "";
  return /^[0-9A-Fa-f.:]+$/.test(address) ? address : undefined;
}

/**
 * The client's address, for per-address rate limits and the session record. Never a header the
 * client can set (X-Forwarded-For is ignored): the socket's peer in the local Node server, API
 * Gateway's `requestContext.http.sourceIp` on Lambda, and CloudFront's `CloudFront-Viewer-Address`
 * only when `TRUST_CLOUDFRONT_VIEWER_ADDRESS=true` says CloudFront is in front and the origin is
 * reachable through it alone (docs/decisions.md).
 */
export function clientIp(c: Context): string {
  if (process.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS === "true") {
    const viewer = viewerAddress(c.req.header("cloudfront-viewer-address"));
    if (viewer) return viewer;
  }
  const env = c.env as
    | { incoming?: { socket?: { remoteAddress?: string } }; requestContext?: { http?: { sourceIp?: string } } }
    | undefined;
  return (env?.incoming?.socket?.remoteAddress ?? env?.requestContext?.http?.sourceIp ?? "unknown").slice(0, 64);
}

export const requestContext = (c: Context) => ({ ip: clientIp(c), user_agent: c.req.header("user-agent") });

const baseCookie = (c: Context) => ({ httpOnly: true, sameSite: "Lax" as const, path: "/", secure: isHttps(c) });

/**
 * The session cookie: a browser-session cookie, or with "remember me" one that lasts until the
 * session expires. A new session (sign-in, password change) moves the CSRF token to it.
 */
export async function setSessionCookie(c: Context, session: IssuedSession) {
  setCookie(c, SESSION_COOKIE, session.token, {
    ...baseCookie(c),
    ...(session.remember ? { expires: session.expires, maxAge: Math.floor((session.expires.getTime() - clock.now().getTime()) / 1000) } : {}),
  });
  await rebindCsrf(c, session.jti);
}

/** Signs the browser out; its CSRF token stays usable for what a visitor may do (signing in again). */
export async function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, baseCookie(c));
  await rebindCsrf(c, "");
}

export const sessionCookieOf = (c: Context) => getCookie(c, SESSION_COOKIE);

/**
 * What the CSRF token of this request is bound to: the jti of a well-signed session cookie (live
 * or not: a signed-out browser keeps its token until it drops the cookie), else "" (a visitor).
 */
async function csrfBinding(c: Context) {
  const cookie = sessionCookieOf(c);
  return (cookie && (await verifyJwt(cookie, "session"))?.jti) || "";
}

/** The device cookie of a successful sign-in (see @menu/core/auth/device): only the auth calls get it back. */
export const deviceCookieOf = (c: Context) => getCookie(c, DEVICE_COOKIE);

export function setDeviceCookie(c: Context, value: string) {
  setCookie(c, DEVICE_COOKIE, value, { ...baseCookie(c), path: "/api/auth", sameSite: "Strict", maxAge: Math.floor(AUTH.deviceTtlMs / 1000) });
}

/**
 * Moves the request's CSRF token (if its cookie is valid for the request's session) to another
 * session: the same token, so the page that holds it keeps working, but a token taken before can
 * never be used with another session's cookie.
 */
async function rebindCsrf(c: Context, binding: string) {
  const token = await csrfTokenOf(getCookie(c, CSRF_COOKIE), await csrfBinding(c));
  if (token) setCookie(c, CSRF_COOKIE, await bindCsrf(token, binding), baseCookie(c));
}

/** GET /api/auth/csrf: the token of the current CSRF cookie (bound to this session), or a new cookie and token. */
export async function csrfTokenFor(c: Context) {
  const binding = await csrfBinding(c);
  const existing = await csrfTokenOf(getCookie(c, CSRF_COOKIE), binding);
  if (existing) return existing;
  const { token, cookie } = await newCsrf(binding);
  setCookie(c, CSRF_COOKIE, cookie, baseCookie(c));
  return token;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isForm = (c: Context) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header("content-type") ?? "");

/**
 * Every state-changing call that could act with a user's rights needs the CSRF token: any call
 * carrying the session cookie, and every auth call (sign-in, sign-out, registration, reset, …).
 * The token comes in the `x-csrf-token` header, or as the `csrfToken` field of a form, and must be
 * the one bound to the request's session (see `csrfBinding`). Without a token sign-out answers 400
 * "Could not fetch CSRF Token for signing out"; anything else 403 `csrfInvalid` (so the SPA fetches
 * the token again and retries). Calls without the cookie run as the public (or with an explicit
 * bearer token) and need none.
 *
 * Runs after the actor is resolved: a state-changing call (other than the auth calls) whose session
 * cookie no longer names a live session (signed out, ended by a password change, expired) answers
 * 401 "Sign in required" and drops the cookie, instead of running as the public.
 */
export const csrfGuard = createMiddleware(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const path = c.req.path;
  const isAuthCall = path.startsWith("/api/auth/");
  const hasSession = !!sessionCookieOf(c);
  if (!isAuthCall && !hasSession) return next();
  if (!isAuthCall && useActor().type === "public") {
    deleteCookie(c, SESSION_COOKIE, baseCookie(c));
    return c.json({ code: "unauthorized", message: MESSAGES.unauthorized }, 401);
  }
  let submitted = c.req.header("x-csrf-token");
  if (!submitted && isForm(c)) {
    const form = await c.req.formData().catch(() => undefined);
    const field = form?.get("csrfToken");
    submitted = typeof field === "string" ? field : undefined;
  }
  if (await verifyCsrf(getCookie(c, CSRF_COOKIE), submitted, await csrfBinding(c))) return next();
  if (path === "/api/auth/signout" && !submitted) return c.json({ code: "csrfSignOut", message: MESSAGES.csrfSignOut }, 400);
  return c.json({ code: "csrfInvalid", message: MESSAGES.csrfInvalid }, 403);
});

/**
 * 413 with the readable message, when a body is over its route's limit. The rest of the body is
 * not read, so the connection is closed after the answer (`Connection: close`): a client never
 * sends its next request on a socket the server is about to drop.
 */
export function tooLarge(c: Context, code: "payloadTooLarge" | "imageTooLarge") {
  c.header("Connection", "close");
  return c.json({ code, message: MESSAGES[code] }, 413);
}
