import { createRoute, z } from "@hono/zod-openapi";
import { UserError } from "@menu/core";
import {
  cancelEmailChange,
  changePassword,
  me,
  OwnedStore,
  ownedStores,
  requestEmailChange,
  updateProfile,
} from "@menu/core/auth/profile";
import { ChangeEmail, ChangePassword, UpdateProfile } from "@menu/core/shared/account-forms";
import { accessTokenFor, createSession, sessionFromHeaders } from "@menu/core/auth/sessions";
import { UserInfo } from "@menu/core/auth/user";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requestContext, requiresSession, setSessionCookie } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession();

/** SPEC.md section 7: the user with role, company and store ids, plus accessToken and jti (the client strips both). */
const MeAnswer = UserInfo.extend({ accessToken: z.string(), jti: z.string() });

const getMe = createRoute({
  method: "get",
  path: "/me",
  summary: "The signed-in user with settings (ui_locale, setup_welcome_message), accessToken and jti",
  ...session,
  responses: { 200: json(MeAnswer, "The user"), 401: errorResponse("Sign in required") },
});

const patchMe = createRoute({
  method: "patch",
  path: "/me",
  summary: "Own names, interface language, welcome-dialog flag",
  ...session,
  request: jsonBody(UpdateProfile),
  responses: { 200: json(UserInfo, "The user"), 401: errorResponse("Sign in required") },
});

const password = createRoute({
  method: "post",
  path: "/me/password",
  summary: "Change the own password (asks for the current one); ends every other session",
  ...session,
  request: jsonBody(ChangePassword),
  responses: {
    200: json(z.object({ ok: z.literal(true) }), "Changed; this browser has a new session"),
    400: errorResponse("The current password is incorrect"),
    401: errorResponse("Sign in required"),
  },
});

const email = createRoute({
  method: "post",
  path: "/me/email",
  summary: "Change the own e-mail: a confirmation goes to the new address; the old one stays until then",
  ...session,
  request: jsonBody(ChangeEmail),
  responses: {
    200: json(z.object({ pending_email: z.string() }), "Confirmation sent"),
    400: errorResponse("The current password is incorrect"),
    409: errorResponse("This email address already exists"),
  },
});

const cancelEmail = createRoute({
  method: "delete",
  path: "/me/email",
  summary: "Cancel a pending e-mail change",
  ...session,
  responses: { 200: json(UserInfo, "The user") },
});

const stores = createRoute({
  method: "get",
  path: "/me/stores",
  summary: "The stores the signed-in user manages; with companyId, that company's (admins: any company)",
  ...session,
  request: { query: z.object({ companyId: z.string().min(1).max(64).optional() }) },
  responses: { 200: json(z.array(OwnedStore), "Stores"), 404: errorResponse("Company not found") },
});

export const meRoutes = router()
  .openapi(getMe, async (c) => {
    c.header("Cache-Control", "no-store");
    const signed = await sessionFromHeaders(c.req.raw.headers);
    if (!signed) throw new UserError("unauthorized", 401);
    const user = await me();
    return c.json({ ...user, accessToken: await accessTokenFor(signed.session), jti: signed.session.session_id }, 200);
  })
  .openapi(patchMe, async (c) => c.json(await updateProfile(c.req.valid("json")), 200))
  .openapi(password, async (c) => {
    const remember = (await sessionFromHeaders(c.req.raw.headers))?.session.remember ?? false;
    const user = await changePassword(c.req.valid("json"));
    // Every session ended with the old password; this browser continues with a new one.
    await setSessionCookie(c, await createSession(user.user_id, { remember, ...requestContext(c) }));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(email, async (c) => c.json(await requestEmailChange(c.req.valid("json")), 200))
  .openapi(cancelEmail, async (c) => c.json(await cancelEmailChange(), 200))
  .openapi(stores, async (c) => c.json(await ownedStores(c.req.valid("query").companyId), 200));
