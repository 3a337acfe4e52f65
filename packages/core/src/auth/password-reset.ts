import type { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { hashPassword } from "./password";
import { userByEmail, userById } from "./user";
import { AUTH } from "./config";
import type { RequestContext } from "./credentials";
import { sendAccountMail } from "./mail";
import { takeOrThrow } from "./rate-limit";
import { ForgotPassword, ResetPassword } from "../shared/account-forms";
import { endUserSessions } from "./sessions";
import { consumeToken, issueToken, revokeTokens } from "./tokens";

/**
 * /forgot-password: mails a single-use link to /change-password that expires in an hour; a new
 * request voids the previous link. Limited per e-mail and per address.
 */
export async function requestPasswordReset(input: z.input<typeof ForgotPassword>, ctx: RequestContext = {}) {
  const { email } = ForgotPassword.parse(input);
  await takeOrThrow([
    [`reset:email:${email}`, AUTH.limits.mailPerEmail],
    [`reset:ip:${ctx.ip || "unknown"}`, AUTH.limits.mailPerIp],
  ]);
  const user = await userByEmail(email);
  if (!user) throw new UserError("userNotFoundByEmail", 404);
  // A deactivated account gets no link, and the answer does not tell.
  if (user.active === false) return { email };
  const token = await issueToken("reset", user.user_id, { replace: true });
  await sendAccountMail("reset", user.email, user.ui_locale ?? "ru", { email: user.email, token });
  return { email };
}

/**
 * /change-password?token=: sets the new password and ends every session of the user. The link
 * proves the mailbox, so it also confirms the address. A used or expired link: "session expired".
 */
export async function resetPassword(input: z.input<typeof ResetPassword>) {
  const { token, password } = ResetPassword.parse(input);
  const used = await consumeToken("reset", token);
  const user = used && (await userById(used.user_id));
  if (!user) throw new UserError("passwordResetExpired", 400);
  await Db()
    .entities.user.patch({ user_id: user.user_id })
    .set({ password_hash: await hashPassword(password), email_confirmed: true })
    .go();
  await Promise.all([endUserSessions(user.user_id), revokeTokens(user.user_id, "reset")]);
  return { email: user.email };
}
