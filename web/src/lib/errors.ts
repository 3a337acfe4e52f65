import { toast } from "sonner";
import type { MessageId } from "@/i18n/catalogs";
import { getIntl } from "@/i18n/intl";
import { ApiError } from "./api-error";

/**
 * The text shown for a failed request: the server's `message` (translated when it is a key of the
 * catalogs), otherwise "Something went wrong" in the current language.
 */
export function errorMessageFor(error: unknown): string {
  const intl = getIntl();
  if (error instanceof ApiError && error.serverMessage) {
    const key = error.serverMessage;
    return Object.hasOwn(intl.messages, key) ? intl.formatMessage({ id: key as MessageId }) : key;
  }
  return intl.formatMessage({ id: "errors.somethingWentWrong", defaultMessage: "Something went wrong" });
}

/** Shows an error toast; identical messages collapse into one toast. */
export function notifyError(error: unknown): void {
  const message = errorMessageFor(error);
  toast.error(message, { id: `error:${message}` });
}

/** The error object as formatted JSON, own non-enumerable properties (message, stack) included. */
export function formatError(error: unknown): string {
  try {
    if (typeof error === "object" && error !== null) {
      return JSON.stringify(error, Object.getOwnPropertyNames(error), 2);
    }
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error); // circular structures
  }
}
