/**
 * An owner is never locked out (issue 49, point 4): when wrong passwords from elsewhere have limited
 * the account for unknown devices, the sign-in page offers a one-time link by e-mail. The link
 * (15 minutes, single use, a new one voids the last) signs in on the device that opens it and gives
 * that device its device cookie, so the next sign-in there is no longer limited by strangers.
 * Asking is limited like any mail (per e-mail and per address) and says the same whether the
 * address has an account or not; using a link counts like a sign-in attempt of the address.
 */
import type { z } from "zod";
import { UserError } from "../shared/errors";
import { SignInLinkRequest, SignInLinkUse } from "../shared/account-forms";
import { AUTH, type Limit } from "./config";
import { signedIn, type RequestContext } from "./credentials";
import { sendAccountMail } from "./mail";
import { takeBack, takeOrThrow } from "./rate-limit";
import { consumeToken, issueToken } from "./tokens";
import { userByEmail, userById } from "./user";

/** Mails a sign-in link to an active, confirmed account; answers the same for any address. */
export async function requestSignInLink(input: z.input<typeof SignInLinkRequest>, ctx: RequestContext = {}) {
  const { email } = SignInLinkRequest.parse(input);
  await takeOrThrow([
    [`signinlink:email:${email}`, AUTH.limits.mailPerEmail],
    [`signinlink:ip:${ctx.ip || "unknown"}`, AUTH.limits.mailPerIp],
  ]);
  const user = await userByEmail(email);
  if (user && user.active !== false && user.email_confirmed) {
    const token = await issueToken("signin", user.user_id, { replace: true });
    await sendAccountMail("signin", user.email, user.ui_locale ?? "ru", { email: user.email, token });
  }
  return { email };
}

/** Signs in with a link's token: a session and a device cookie, as a password sign-in answers. */
export async function signInWithLink(input: z.input<typeof SignInLinkUse>, ctx: RequestContext = {}) {
  const ipBucket: [string, Limit] = [`signin:ip:${ctx.ip || "unknown"}`, AUTH.limits.signInPerIp];
  // Counted first, like a password (tokens sent at once cannot all slip under the limit); a good link takes it back.
  await takeOrThrow([ipBucket]);
  const parsed = SignInLinkUse.safeParse(input);
  const used = parsed.success ? await consumeToken("signin", parsed.data.token) : undefined;
  const user = used && (await userById(used.user_id));
  if (!user || user.active === false) throw new UserError("signInLinkExpired", 400);
  await takeBack(...ipBucket);
  return signedIn(user, parsed.data?.remember ?? false, ctx);
}
