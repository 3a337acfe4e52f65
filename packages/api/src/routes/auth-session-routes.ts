/** The NextAuth-shaped auth calls (providers, csrf, session, signin/callback, signout) and the sign-in behind them. */
import { createRoute, z } from "@hono/zod-openapi";
import { UserError } from "@menu/core";
import { signInWithPassword } from "@menu/core/auth/credentials";
import type { Context } from "hono";
import { errorResponse } from "../errors";
import { deviceCookieOf, requestContext, setDeviceCookie, setSessionCookie, viewerOrigin } from "../session";
import { formBody, json, PUBLIC } from "../openapi";

export const PROVIDER = "credentials";

/** Only paths of this site: an absolute URL of another origin (or `//host`) becomes "/". */
export function safeCallbackUrl(value: string | undefined, c: Context) {
  if (!value) return "/";
  try {
    const own = viewerOrigin(c);
    const url = new URL(value, own);
    if (url.origin !== own) return "/";
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("/") && !path.startsWith("//") ? path : "/";
  } catch {
    return "/";
  }
}

export const truthy = (value: string | undefined) => value === "true" || value === "on" || value === "1";

const Provider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal("credentials"),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});

export const providers = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/providers",
  summary: "Sign-in providers (e-mail and password only)",
  responses: { 200: json(z.record(z.string(), Provider), "Providers by id") },
});

export const csrf = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/csrf",
  summary: "The CSRF token every state-changing call must send back (sets its cookie)",
  responses: { 200: json(z.object({ csrfToken: z.string() }), "The token") },
});

const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "company_manager", "store_manager"]),
  company_id: z.string(),
  store_id: z.string(),
});
const SessionAnswer = z.object({ user: SessionUser.optional(), expires: z.string().optional() });

export const session = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/session",
  summary: "The current session (empty when signed out); renews the session when it is half used",
  request: { query: z.object({ callbackUrl: z.string().max(2048).optional() }) },
  responses: { 200: json(SessionAnswer, "Session data, or {} when signed out") },
});

const SignInFormBody = z.object({
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2048).optional(),
  json: z.string().max(10).optional(),
  email: z.string().max(320),
  password: z.string().max(200),
  remember: z.string().max(10).optional(),
});

export const signInRoute = <P extends string>(path: P) =>
  createRoute({
    security: PUBLIC,
    method: "post",
    path,
    summary: "Sign in with e-mail and password (form-encoded; json=true answers JSON instead of redirecting)",
    request: { params: z.object({ provider: z.enum([PROVIDER]) }), body: formBody(SignInFormBody) },
    responses: {
      200: json(
        z.object({
          url: z.string(),
          failed_sign_ins: z.number().int().positive().optional().describe("Wrong passwords given for the account since its last sign-in, when any"),
        }),
        "Signed in; the session and device cookies are set",
      ),
      302: { description: "Signed in (or not) without json=true: redirect to callbackUrl (or back to /login)" },
      401: errorResponse("Incorrect login or password"),
      403: errorResponse("E-mail not confirmed yet, or CSRF token missing"),
      429: errorResponse("Too many failed attempts"),
    },
  });

export const signOut = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/signout",
  summary: "Sign out: ends the session at once (form-encoded with csrfToken)",
  request: {
    body: formBody(
      z.object({ csrfToken: z.string().max(200).optional(), callbackUrl: z.string().max(2048).optional(), json: z.string().max(10).optional() }),
    ),
  },
  responses: {
    200: json(z.object({ url: z.string() }), "Signed out"),
    302: { description: "Signed out, without json=true: redirect to callbackUrl" },
    400: errorResponse("Could not fetch CSRF Token for signing out"),
  },
});

export async function signIn(c: Context, form: z.infer<typeof SignInFormBody>) {
  const url = safeCallbackUrl(form.callbackUrl, c);
  const asJson = truthy(form.json);
  try {
    const { session, device, failed_sign_ins } = await signInWithPassword(
      { email: form.email, password: form.password, remember: truthy(form.remember) },
      { ...requestContext(c), device: deviceCookieOf(c) },
    );
    await setSessionCookie(c, session);
    setDeviceCookie(c, device);
    return asJson ? c.json(failed_sign_ins ? { url, failed_sign_ins } : { url }, 200) : c.redirect(url, 302);
  } catch (error) {
    if (!asJson && error instanceof UserError) {
      return c.redirect(`/login?error=${encodeURIComponent(error.code)}&redirect=${encodeURIComponent(url)}`, 302);
    }
    throw error;
  }
}
