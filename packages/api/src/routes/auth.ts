/**
 * The auth calls of SPEC.md section 7 under /api/auth (providers, csrf, session, signin/callback,
 * signout; form-encoded like the original client sends them), plus registration, e-mail
 * confirmation, invitations and password reset.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { UserError } from "@menu/core";
import { signInWithPassword } from "@menu/core/auth/credentials";
import { requestPasswordReset, resetPassword } from "@menu/core/auth/password-reset";
import {
  acceptInvitation,
  availability,
  AvailabilityAnswer,
  confirmEmail,
  invitation,
  InvitationInfo,
  registerOrganization,
} from "@menu/core/auth/registration";
import {
  AcceptInvitation,
  Availability,
  ConfirmEmail,
  ForgotPassword,
  LinkToken,
  RegisterOrganization,
  ResetPassword,
} from "@menu/core/auth/schemas";
import { endSession, renewIfDue, sessionFromJwt } from "@menu/core/auth/sessions";
import type { Context } from "hono";
import { errorResponse } from "../errors";
import { router } from "../router";
import {
  clearSessionCookie,
  csrfTokenFor,
  requestContext,
  sessionCookieOf,
  setSessionCookie,
  viewerOrigin,
} from "../session";
import { json, jsonBody } from "../openapi";

const PROVIDER = "credentials";
/** OpenAPI: no session needed (the tenant-isolation matrix then only smoke-tests the route). */
const PUBLIC: [] = [];
const formBody = <S extends z.ZodType>(schema: S) => ({
  required: true,
  content: { "application/x-www-form-urlencoded": { schema } },
});

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

const truthy = (value: string | undefined) => value === "true" || value === "on" || value === "1";

// ---------------------------------------------------------------------------------------------
// NextAuth-shaped calls

const Provider = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal("credentials"),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});

const providers = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/providers",
  summary: "Sign-in providers (e-mail and password only)",
  responses: { 200: json(z.record(z.string(), Provider), "Providers by id") },
});

const csrf = createRoute({
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

const session = createRoute({
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

const signInRoute = <P extends string>(path: P) =>
  createRoute({
    security: PUBLIC,
    method: "post",
    path,
    summary: "Sign in with e-mail and password (form-encoded; json=true answers JSON instead of redirecting)",
    request: { params: z.object({ provider: z.enum([PROVIDER]) }), body: formBody(SignInFormBody) },
    responses: {
      200: json(z.object({ url: z.string() }), "Signed in; the session cookie is set"),
      302: { description: "Signed in (or not) without json=true: redirect to callbackUrl (or back to /login)" },
      401: errorResponse("Incorrect login or password"),
      403: errorResponse("E-mail not confirmed yet, or CSRF token missing"),
      429: errorResponse("Too many failed attempts"),
    },
  });

const signOut = createRoute({
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

// ---------------------------------------------------------------------------------------------
// Registration, confirmation, invitations, password reset

const availabilityRoute = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/availability",
  summary: "Live availability of an e-mail, a company URL name or a store URL name",
  request: { query: Availability },
  responses: { 200: json(AvailabilityAnswer, "Whether the value is free") },
});

const Registered = z.object({ email: z.string(), company_url_key: z.string(), store_url_key: z.string(), preparation_ends_at: z.string() });

const register = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/register",
  summary: "Register a company with its first store and its manager; mails the confirmation link",
  request: jsonBody(RegisterOrganization),
  responses: {
    201: json(Registered, "Registered; confirm the e-mail to sign in"),
    400: errorResponse("Invalid input"),
    409: errorResponse("E-mail, company URL name or store URL name already exists"),
    429: errorResponse("Too many registrations from this address"),
  },
});

const confirm = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/confirm-email",
  summary: "Confirm an address with the token of the e-mailed link (registration or e-mail change)",
  request: jsonBody(ConfirmEmail),
  responses: {
    200: json(z.object({ kind: z.enum(["registration", "email_change"]), email: z.string() }), "Confirmed"),
    400: errorResponse("Email confirmation session has expired or is missing"),
  },
});

const forgot = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/forgot-password",
  summary: "Mail a single-use password-reset link",
  request: jsonBody(ForgotPassword),
  responses: {
    200: json(z.object({ email: z.string() }), "Link sent"),
    404: errorResponse("A user with this email does not exist"),
    429: errorResponse("Too many requests"),
  },
});

const reset = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/reset-password",
  summary: "Set a new password with the reset link's token; ends every session of the user",
  request: jsonBody(ResetPassword),
  responses: {
    200: json(z.object({ email: z.string() }), "Password changed"),
    400: errorResponse("Password reset session has expired or is missing"),
  },
});

const invitationRoute = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/invitation",
  summary: "The invitation behind a /register/user link (does not use it up)",
  request: { query: z.object({ token: LinkToken }) },
  responses: { 200: json(InvitationInfo, "Invitation"), 400: errorResponse("Expired or missing") },
});

const accept = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/accept-invitation",
  summary: "Accept an invitation: confirms the address, sets names and password",
  request: jsonBody(AcceptInvitation),
  responses: { 200: json(z.object({ email: z.string() }), "Accepted"), 400: errorResponse("Expired or missing") },
});

export const authRoutes = router()
  .openapi(providers, (c) =>
    c.json(
      {
        [PROVIDER]: {
          id: PROVIDER,
          name: "Credentials",
          type: "credentials" as const,
          signinUrl: `/api/auth/signin/${PROVIDER}`,
          callbackUrl: `/api/auth/callback/${PROVIDER}`,
        },
      },
      200,
    ),
  )
  .openapi(csrf, async (c) => c.json({ csrfToken: await csrfTokenFor(c) }, 200))
  .openapi(session, async (c) => {
    c.header("Cache-Control", "no-store");
    const cookie = sessionCookieOf(c);
    const found = cookie ? await sessionFromJwt(cookie) : undefined;
    if (!found) {
      if (cookie) await clearSessionCookie(c);
      return c.json({}, 200);
    }
    const renewed = await renewIfDue(found.session);
    if (renewed) await setSessionCookie(c, renewed);
    const { user } = found;
    return c.json(
      {
        user: {
          id: user.user_id,
          email: user.email,
          name: [user.first_name, user.last_name].filter(Boolean).join(" "),
          role: user.role,
          company_id: user.company_id,
          store_id: user.store_id ?? "",
        },
        expires: (renewed?.expires.toISOString() ?? found.session.expires_at),
      },
      200,
    );
  })
  .openapi(signInRoute("/auth/callback/{provider}"), async (c) => signIn(c, c.req.valid("form")))
  .openapi(signInRoute("/auth/signin/{provider}"), async (c) => signIn(c, c.req.valid("form")))
  .openapi(signOut, async (c) => {
    const form = c.req.valid("form");
    const cookie = sessionCookieOf(c);
    const found = cookie ? await sessionFromJwt(cookie) : undefined;
    if (found) await endSession(found.session.session_id);
    await clearSessionCookie(c);
    const url = safeCallbackUrl(form.callbackUrl, c);
    return truthy(form.json) ? c.json({ url }, 200) : c.redirect(url, 302);
  })
  .openapi(availabilityRoute, async (c) => c.json(await availability(c.req.valid("query"), requestContext(c)), 200))
  .openapi(register, async (c) => {
    const r = await registerOrganization(c.req.valid("json"), requestContext(c));
    return c.json(
      { email: r.email, company_url_key: r.company_url_key, store_url_key: r.store_url_key, preparation_ends_at: r.preparation_ends_at },
      201,
    );
  })
  .openapi(confirm, async (c) => c.json(await confirmEmail(c.req.valid("json")), 200))
  .openapi(forgot, async (c) => c.json(await requestPasswordReset(c.req.valid("json"), requestContext(c)), 200))
  .openapi(reset, async (c) => c.json(await resetPassword(c.req.valid("json")), 200))
  .openapi(invitationRoute, async (c) => c.json(await invitation(c.req.valid("query").token), 200))
  .openapi(accept, async (c) => c.json(await acceptInvitation(c.req.valid("json")), 200));

async function signIn(c: Context, form: z.infer<typeof SignInFormBody>) {
  const url = safeCallbackUrl(form.callbackUrl, c);
  const asJson = truthy(form.json);
  try {
    const { session } = await signInWithPassword(
      { email: form.email, password: form.password, remember: truthy(form.remember) },
      requestContext(c),
    );
    await setSessionCookie(c, session);
    return asJson ? c.json({ url }, 200) : c.redirect(url, 302);
  } catch (error) {
    if (!asJson && error instanceof UserError) {
      return c.redirect(`/login?error=${encodeURIComponent(error.code)}&redirect=${encodeURIComponent(url)}`, 302);
    }
    throw error;
  }
}
