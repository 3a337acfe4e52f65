import { z } from "zod";
import { fn } from "../shared/fn";
import { guardedWrite } from "../shared/guarded-write";
import { newId } from "../shared/ids";
import { UI_LOCALES } from "../shared/model";
import { uniqueValue } from "../shared/unique.entity";
import { hashPassword } from "./password";
import { ROLES } from "./user.entity";

/** The company id of the operator's own accounts (role admin), who belong to no customer company. */
export const PLATFORM_COMPANY = "platform";

export const CreateUser = z.object({
  email: z.email("This is an invalid email address").transform((s) => s.toLowerCase()),
  password: z.string().min(8).max(200),
  first_name: z.string().trim().max(80).default(""),
  last_name: z.string().trim().max(80).default(""),
  role: z.enum(ROLES),
  company_id: z.string().min(1),
  store_id: z.string().default(""),
  email_confirmed: z.boolean().default(false),
  ui_locale: z.enum(UI_LOCALES).default("ru"),
});

export const createUser = fn(CreateUser, async ({ password, ...input }) => {
  const user_id = newId();
  const password_hash = await hashPassword(password);
  await guardedWrite({ claim: [{ kind: "email", value: uniqueValue(input.email), ref: user_id }] }, (e) => [
    e.user.create({ ...input, user_id, password_hash }).commit(),
  ]);
  return { id: user_id, ...input };
});
