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

export function assertCanManageCompany(company_id: string) {
  if (!canManageCompany(useActor(), company_id)) throw new UserError("companyNotFound", 404);
}
