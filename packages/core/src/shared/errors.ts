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
  tableNotFound: "Table not found",
  tablesLimit: "A store can have at most 1000 tables",
  sortingUnchanged: "You did not make any changes to the sorting",
  featureNotInPlan: "This feature is available on the premium plans",
  // Table calls (issue 36)
  tablePassInvalid: "Scan the QR code on your table again",
  callTooSoon: "Please wait a minute before calling again",
  callsNotInPlan: "Calling the waiter is not available in this menu",
  callNotFound: "Call not found",
  valueIncorrect: "Value is incorrect",
  forbidden: "Access denied",
  unauthorized: "Sign in required",
  payloadTooLarge: "Request is too large",
  // Accounts and sign-in (issue 3)
  userNotFoundByEmail: "A user with this email does not exist",
  confirmationExpired: "Email confirmation session has expired or is missing",
  passwordResetExpired: "Password reset session has expired or is missing",
  signInLinkExpired: "The sign-in link is invalid, used or expired. Ask for a new one",
  csrfSignOut: "Could not fetch CSRF Token for signing out",
  csrfInvalid: "CSRF token is missing or invalid",
  tooManyAttempts: "Too many attempts. Please try again later",
  emailNotConfirmed: "Please confirm your e-mail address first. We have sent you the link again",
  currentPasswordIncorrect: "The current password is incorrect",
  storeManagersLimit: "A store can have at most 5 managers",
  userNotFound: "User not found",
  selfChangeForbidden: "You cannot change your own role or access, or delete yourself",
  subscriptionAddFailed: "Failed to add subscription",
  subscriptionActivateFailed: "Failed to activate subscription",
  trialNotAvailable: "The trial can start only during preparation, before any plan was activated",
  storeCannotAdd: "The current store cannot add a subscription",
  storeCannotActivate: "The current store cannot activate a subscription",
  billingRequired: "Fill in the billing details first",
  unpaidBlocksSwitch: "Pay for the current subscription first",
  switchCooldown: "The plan cannot be switched yet",
  downgradeNeedsConfirmation: "Confirm the downgrade: some features will be lost",
  invalidSignature: "Invalid signature",
  // Stores (issue 7)
  unpaidBlocksNewStore: "A new store can be created only when all paid subscriptions are paid",
  // Reviews widget and contact form (issue 7)
  reviewsWidgetFormat: "Incorrect Yandex.Reviews widget format",
  messageNotDelivered: "The message could not be delivered",
  contactTooManyFiles: "At most 3 files can be attached",
  contactFileTooLarge: "A file can be at most 5 MB",
  // Categories and supercategories (issue 4)
  categoryNotFound: "Category not found",
  categoryAddFailed: "Failed to add category",
  categoryUpdateFailed: "Failed to update category",
  categoryDeleteFailed: "Could not delete category",
  parentHasSchedule: "A category schedule cannot be added if a parent already has its own schedule",
  childHasSchedule: "A category of this supercategory already has its own schedule",
  categoryNestingTooDeep: "A supercategory with categories cannot be moved into another one",
  categoryParentHasItems: "A category that holds items cannot become a supercategory",
  // Menu items and promotions (issue 4)
  itemNotFound: "Item not found",
  promotionNotFound: "Promotion not found",
  wrongCategoryForContent: "This category is for another kind of content",
  selectAtLeastOne: "You need to select at least one item",
  // Item lists in pages (issue 31)
  invalidCursor: "The list has changed. Please reload the page",
  positionOutOfRange: "There is no such position in this category",
  // Image uploads (issue 4, SPEC section 5: required, a single image only, maximum size, unsupported extension)
  imageRequired: "Image is required",
  imageSingleOnly: "Only one image can be uploaded at a time",
  imageTooLarge: "The image is too large. Maximum size: 4 MB",
  imageTooManyPixels: "The image has too many pixels. Maximum: 50 megapixels",
  imageUnsupported: "Unsupported file extension. Use JPEG, PNG, WebP, GIF or AVIF",
  // Translation glossary (issue 12)
  abbreviationExists: "This abbreviation already exists",
  abbreviationNotFound: "Abbreviation not found",
  importInvalid: "The file has errors: nothing was imported",
  // Chains (issue 36): a menu copied between stores
  copySameStore: "Choose another store to copy the menu from",
  copyInvalid: "Some items of the other store are invalid: nothing was copied",
  copyRunning: "A menu copy into this store is already under way",
  copyFailed: "The menu could not be copied: nothing was changed. Please try again",
  // Limits (issue 30): the service is saturated for a moment, not broken
  serviceBusy: "The service is busy. Please try again in a minute",
} as const;

export type MessageCode = keyof typeof MESSAGES;

export class UserError extends Error {
  constructor(
    readonly code: MessageCode,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 = 400,
    readonly details?: unknown,
  ) {
    super(MESSAGES[code]);
    this.name = "UserError";
  }
}

export const notFound = (code: MessageCode = "notFound") => new UserError(code, 404);
