import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { guardedWrite, lookupUnique, type Guard } from "../db/guarded-write";
import { newId } from "../shared/ids";
import { UI_LOCALES } from "../shared/model";
import { uniqueValue } from "../records/unique.entity";
import { hashPassword } from "./password";
import { MAX_STORE_MANAGERS, PLATFORM_COMPANY, ROLES } from "../shared/roles";

export { PLATFORM_COMPANY, ROLES };

/** A password hash nothing verifies against: an invited user without a password cannot sign in yet. */
export const UNUSABLE_PASSWORD = "!";

export const CreateUser = z.object({
  email: z.email("This is an invalid email address").transform((s) => s.toLowerCase()),
  /** Optional: an invited user without one chooses it on /register/user. */
  password: z.string().min(8).max(200).optional(),
  first_name: z.string().trim().max(80).default(""),
  last_name: z.string().trim().max(80).default(""),
  role: z.enum(ROLES),
  company_id: z.string().min(1),
  store_id: z.string().default(""),
  email_confirmed: z.boolean().default(false),
  ui_locale: z.enum(UI_LOCALES).default("ru"),
  setup_welcome_message: z.boolean().default(true),
}).refine((u) => u.role !== "store_manager" || u.store_id.length > 0, { message: "This field is required", path: ["store_id"] });

export type UserRecord = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["user"]["get"]>["go"]>>["data"]>;

/** What the API answers for a user: never the password hash. */
export const UserInfo = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(ROLES),
  company_id: z.string(),
  store_id: z.string(),
  email_confirmed: z.boolean(),
  pending_email: z.string().optional(),
  active: z.boolean(),
  has_password: z.boolean(),
  ui_locale: z.enum(UI_LOCALES),
  setup_welcome_message: z.boolean(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const toUserInfo = (u: UserRecord): UserInfo => ({
  id: u.user_id,
  email: u.email,
  first_name: u.first_name ?? "",
  last_name: u.last_name ?? "",
  role: u.role,
  company_id: u.company_id,
  store_id: u.store_id ?? "",
  email_confirmed: u.email_confirmed ?? false,
  pending_email: u.pending_email,
  active: u.active !== false,
  has_password: u.password_hash !== UNUSABLE_PASSWORD,
  ui_locale: u.ui_locale ?? "ru",
  setup_welcome_message: u.setup_welcome_message ?? true,
  created_at: u.created_at,
});

export const emailGuard = (email: string, user_id: string): Guard => ({ kind: "email", value: uniqueValue(email), ref: user_id });
export const seatGuard = (company_id: string, store_id: string, seat: number, user_id: string): Guard => ({
  kind: "managerSeat",
  value: uniqueValue(store_id, String(seat)),
  ref: user_id,
  company_id,
});

export async function userById(user_id: string) {
  const { data } = await Db().entities.user.get({ user_id }).go();
  return data ?? undefined;
}

export async function userByEmail(email: string) {
  const user_id = await lookupUnique("email", uniqueValue(email));
  return user_id ? userById(user_id) : undefined;
}

/** Users of a company (gsi1), optionally of one store only. */
export async function usersOfCompany(company_id: string, store_id?: string) {
  const { data } = await Db()
    .entities.user.query.byCompany(store_id === undefined ? { company_id } : { company_id, store_id })
    .go({ pages: "all" });
  return store_id === undefined ? data : data.filter((u) => u.store_id === store_id);
}

/** The seats (1..5) still free in a store; empty when it already has 5 managers. */
async function freeSeats(company_id: string, store_id: string, except?: string) {
  const managers = (await usersOfCompany(company_id, store_id)).filter(
    (u) => u.role === "store_manager" && u.user_id !== except,
  );
  if (managers.length >= MAX_STORE_MANAGERS) return [];
  const used = new Set(managers.map((m) => m.manager_seat));
  return Array.from({ length: MAX_STORE_MANAGERS }, (_, i) => i + 1).filter((n) => !used.has(n));
}

/**
 * Runs a write that claims a manager seat of a store (SPEC.md: at most 5 managers per store). The
 * seat's guard item makes the limit hold under concurrency; a seat taken meanwhile by another
 * write is retried with the next free one.
 */
export async function withManagerSeat<T>(
  store: { company_id: string; store_id: string; except?: string },
  write: (seat: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const seats = await freeSeats(store.company_id, store.store_id, store.except);
    const seat = seats[attempt % Math.max(seats.length, 1)];
    if (seat === undefined) throw new UserError("storeManagersLimit", 409);
    try {
      return await write(seat);
    } catch (error) {
      if (error instanceof UserError && error.code === "storeManagersLimit" && attempt < 4) continue;
      throw error;
    }
  }
}

/** Creates a user with its e-mail guard (and a manager seat for a store manager) in one transaction. */
export const createUser = fn(CreateUser, async ({ password, ...input }) => {
  const user_id = newId();
  const password_hash = password ? await hashPassword(password) : UNUSABLE_PASSWORD;
  const write = (manager_seat?: number) =>
    guardedWrite(
      {
        claim: [
          emailGuard(input.email, user_id),
          ...(manager_seat ? [seatGuard(input.company_id, input.store_id, manager_seat, user_id)] : []),
        ],
      },
      (e) => [e.user.create({ ...input, user_id, password_hash, manager_seat }).commit()],
    );
  if (input.role === "store_manager") await withManagerSeat(input, write);
  else await write();
  return { id: user_id, ...input };
});
