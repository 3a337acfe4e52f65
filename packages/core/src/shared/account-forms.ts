/**
 * The zod schemas of the account forms: sign-in, registration, password reset, invitations,
 * profile and users. The API validates with them and the SPA validates its forms with the same
 * ones, so this module must stay free of Node-only imports (zod and pure modules only).
 */
import { z } from "zod";
import { UI_LOCALES } from "./model";
import { secret, text, TEXT_MESSAGES, maxLengthMessage } from "./text-rules";
import { UrlKey } from "./url-key";
import { ROLES } from "./roles";

/** The specification's validation texts (SPEC.md section 5); the SPA translates them. */
export const VALIDATION = {
  empty: TEXT_MESSAGES.empty,
  required: TEXT_MESSAGES.required,
  invalidEmail: "This is an invalid email address",
  passwordsMismatch: "Passwords do not match",
  latinOnly: "Only Latin letters are allowed",
  valueIncorrect: "Value is incorrect",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 80;
export const TITLE_MAX = 120;
export const EMAIL_MAX = 254;

export const Email = text({ max: EMAIL_MAX, empty: VALIDATION.required })
  .pipe(z.email(VALIDATION.invalidEmail))
  .transform((s) => s.toLowerCase())
  .meta({ format: "email" });

/** A new password. Existing passwords are only checked for presence (old accounts may be shorter). */
export const NewPassword = secret({ min: PASSWORD_MIN, max: PASSWORD_MAX });
const AnyPassword = secret({ max: PASSWORD_MAX });
/** A password that may be left empty (an invitation without one); when given, the rules of a new one. */
const OptionalNewPassword = secret({ min: PASSWORD_MIN, max: PASSWORD_MAX, optional: true });

/** A person's first or last name: optional, but never only invisible characters (those count as none). */
const Name = text({ max: NAME_MAX, optional: true });
/**
 * A name the users form requires (on create and on edit): blank or invisible-only answers "This
 * field is required", in the form and from the API alike.
 */
const RequiredName = text({ max: NAME_MAX, empty: VALIDATION.required });
const Title = text({ max: TITLE_MAX });

/** A one-time token from an e-mail link (base64url, 32 random bytes). */
export const LinkToken = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);

const matching = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation;
const mismatch = { message: VALIDATION.passwordsMismatch, path: ["password_confirmation"] };
/** A rule between fields, which JSON Schema cannot state: the API document says it in words. */
const CONFIRMATION_RULE = "Must equal `password` exactly";
const Confirmation = z.string(VALIDATION.required).meta({ description: CONFIRMATION_RULE });

export const SignInForm = z.object({
  email: Email,
  password: AnyPassword,
  remember: z.boolean().default(false),
});
export type SignInForm = z.input<typeof SignInForm>;

export const RegisterOrganization = z
  .object({
    company_name: Title,
    store_name: Title,
    company_url_key: UrlKey,
    store_url_key: UrlKey,
    email: Email,
    password: NewPassword,
    password_confirmation: Confirmation,
    ui_locale: z.enum(UI_LOCALES).default("ru"),
    /** "Open the menu to guests right away": no 3 days of preparation, the trial starts now (issue 50). */
    open_now: z.boolean().default(false),
  })
  .refine(matching, mismatch);
export type RegisterOrganization = z.input<typeof RegisterOrganization>;

export const AVAILABILITY_FIELDS = ["email", "company_url_key", "store_url_key"] as const;
export const Availability = z.object({
  field: z.enum(AVAILABILITY_FIELDS),
  value: z.string().max(EMAIL_MAX, maxLengthMessage(EMAIL_MAX)),
  /** For a store URL name: the company it must be unique in (none while registering a new company). */
  companyKey: z.string().max(64).optional(),
});

export const ForgotPassword = z.object({ email: Email });

export const ResetPassword = z
  .object({ token: LinkToken, password: NewPassword, password_confirmation: Confirmation })
  .refine(matching, mismatch);
export type ResetPassword = z.input<typeof ResetPassword>;

export const ConfirmEmail = z.object({ token: LinkToken });

/** "Send me a sign-in link" (an account limited for unknown devices), and the link's use. */
export const SignInLinkRequest = z.object({ email: Email });
export const SignInLinkUse = z.object({ token: LinkToken, remember: z.boolean().optional() });

/** /register/user: an invited user confirms the address, names and (if the manager set none) a password. */
export const AcceptInvitation = z
  .object({
    token: LinkToken,
    first_name: Name,
    last_name: Name,
    password: OptionalNewPassword.default(""),
    password_confirmation: z.string().default("").meta({ description: CONFIRMATION_RULE }),
  })
  .refine(matching, mismatch);
export type AcceptInvitation = z.input<typeof AcceptInvitation>;

export const UpdateProfile = z.object({
  first_name: Name.optional(),
  last_name: Name.optional(),
  ui_locale: z.enum(UI_LOCALES).optional(),
  setup_welcome_message: z.boolean().optional(),
});
export type UpdateProfile = z.input<typeof UpdateProfile>;

export const ChangePassword = z
  .object({
    current_password: AnyPassword,
    password: NewPassword,
    password_confirmation: Confirmation,
  })
  .refine(matching, mismatch);
export type ChangePassword = z.input<typeof ChangePassword>;

export const ChangeEmail = z.object({ email: Email, current_password: AnyPassword });
export type ChangeEmail = z.input<typeof ChangeEmail>;

/**
 * settings/users: the user form (SPEC.md section 3: first name, last name, e-mail, role, password).
 * Both names are required, when a user is created and when one is edited.
 */
export const UserForm = z.object({
  first_name: RequiredName,
  last_name: RequiredName,
  email: Email,
  role: z.enum(ROLES),
  /** Required for store managers: the store they manage. */
  store_id: z.string().max(64).default("").meta({ description: "Required (not empty) when `role` is `store_manager`" }),
  /** Optional: without one the invited user chooses a password when accepting the invitation. */
  password: OptionalNewPassword.default(""),
});
export type UserForm = z.input<typeof UserForm>;

export const CreateUserInput = UserForm.extend({ company_id: z.string().min(1).max(64) }).refine(
  (v) => v.role !== "store_manager" || v.store_id.length > 0,
  { message: VALIDATION.required, path: ["store_id"] },
);

/**
 * An edit sends only what changes: a name left out stays as it is, but a name sent cannot be blank
 * (users without names, e.g. a registered company's first manager, keep none until one is given).
 */
export const UpdateUserInput = z.object({
  first_name: RequiredName.optional(),
  last_name: RequiredName.optional(),
  email: Email.optional(),
  role: z.enum(ROLES).optional(),
  store_id: z.string().max(64).optional(),
  password: OptionalNewPassword.optional(),
  active: z.boolean().optional(),
});
export type UpdateUserInput = z.input<typeof UpdateUserInput>;
