/** The registration, e-mail confirmation, invitation and password-reset calls under /api/auth. */
import { createRoute, z } from "@hono/zod-openapi";
import { AvailabilityAnswer, InvitationInfo } from "@menu/core/auth/registration";
import {
  AcceptInvitation,
  Availability,
  ConfirmEmail,
  ForgotPassword,
  LinkToken,
  RegisterOrganization,
  ResetPassword,
  SignInLinkRequest,
  SignInLinkUse,
} from "@menu/core/shared/account-forms";
import { errorResponse } from "../errors";
import { json, jsonBody, PUBLIC } from "../openapi";

export const availabilityRoute = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/availability",
  summary: "Live availability of an e-mail, a company URL name or a store URL name",
  request: { query: Availability },
  responses: { 200: json(AvailabilityAnswer, "Whether the value is free"), 429: errorResponse("Too many look-ups from this address") },
});

const Registered = z.object({ email: z.string(), company_url_key: z.string(), store_url_key: z.string(), preparation_ends_at: z.string() });

export const register = createRoute({
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

export const confirm = createRoute({
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

export const forgot = createRoute({
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

export const signInLinkRequest = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/signin-link",
  summary: "Mail a one-time sign-in link (15 minutes) for a new device; answers the same whether the address has an account",
  request: jsonBody(SignInLinkRequest),
  responses: {
    200: json(z.object({ email: z.string() }), "If the address has an account, the link is on its way"),
    429: errorResponse("Too many requests"),
  },
});

export const signInLinkUse = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/signin-link/use",
  summary: "Sign in with a sign-in link's token; sets the session and device cookies (counts like a sign-in attempt)",
  request: jsonBody(SignInLinkUse),
  responses: {
    200: json(z.object({ failed_sign_ins: z.number().int().positive().optional() }), "Signed in; the session and device cookies are set"),
    400: errorResponse("The sign-in link is invalid, used or expired"),
    429: errorResponse("Too many failed attempts"),
  },
});

export const reset = createRoute({
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

export const invitationRoute = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/auth/invitation",
  summary: "The invitation behind a /register/user link (does not use it up)",
  request: { query: z.object({ token: LinkToken }) },
  responses: { 200: json(InvitationInfo, "Invitation"), 400: errorResponse("Expired or missing") },
});

export const accept = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/auth/accept-invitation",
  summary: "Accept an invitation: confirms the address, sets names and password",
  request: jsonBody(AcceptInvitation),
  responses: { 200: json(z.object({ email: z.string() }), "Accepted"), 400: errorResponse("Expired or missing") },
});
