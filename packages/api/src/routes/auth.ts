/**
 * The auth calls of SPEC.md section 7 under /api/auth (providers, csrf, session, signin/callback,
 * signout; form-encoded like the original client sends them), plus registration, e-mail
 * confirmation, invitations, password reset and the one-time sign-in link.
 */
import { requestPasswordReset, resetPassword } from "@menu/core/auth/password-reset";
import { requestSignInLink, signInWithLink } from "@menu/core/auth/sign-in-link";
import { acceptInvitation, availability, confirmEmail, invitation, registerOrganization } from "@menu/core/auth/registration";
import { endSession, renewIfDue, sessionFromJwt } from "@menu/core/auth/sessions";
import { router } from "../router";
import { clearSessionCookie, csrfTokenFor, requestContext, sessionCookieOf, setDeviceCookie, setSessionCookie } from "../session";
import { accept, availabilityRoute, confirm, forgot, invitationRoute, register, reset, signInLinkRequest, signInLinkUse } from "./auth-registration-routes";
import { csrf, PROVIDER, providers, safeCallbackUrl, session, signIn, signInRoute, signOut, truthy } from "./auth-session-routes";

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
  .openapi(signInLinkRequest, async (c) => c.json(await requestSignInLink(c.req.valid("json"), requestContext(c)), 200))
  .openapi(signInLinkUse, async (c) => {
    const { session, device, failed_sign_ins } = await signInWithLink(c.req.valid("json"), requestContext(c));
    await setSessionCookie(c, session);
    setDeviceCookie(c, device);
    return c.json(failed_sign_ins ? { failed_sign_ins } : {}, 200);
  })
  .openapi(invitationRoute, async (c) => c.json(await invitation(c.req.valid("query").token), 200))
  .openapi(accept, async (c) => c.json(await acceptInvitation(c.req.valid("json")), 200));
