import { z } from "zod";
import { Db } from "../db/service";
import { assertInCompany, assertSignedIn, canManageStore } from "../shared/policy";
import { UserError } from "../shared/errors";
import { lookupUnique } from "../db/guarded-write";
import { uniqueValue } from "../records/unique.entity";
import { storesOfCompany } from "../store/store";
import { hashPassword, verifyPassword } from "./password";
import { toUserInfo, userById, type UserRecord } from "./user";
import { sendAccountMail } from "./mail";
import { ChangeEmail, ChangePassword, UpdateProfile } from "../shared/account-forms";
import { endUserSessions } from "./sessions";
import { issueToken, revokeTokens } from "./tokens";

async function currentUser() {
  const actor = assertSignedIn();
  const user = await userById(actor.userId);
  if (!user) throw new UserError("unauthorized", 401);
  return user;
}

/** GET /api/me: the signed-in user with their settings. */
export async function me() {
  return toUserInfo(await currentUser());
}

/** settings/profile: own names, interface language, and the welcome-dialog flag. */
export async function updateProfile(input: z.input<typeof UpdateProfile>) {
  const patch = UpdateProfile.parse(input);
  const user = await currentUser();
  if (Object.keys(patch).length === 0) return toUserInfo(user);
  const { data } = await Db().entities.user.patch({ user_id: user.user_id }).set(patch).go({ response: "all_new" });
  return toUserInfo(data as UserRecord);
}

async function assertPassword(user: UserRecord, password: string) {
  if (!(await verifyPassword(password, user.password_hash))) throw new UserError("currentPasswordIncorrect", 400);
}

/**
 * settings/profile: a new password after the current one. Ends every session of the user, this
 * one included; the API then signs this browser in again with a new session.
 */
export async function changePassword(input: z.input<typeof ChangePassword>) {
  const { current_password, password } = ChangePassword.parse(input);
  const user = await currentUser();
  await assertPassword(user, current_password);
  await Db().entities.user.patch({ user_id: user.user_id }).set({ password_hash: await hashPassword(password) }).go();
  await endUserSessions(user.user_id);
  return user;
}

/**
 * Starts an e-mail change: the new address is kept as pending and gets a confirmation link; the
 * old address stays the sign-in address until the link is used, and is told about the request.
 */
export async function startEmailChange(user: UserRecord, email: string) {
  if (email === user.email) throw new UserError("valueIncorrect", 400);
  if (await lookupUnique("email", uniqueValue(email))) throw new UserError("emailExists", 409);
  await Db().entities.user.patch({ user_id: user.user_id }).set({ pending_email: email }).go();
  const token = await issueToken("email_change", user.user_id, { email, replace: true });
  const locale = user.ui_locale ?? "ru";
  await sendAccountMail("email_change", email, locale, { email, token });
  await sendAccountMail("email_change_notice", user.email, locale, { email });
  return { pending_email: email };
}

/** settings/profile: change of the own e-mail, confirmed by the current password. */
export async function requestEmailChange(input: z.input<typeof ChangeEmail>) {
  const { email, current_password } = ChangeEmail.parse(input);
  const user = await currentUser();
  await assertPassword(user, current_password);
  return startEmailChange(user, email);
}

/** Drops a pending e-mail change (its link stops working). */
export async function cancelEmailChange() {
  const user = await currentUser();
  await Db().entities.user.patch({ user_id: user.user_id }).remove(["pending_email"]).go();
  await revokeTokens(user.user_id, "email_change");
  return toUserInfo({ ...user, pending_email: undefined });
}

export const OwnedStore = z.object({
  company_id: z.string(),
  company_url_key: z.string(),
  company_name: z.string(),
  store_id: z.string(),
  store_url_key: z.string(),
  store_name: z.string(),
});
export type OwnedStore = z.infer<typeof OwnedStore>;

/**
 * The stores the signed-in user manages (app state "available companies and stores", the store
 * switcher, where to go after signing in): a company manager's company's stores, a store manager's
 * store. With `company_id`, the stores of that company the caller manages: an admin gets any
 * company's, others only their own (another company is "not found"). Without it, admins get none
 * (they reach every store through the operator view).
 */
export async function ownedStores(company_id?: string): Promise<OwnedStore[]> {
  const actor = assertSignedIn();
  const target = company_id ?? (actor.role === "admin" ? undefined : actor.companyId);
  if (!target) return [];
  assertInCompany(target);
  const [company, stores] = await Promise.all([Db().entities.company.get({ company_id: target }).go(), storesOfCompany(target)]);
  if (!company.data) throw new UserError("companyNotFound", 404);
  return stores
    .filter((s) => canManageStore(actor, s.company_id, s.store_id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((s) => ({
      company_id: s.company_id,
      company_url_key: company.data!.url_key,
      company_name: company.data!.name,
      store_id: s.store_id,
      store_url_key: s.url_key,
      store_name: s.name,
    }));
}
