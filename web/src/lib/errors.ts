import { toast } from "sonner";
import type { MessageId } from "@/i18n/catalogs";
import { getIntl } from "@/i18n/intl";
import { ApiError } from "./api-error";

/**
 * The text shown for a failed request: the translation of the server's error `code` when the
 * catalogs have it (`errors.api.<code>`), else the server's `message`, else "Something went wrong"
 * in the current language.
 */
export function errorMessageFor(error: unknown): string {
  const intl = getIntl();
  if (error instanceof ApiError) {
    const key = error.code ? `errors.api.${error.code}` : undefined;
    if (key && Object.hasOwn(intl.messages, key)) return intl.formatMessage({ id: key as MessageId });
    if (error.serverMessage) return error.serverMessage;
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
