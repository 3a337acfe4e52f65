/**
 * User-facing errors. `code` is the key the SPA translates; `message` is the specification's text
 * (SPEC.md sections 5 and 8), word for word.
 */
export const MESSAGES = {
  notFound: "Page not found",
  companyNotFound: "Company not found",
  storeNotFound: "Store not found",
  requestFailed: "Request failed",
  somethingWentWrong: "Something went wrong",
  incorrectLogin: "Incorrect login or password",
  emailExists: "This email address already exists",
  companyUrlExists: "Company URL name already exists",
  storeUrlExists: "Store URL name already exists",
  vatExists: "Such VAT number already exists",
  ibanExists: "Such IBAN already exists",
  tableNameExists: "Table name already exists",
  valueIncorrect: "Value is incorrect",
  forbidden: "Access denied",
  unauthorized: "Sign in required",
  payloadTooLarge: "Request is too large",
} as const;

export type MessageCode = keyof typeof MESSAGES;

export class UserError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 = 400,
    readonly details?: unknown,
  ) {
    super(MESSAGES[code]);
    this.name = "UserError";
  }
}

export const notFound = (code: MessageCode = "notFound") => new UserError(code, 404);
