import { z } from "zod";
import { Email, NewPassword } from "../shared/account-forms";
import { createUser, PLATFORM_COMPANY } from "../auth/user";

/**
 * The operator's first account. Nobody can sign up as a platform admin, so `pnpm admin:create`
 * (packages/local/src/admin-create.ts) makes it, under sign-up's rules for the e-mail address and
 * the password; the e-mail guard refuses an address that already has an account.
 */
export const PlatformAdmin = z.object({ email: Email, password: NewPassword });

export async function createPlatformAdmin(input: z.input<typeof PlatformAdmin>) {
  const { email, password } = PlatformAdmin.parse(input);
  return createUser({ email, password, role: "admin", company_id: PLATFORM_COMPANY, email_confirmed: true });
}
