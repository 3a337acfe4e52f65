/**
 * Staff roles (SPEC.md section 6, PRODUCT.md "Roles and tenancy"). Kept free of Node-only imports:
 * the SPA imports it through the account schemas.
 */
export const ROLES = ["admin", "company_manager", "store_manager"] as const;
export type UserRole = (typeof ROLES)[number];

/** The company id of the operator's own accounts (role admin), who belong to no customer company. */
export const PLATFORM_COMPANY = "platform";

/** SPEC.md sections 5 and 9: a store has at most 5 managers. */
export const MAX_STORE_MANAGERS = 5;
