import { randomUUID } from "node:crypto";
import { createUser, PLATFORM_COMPANY } from "@menu/core/auth/user";
import { venue } from "../../../core/test/fixtures";

export const PASSWORD = "Correct-horse-42";
export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** A company with a store (and its menu records), a confirmed company manager and store manager. */
export async function tenant(prefix: string) {
  const v = await venue(prefix);
  const [owner, manager] = await Promise.all([
    createUser({ email: uniqueEmail(`${prefix}-owner`), password: PASSWORD, role: "company_manager", company_id: v.company_id, email_confirmed: true }),
    createUser({
      email: uniqueEmail(`${prefix}-manager`),
      password: PASSWORD,
      role: "store_manager",
      company_id: v.company_id,
      store_id: v.store_id,
      email_confirmed: true,
    }),
  ]);
  return { ...v, owner, manager };
}

export const platformAdmin = () =>
  createUser({ email: uniqueEmail("admin"), password: PASSWORD, role: "admin", company_id: PLATFORM_COMPANY, email_confirmed: true });
