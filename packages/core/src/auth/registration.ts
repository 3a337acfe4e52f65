import { z } from "zod";
import { companyIdByUrlKey } from "../company/company";
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { guardedWrite, lookupUnique } from "../db/guarded-write";
import { newId } from "../shared/ids";
import { uniqueValue } from "../records/unique.entity";
import { RESERVED_NAME_MESSAGE, UrlKey } from "../shared/url-key";
import { cityOf, urlNameVariants } from "../shared/url-name-suggest";
import { storesOfCompany } from "../store/store";
import { newStoreLanguages } from "../billing/gate";
import { advanceStore, startPreparation } from "../billing/lifecycle";
import { addDays, PREPARATION_DAYS } from "../billing/plans";
import { hashPassword } from "./password";
import { emailGuard, userById } from "./user";
import { AUTH } from "./config";
import type { RequestContext } from "./credentials";
import { sendAccountMail } from "./mail";
import { takeOrThrow } from "./rate-limit";
import { AcceptInvitation, Availability, ConfirmEmail, Email, RegisterOrganization } from "../shared/account-forms";
import { consumeToken, issueToken, peekToken } from "./tokens";

export const AvailabilityAnswer = z.object({
  available: z.boolean(),
  /** Why not: the message key of the SPA's catalogs. */
  code: z.enum(["emailExists", "companyUrlExists", "storeUrlExists", "urlNameReserved", "valueIncorrect"]).optional(),
  /** A taken URL name: the first free of its variants (`urlNameVariants`: -city, -2, -3…), when one of them is. */
  suggestion: z.string().optional(),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswer>;

/**
 * Live availability of an e-mail, a company URL name or a store URL name. A store URL name is
 * unique within its company: while a new company registers, any well-formed name is available.
 */
export async function availability(input: z.input<typeof Availability>, ctx: RequestContext = {}): Promise<AvailabilityAnswer> {
  const { field, value, companyKey } = Availability.parse(input);
  await takeOrThrow([[`availability:ip:${ctx.ip || "unknown"}`, { limit: 300, windowMs: 10 * 60_000 }]]);
  if (field === "email") {
    const email = Email.safeParse(value);
    if (!email.success) return { available: false, code: "valueIncorrect" };
    return (await lookupUnique("email", uniqueValue(email.data))) ? { available: false, code: "emailExists" } : { available: true };
  }
  const key = UrlKey.safeParse(value);
  if (!key.success) return { available: false, code: key.error.issues.some((i) => i.message === RESERVED_NAME_MESSAGE) ? "urlNameReserved" : "valueIncorrect" };
  if (field === "company_url_key") {
    if (!(await companyIdByUrlKey(key.data))) return { available: true };
    return { available: false, code: "companyUrlExists", ...(await freeVariant("companyUrl", key.data, (v) => uniqueValue(v))) };
  }
  const company_id = companyKey ? await companyIdByUrlKey(companyKey) : undefined;
  if (!company_id) return { available: true };
  if (!(await lookupUnique("storeUrl", uniqueValue(company_id, key.data)))) return { available: true };
  // The company's stores say where it is: the first address naming its city.
  const place = (await storesOfCompany(company_id)).map((s) => cityOf(s.address)).find(Boolean);
  return { available: false, code: "storeUrlExists", ...(await freeVariant("storeUrl", key.data, (v) => uniqueValue(company_id, v), place)) };
}

/** The first variant of a taken URL name that no guard holds: one BatchGetItem of its variants. */
async function freeVariant(kind: "companyUrl" | "storeUrl", taken: string, guard: (v: string) => string, place?: string) {
  const variants = urlNameVariants(taken, { place });
  const keys = variants.map((v) => ({ kind, value: guard(v) }));
  const held = await untilProcessed(keys, (left) => Db().entities.unique.get(left).go());
  const heldValues = new Set(held.map((row) => row.value));
  const suggestion = variants.find((v) => !heldValues.has(guard(v)));
  return suggestion ? { suggestion } : {};
}

/**
 * /register/organization: the company, its first store (in its 3-day preparation period, or open
 * with the trial started when the owner asked for that) and the
 * user as company_manager, with the three guards (company URL name, store URL name, e-mail) in one
 * transaction, so a taken value leaves nothing behind. Then the confirmation e-mail; the user
 * cannot sign in before confirming.
 */
export async function registerOrganization(input: RegisterOrganization, ctx: RequestContext = {}) {
  const v = RegisterOrganization.parse(input);
  await takeOrThrow([[`register:ip:${ctx.ip || "unknown"}`, AUTH.limits.registerPerIp]]);
  const company_id = newId();
  const store_id = newId();
  const user_id = newId();
  const password_hash = await hashPassword(v.password);
  const now = clock.now();
  // PRODUCT.md: registration starts 3 days of preparation, the menu hidden from guests; an owner
  // who asks to open the menu at once has none (as "Открыть меню сейчас" ends it).
  const preparation_ends_at = v.open_now ? now.toISOString() : addDays(now, PREPARATION_DAYS).toISOString();
  await guardedWrite(
    {
      claim: [
        { kind: "companyUrl", value: uniqueValue(v.company_url_key), ref: company_id },
        { kind: "storeUrl", value: uniqueValue(company_id, v.store_url_key), ref: store_id, company_id },
        emailGuard(v.email, user_id),
      ],
    },
    (e) => [
      e.company.create({ company_id, name: v.company_name, url_key: v.company_url_key }).commit(),
      e.store
        .create({ company_id, store_id, name: v.store_name, url_key: v.store_url_key, preparation_ends_at, languages: newStoreLanguages() })
        .commit(),
      e.user
        .create({
          user_id,
          email: v.email,
          password_hash,
          role: "company_manager",
          company_id,
          store_id: "",
          email_confirmed: false,
          ui_locale: v.ui_locale,
          // The welcome dialog opens after the first sign-in (SPEC.md section 4).
          setup_welcome_message: false,
        })
        .commit(),
    ],
  );
  // The subscription lifecycle looks at the store again when preparation ends (trial starts), or,
  // opened at once, starts the trial now.
  if (v.open_now) await advanceStore({ company_id, store_id }, now);
  else await startPreparation({ company_id, store_id }, now);
  const token = await issueToken("confirm", user_id);
  await sendAccountMail("confirm", v.email, v.ui_locale, { email: v.email, company: v.company_name, token });
  return {
    email: v.email,
    user_id,
    company_id,
    store_id,
    company_url_key: v.company_url_key,
    store_url_key: v.store_url_key,
    preparation_ends_at,
  };
}

const expired = () => new UserError("confirmationExpired", 400);

/**
 * /register/user-confirmation?token=: confirms a new account's address, or a changed address
 * (which then replaces the old one). A used, expired or unknown token: "session expired or missing".
 */
export async function confirmEmail(input: z.input<typeof ConfirmEmail>) {
  const { token } = ConfirmEmail.parse(input);
  const found = await peekToken(["confirm", "email_change"], token);
  const used = found && (await consumeToken(found.kind, token));
  if (!used) throw expired();
  const user = await userById(used.user_id);
  if (!user) throw expired();
  if (used.kind === "confirm") {
    await Db().entities.user.patch({ user_id: user.user_id }).set({ email_confirmed: true }).go();
    return { kind: "registration" as const, email: user.email };
  }
  const next = used.email;
  if (!next || user.pending_email !== next) throw expired();
  await guardedWrite(
    { claim: [emailGuard(next, user.user_id)], release: [{ kind: "email", value: uniqueValue(user.email) }] },
    (e) => [e.user.patch({ user_id: user.user_id }).set({ email: next, email_confirmed: true }).remove(["pending_email"]).commit()],
  );
  return { kind: "email_change" as const, email: next };
}

export const InvitationInfo = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  has_password: z.boolean(),
});

/** /register/user?token=: what the invited user sees before accepting. */
export async function invitation(token: string) {
  const found = await peekToken(["invite"], token);
  const user = found && (await userById(found.user_id));
  if (!user) throw expired();
  const company = await Db().entities.company.get({ company_id: user.company_id }).go();
  return InvitationInfo.parse({
    email: user.email,
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    company_name: company.data?.name ?? "QR Menu",
    has_password: user.password_hash.startsWith("scrypt$"),
  });
}

/** Accepts an invitation: confirms the address, sets the names and (required if none yet) a password. */
export async function acceptInvitation(input: AcceptInvitation) {
  const v = AcceptInvitation.parse(input);
  const found = await peekToken(["invite"], v.token);
  const user = found && (await userById(found.user_id));
  if (!user) throw expired();
  if (!v.password && !user.password_hash.startsWith("scrypt$")) {
    throw new UserError("valueIncorrect", 400, { field: "password" });
  }
  if (!(await consumeToken("invite", v.token))) throw expired();
  await Db()
    .entities.user.patch({ user_id: user.user_id })
    .set({
      first_name: v.first_name,
      last_name: v.last_name,
      email_confirmed: true,
      ...(v.password ? { password_hash: await hashPassword(v.password) } : {}),
    })
    .go();
  return { email: user.email };
}
