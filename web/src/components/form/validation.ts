import { VALIDATION } from "@menu/core/shared/account-forms";
import { BILLING_MESSAGES } from "@menu/core/billing/schemas";
import { SAME_TIMES } from "@menu/core/category/schemas";
import { STORE_MESSAGES } from "@menu/core/store/schemas";
import { TABLE_MESSAGES, TABLES_BULK_MAX } from "@menu/core/tables/schemas";
import { RESERVED_NAME_MESSAGE, URL_NAME_SHAPE_MESSAGE } from "@menu/core/shared/url-key";
import type { z } from "zod";
import type { MessageId } from "@/i18n/catalogs";
import { ApiError } from "@/lib/api-error";

/** A message to show under a field: a catalog key (with values), or a text as the server sent it. */
export type FieldMessage = { id: MessageId; values?: Record<string, string | number> } | { text: string };

const BY_TEXT: Record<string, MessageId> = {
  [VALIDATION.empty]: "validation.empty",
  [VALIDATION.required]: "validation.required",
  [VALIDATION.invalidEmail]: "validation.invalidEmail",
  [VALIDATION.passwordsMismatch]: "validation.passwordsMismatch",
  [VALIDATION.latinOnly]: "validation.latinOnly",
  [VALIDATION.valueIncorrect]: "validation.valueIncorrect",
  [RESERVED_NAME_MESSAGE]: "validation.reservedName",
  [URL_NAME_SHAPE_MESSAGE]: "validation.urlNameShape",
  [STORE_MESSAGES.invalidUrl]: "validation.invalidUrl",
  [STORE_MESSAGES.invalidPhone]: "validation.invalidPhone",
  [STORE_MESSAGES.selectAtLeastOne]: "validation.selectAtLeastOne",
  [SAME_TIMES]: "validation.sameTimes",
  [BILLING_MESSAGES.unpFormat]: "validation.unpFormat",
  [BILLING_MESSAGES.checksum]: "validation.checksum",
  [TABLE_MESSAGES.patternNeedsNumber]: "validation.tablePattern",
  [TABLE_MESSAGES.rangeReversed]: "validation.rangeReversed",
};

/** Texts whose translation shows a bound. */
const WITH_VALUES: Record<string, FieldMessage> = {
  [TABLE_MESSAGES.tooMany]: { id: "validation.tablesTooMany", values: { max: TABLES_BULK_MAX } },
};

/**
 * The translated message of a zod issue: the specification's texts, and the length messages of
 * `text()` (`@menu/core/shared/text-rules`) with their bound, else "Value is incorrect".
 */
export function issueMessage(issue: z.core.$ZodIssue): FieldMessage {
  const known = BY_TEXT[issue.message];
  if (known) return { id: known };
  const bounded = WITH_VALUES[issue.message];
  if (bounded) return bounded;
  if (issue.code === "invalid_type" && issue.input === undefined) return { id: "validation.required" };
  if (issue.code === "too_small" && issue.origin === "string") {
    return Number(issue.minimum) <= 1 ? { id: "validation.required" } : { id: "validation.minLength", values: { min: Number(issue.minimum) } };
  }
  if (issue.code === "too_big" && issue.origin === "string") return { id: "validation.maxLength", values: { max: Number(issue.maximum) } };
  if (issue.code === "invalid_format" && issue.format === "email") return { id: "validation.invalidEmail" };
  return { id: "validation.valueIncorrect" };
}

/** The first issue of each field (by the first path segment). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_form");
    errors[field] ??= issueMessage(issue);
  }
  return errors;
}

/** API error codes that belong to one field of a form. */
export const FIELD_OF_CODE: Record<string, string> = {
  emailExists: "email",
  companyUrlExists: "company_url_key",
  storeUrlExists: "store_url_key",
  userNotFoundByEmail: "email",
  currentPasswordIncorrect: "current_password",
  storeManagersLimit: "store_id",
  tableNameExists: "name",
};

/** The field an API error belongs to, if any, with its translated message key. */
export function apiFieldError(error: unknown, fields: readonly string[]): [string, FieldMessage] | undefined {
  if (!(error instanceof ApiError) || !error.code) return undefined;
  const field = FIELD_OF_CODE[error.code];
  if (!field || !fields.includes(field)) return undefined;
  return [field, { id: `errors.api.${error.code}` as MessageId }];
}
