/**
 * settings/users: admins and company managers list, create, edit and delete users (SPEC.md
 * section 6). Every decision goes through the policy; a user of another company is "not found".
 */
import type { z } from "zod";
import { Db } from "../db/service";
import { useActor } from "../shared/actor";
import { UserError } from "../shared/errors";
import { guardedWrite } from "../db/guarded-write";
import { assertCanManageUser, assertCanManageUsers, canAssignRole } from "../shared/policy";
import { uniqueValue } from "../records/unique.entity";
import { storeById } from "../store/store";
import { sendAccountMail } from "../auth/mail";
import { CreateUserInput, UpdateUserInput } from "../shared/account-forms";
import { endUserSessions } from "../auth/sessions";
import { issueToken, revokeTokens } from "../auth/tokens";
import { startEmailChange } from "../auth/profile";
import { hashPassword } from "../auth/password";
import { PLATFORM_COMPANY, type UserRole } from "../shared/roles";
import { createUser, seatGuard, toUserInfo, userById, usersOfCompany, withManagerSeat, type UserRecord } from "../auth/user";

const ROLE_ORDER: Record<UserRole, number> = { admin: 0, company_manager: 1, store_manager: 2 };

/** The users of a company (admins: `platform` lists the operator's admins). */
export async function listUsers(company_id: string) {
  assertCanManageUsers(company_id);
  const users = await usersOfCompany(company_id);
  return users
    .map(toUserInfo)
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.email.localeCompare(b.email));
}

async function manageable(user_id: string) {
  const user = await userById(user_id);
  if (!user) throw new UserError("userNotFound", 404);
  assertCanManageUser(user);
  return user;
}

export async function getUser(user_id: string) {
  return toUserInfo(await manageable(user_id));
}

/** A store manager's store must be a store of the user's company. */
async function assertStoreOf(company_id: string, store_id: string) {
  const store = await storeById(store_id).catch(() => undefined);
  if (!store || store.company_id !== company_id) throw new UserError("storeNotFound", 404);
}

/**
 * Creates a user in a company and mails them an invitation to /register/user, where they confirm
 * the address (and choose a password if none was set). A company manager cannot create an admin
 * nor reach another company; an admin's company is always `platform`.
 */
export async function createUserAs(input: z.input<typeof CreateUserInput>) {
  const v = CreateUserInput.parse(input);
  assertCanManageUsers(v.company_id);
  if (!canAssignRole(useActor(), v.role)) throw new UserError("forbidden", 403);
  const company_id = v.role === "admin" ? PLATFORM_COMPANY : v.company_id;
  if (v.role !== "admin" && company_id === PLATFORM_COMPANY) throw new UserError("valueIncorrect", 400);
  const store_id = v.role === "store_manager" ? v.store_id : "";
  if (store_id) await assertStoreOf(company_id, store_id);
  const created = await createUser({
    email: v.email,
    password: v.password || undefined,
    first_name: v.first_name,
    last_name: v.last_name,
    role: v.role,
    company_id,
    store_id,
    email_confirmed: false,
  });
  const user = (await userById(created.id))!;
  const company = await Db().entities.company.get({ company_id }).go();
  const token = await issueToken("invite", created.id);
  await sendAccountMail("invite", user.email, user.ui_locale ?? "ru", {
    email: user.email,
    company: company.data?.name ?? "QR Menu",
    token,
  });
  return toUserInfo(user);
}

/**
 * Edits a user: names, role and store, access (active), a new password, a new e-mail (confirmed by
 * the new address before it replaces the old one). A new password or lost access ends the user's
 * sessions at once. Nobody changes their own role or access here (settings/profile is for that).
 */
export async function updateUserAs(user_id: string, input: z.input<typeof UpdateUserInput>) {
  const v = UpdateUserInput.parse(input);
  const user = await manageable(user_id);
  const actor = useActor();
  const self = actor.type === "user" && actor.userId === user_id;
  const role = v.role ?? user.role;
  const roleChanged = role !== user.role;
  if (self && (roleChanged || v.active === false || (v.store_id !== undefined && v.store_id !== user.store_id))) {
    throw new UserError("selfChangeForbidden", 403);
  }
  if (roleChanged && (role === "admin" || user.role === "admin")) throw new UserError("valueIncorrect", 400);
  if (!canAssignRole(actor, role)) throw new UserError("forbidden", 403);
  const store_id = role === "store_manager" ? (v.store_id ?? user.store_id ?? "") : "";
  if (role === "store_manager") {
    if (!store_id) throw new UserError("valueIncorrect", 400, { field: "store_id" });
    if (store_id !== user.store_id) await assertStoreOf(user.company_id, store_id);
  }

  const set = {
    ...(v.first_name !== undefined ? { first_name: v.first_name } : {}),
    ...(v.last_name !== undefined ? { last_name: v.last_name } : {}),
    ...(v.active !== undefined ? { active: v.active } : {}),
    ...(v.password ? { password_hash: await hashPassword(v.password) } : {}),
    role,
    store_id,
  };
  const oldSeat =
    user.role === "store_manager" && user.manager_seat
      ? [{ kind: "managerSeat" as const, value: uniqueValue(user.store_id ?? "", String(user.manager_seat)) }]
      : [];
  const moving = role === "store_manager" && (user.role !== "store_manager" || store_id !== user.store_id || !user.manager_seat);
  if (moving) {
    await withManagerSeat({ company_id: user.company_id, store_id, except: user_id }, (seat) =>
      guardedWrite({ claim: [seatGuard(user.company_id, store_id, seat, user_id)], release: oldSeat }, (e) => [
        e.user.patch({ user_id }).set({ ...set, manager_seat: seat }).commit(),
      ]),
    );
  } else if (role !== "store_manager" && user.role === "store_manager") {
    await guardedWrite({ release: oldSeat }, (e) => [e.user.patch({ user_id }).set(set).remove(["manager_seat"]).commit()]);
  } else {
    await Db().entities.user.patch({ user_id }).set(set).go();
  }

  if (v.password || v.active === false) await endUserSessions(user_id);
  if (v.email && v.email !== user.email) await startEmailChange({ ...user, ...set } as UserRecord, v.email);
  return toUserInfo((await userById(user_id))!);
}

/** Deletes a user with their e-mail guard and manager seat; their sessions and links end with them. */
export async function deleteUserAs(user_id: string) {
  const user = await manageable(user_id);
  const actor = useActor();
  if (actor.type === "user" && actor.userId === user_id) throw new UserError("selfChangeForbidden", 403);
  await guardedWrite(
    {
      release: [
        { kind: "email", value: uniqueValue(user.email) },
        ...(user.role === "store_manager" && user.manager_seat
          ? [{ kind: "managerSeat" as const, value: uniqueValue(user.store_id ?? "", String(user.manager_seat)) }]
          : []),
      ],
    },
    (e) => [e.user.delete({ user_id }).commit()],
  );
  await Promise.all([endUserSessions(user_id), revokeTokens(user_id)]);
  return { id: user_id };
}
