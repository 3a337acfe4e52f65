import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { hashPassword, verifyPassword } from "../user/password";
import { userByEmail } from "../user/user";
import { AUTH, type Limit } from "./config";
import { sendAccountMail } from "./mail";
import { assertUnderLimits, hit, resetBucket, takeOrThrow } from "./rate-limit";
import { SignInForm } from "./schemas";
import { createSession } from "./sessions";
import { issueToken } from "./tokens";

/** Where a request came from, for rate limits and the session record. */
export type RequestContext = { ip?: string; user_agent?: string };

let dummy: Promise<string> | undefined;
/** Verifying against a dummy hash when the e-mail is unknown keeps both answers equally slow. */
const dummyHash = () => (dummy ??= hashPassword("dummy password for timing"));

const ipOf = (ctx: RequestContext) => ctx.ip || "unknown";

/**
 * Credentials sign-in. Any wrong pair answers the same 401 "Incorrect login or password", as fast
 * for an unknown e-mail as for a wrong password. Failed attempts are limited per e-mail (whether
 * it exists or not) and per address; when a limit is reached every attempt answers 429 until the
 * window ends. An unconfirmed account with the right password gets the confirmation link again.
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
  const buckets: [string, Limit][] = [[`signin:email:${email}`, AUTH.limits.signInPerEmail], ipBucket];
  await assertUnderLimits(buckets);
  const user = await userByEmail(email);
  const usable = user?.password_hash.startsWith("scrypt$") ? user.password_hash : undefined;
  const matches = await verifyPassword(password, usable ?? (await dummyHash()));
  if (!user || !usable || !matches || user.active === false) {
    await Promise.all(buckets.map(([bucket, limit]) => hit(bucket, limit)));
    throw new UserError("incorrectLogin", 401);
  }
  if (!user.email_confirmed) {
    await resendConfirmation(user).catch((error: unknown) => console.error("Could not resend the confirmation", error));
    throw new UserError("emailNotConfirmed", 403);
  }
  await resetBucket(buckets[0]![0], buckets[0]![1]);
  const session = await createSession(user.user_id, { remember, ip: ctx.ip, user_agent: ctx.user_agent });
  return { session, user };
}

/** A fresh confirmation link, at most once per 10 minutes per account. */
async function resendConfirmation(user: NonNullable<Awaited<ReturnType<typeof userByEmail>>>) {
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
