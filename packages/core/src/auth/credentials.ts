import { Db } from "../db/service";
import { isConditionFailure } from "../shared/conflict";
import { UserError } from "../shared/errors";
import { hashPassword, isPasswordHash, needsRehash, verifyNothing, verifyPassword } from "./password";
import { userByEmail, type UserRecord } from "./user";
import { AUTH, type Limit } from "./config";
import { deviceOf, newDeviceCookie } from "./device";
import { sendAccountMail } from "./mail";
import { assertUnderLimits, hit, resetBucket, takeBack, takeOrThrow } from "./rate-limit";
import { SignInForm } from "../shared/account-forms";
import { createSession } from "./sessions";
import { countFailedSignIn, takeFailedSignIns } from "./sign-in-failures";
import { issueToken } from "./tokens";

/** Where a request came from, for rate limits and the session record; `device`: its device cookie. */
export type RequestContext = { ip?: string; user_agent?: string; device?: string };

const ipOf = (ctx: RequestContext) => ctx.ip || "unknown";

/**
 * Credentials sign-in. Any wrong pair answers the same 401 "Incorrect login or password", as slow
 * for an unknown e-mail as for a wrong password. A browser with a device cookie of the account
 * (given at its last successful sign-in) is limited by its own failures only, so nobody can lock
 * the owner out from elsewhere; any other browser by the failures per e-mail (whether it exists or
 * not) and per address. When a limit is reached every attempt answers 429 until the window ends.
 * An unconfirmed account with the right password gets the confirmation link again. A success
 * answers a new device cookie and how many wrong passwords the account got since its last sign-in.
 */
export async function signInWithPassword(input: SignInForm, ctx: RequestContext = {}) {
  const ipBucket: [string, Limit] = [`signin:ip:${ipOf(ctx)}`, AUTH.limits.signInPerIp];
  const parsed = SignInForm.safeParse(input);
  if (!parsed.success) {
    // A malformed e-mail or an empty password is just another wrong pair.
    await assertUnderLimits([ipBucket]);
    await hit(...ipBucket);
    throw new UserError("incorrectLogin", 401);
  }
  const { email, password, remember } = parsed.data;
  const device = await deviceOf(ctx.device, email);
  const emailBucket: [string, Limit] = [`signin:email:${email}`, AUTH.limits.signInPerEmail];
  const buckets: [string, Limit][] = device ? [[`signin:device:${device}`, AUTH.limits.signInPerDevice]] : [emailBucket, ipBucket];
  // Counted before the password is checked, so attempts sent at once cannot all slip under the
  // limit; a right password takes its count back (only failures count).
  await takeOrThrow(buckets);
  const user = await userByEmail(email);
  const stored = user && isPasswordHash(user.password_hash) ? user.password_hash : undefined;
  // A known device, or an account nobody is guessing at, is hashed before the rest (password.ts).
  const priority = device || !user?.failed_sign_ins ? "first" : "later";
  const matches = stored ? await verifyPassword(password, stored, priority) : await verifyNothing(password);
  if (!user || !stored || !matches || user.active === false) {
    if (user && stored && !matches) await countFailedSignIn(user.user_id);
    throw new UserError("incorrectLogin", 401);
  }
  await Promise.all(buckets.map(([bucket, limit]) => takeBack(bucket, limit)));
  if (!user.email_confirmed) {
    await resendConfirmation(user).catch((error: unknown) => console.error("Could not resend the confirmation", error));
    throw new UserError("emailNotConfirmed", 403);
  }
  if (needsRehash(stored)) await rehash(user, stored, password);
  if (!device) await resetBucket(...emailBucket);
  return signedIn(user, remember, ctx);
}

/**
 * What any successful sign-in answers (a password, a mailed link): a new session, a new device
 * cookie for this browser, and how many wrong passwords the account got since its last sign-in.
 */
export async function signedIn(user: UserRecord, remember: boolean, ctx: RequestContext) {
  const [session, failed_sign_ins, device] = await Promise.all([
    createSession(user.user_id, { remember, ip: ctx.ip, user_agent: ctx.user_agent }),
    takeFailedSignIns(user),
    newDeviceCookie(user.email),
  ]);
  return { session, user, device, failed_sign_ins };
}

/** A hash made at a lower cost than today's is replaced, unless the password changed meanwhile. */
async function rehash(user: UserRecord, stored: string, password: string) {
  try {
    await Db()
      .entities.user.patch({ user_id: user.user_id })
      .set({ password_hash: await hashPassword(password) })
      .where(({ password_hash }, { eq }) => eq(password_hash, stored))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A fresh confirmation link, at most once per 10 minutes per account. */
async function resendConfirmation(user: UserRecord) {
  try {
    await takeOrThrow([[`resend:${user.user_id}`, AUTH.limits.resendConfirmation]]);
  } catch {
    return;
  }
  const company = await Db().entities.company.get({ company_id: user.company_id }).go();
  const token = await issueToken("confirm", user.user_id, { replace: true });
  await sendAccountMail("confirm", user.email, user.ui_locale ?? "ru", {
    email: user.email,
    company: company.data?.name,
    token,
  });
}
