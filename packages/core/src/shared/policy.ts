import { useActor, type Actor } from "./actor";
import { UserError } from "./errors";

/**
 * The one place where access to tenant data is decided (PRODUCT.md "Roles and tenancy"):
 * admin everything; company_manager own company and all its stores; store_manager own store only.
 */
export function canManageStore(actor: Actor, company_id: string, store_id: string) {
  if (actor.type === "system") return true;
  if (actor.type !== "user") return false;
  switch (actor.role) {
    case "admin":
      return true;
    case "company_manager":
      return actor.companyId === company_id;
    case "store_manager":
      return actor.companyId === company_id && actor.storeId === store_id;
  }
}

export function canManageCompany(actor: Actor, company_id: string) {
  if (actor.type === "system") return true;
  if (actor.type !== "user") return false;
  return actor.role === "admin" || (actor.role === "company_manager" && actor.companyId === company_id);
}

/** Denied access answers "not found", so a caller cannot probe other tenants' ids. */
export function assertCanManageStore(company_id: string, store_id: string) {
  if (!canManageStore(useActor(), company_id, store_id)) throw new UserError("storeNotFound", 404);
}

/** A store's key pair, the partition of everything kept under it. */
export const storeKeys = (store: { company_id: string; store_id: string }) => ({ company_id: store.company_id, store_id: store.store_id });

export function assertCanManageCompany(company_id: string) {
  if (!canManageCompany(useActor(), company_id)) throw new UserError("companyNotFound", 404);
}

// ---------------------------------------------------------------------------------------------
// Accounts (issue 3): users, roles, the operator view

type UserRef = { company_id: string; role: "admin" | "company_manager" | "store_manager" };

/** Anyone signed in. */
export const isSignedIn = (actor: Actor): actor is Extract<Actor, { type: "user" }> => actor.type === "user";

/** settings/users of a company: admin, or a company manager of that company (SPEC.md section 6). */
export function canManageUsers(actor: Actor, company_id: string) {
  if (actor.type === "system") return true;
  if (actor.type !== "user") return false;
  if (actor.role === "admin") return true;
  return actor.role === "company_manager" && actor.companyId === company_id;
}

/** A company manager may hand out the company's roles; only an admin may create an admin. */
export function canAssignRole(actor: Actor, role: UserRef["role"]) {
  if (actor.type === "system") return true;
  if (actor.type !== "user") return false;
  if (actor.role === "admin") return true;
  return actor.role === "company_manager" && role !== "admin";
}

/** Editing or deleting an existing user: their company's users, and never an admin unless admin. */
export const canManageUser = (actor: Actor, target: UserRef) =>
  canManageUsers(actor, target.company_id) && canAssignRole(actor, target.role);

/** The platform admins (and the system): the operator view, every company, invoices marked paid. */
export const isPlatformAdmin = (actor: Actor) => actor.type === "system" || (actor.type === "user" && actor.role === "admin");

export function assertPlatformAdmin() {
  if (!isPlatformAdmin(useActor())) throw new UserError("forbidden", 403);
}

/** Staff of the company (any role), or a platform admin; anyone else gets "company not found". */
export function assertInCompany(company_id: string) {
  const actor = useActor();
  if (!(isPlatformAdmin(actor) || (actor.type === "user" && actor.companyId === company_id))) throw new UserError("companyNotFound", 404);
}

/** The signed-in user, or 401. */
export function assertSignedIn() {
  const actor = useActor();
  if (!isSignedIn(actor)) throw new UserError("unauthorized", 401);
  return actor;
}

export function assertCanManageUsers(company_id: string) {
  if (!canManageUsers(useActor(), company_id)) throw new UserError("companyNotFound", 404);
}

export function assertCanManageUser(target: UserRef) {
  if (!canManageUser(useActor(), target)) throw new UserError("userNotFound", 404);
}

/** The operator view (all companies and stores) is the platform admins'; anyone else gets "not found". */
export function assertCanUseOperatorView() {
  if (!isPlatformAdmin(useActor())) throw new UserError("notFound", 404);
}
