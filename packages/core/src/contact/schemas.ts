/**
 * The contact form (/service-contacts), free of Node imports so the SPA checks it with the same
 * rules: name, e-mail, message and at most 3 attachments of 5 MB each (SPEC.md sections 5 and 9).
 */
import { z } from "zod";
import { Email, VALIDATION } from "../shared/account-forms";
import { text } from "../shared/text-rules";

export const CONTACT_LIMITS = {
  files: 3,
  fileBytes: 5 * 1024 * 1024,
  nameMax: 100,
  messageMax: 5000,
} as const;

export const ContactForm = z.object({
  name: text({ max: CONTACT_LIMITS.nameMax, empty: VALIDATION.required }),
  email: Email,
  message: text({ max: CONTACT_LIMITS.messageMax, empty: VALIDATION.required }),
});
export type ContactForm = z.input<typeof ContactForm>;

/** What is wrong with a set of attachments, as an error code of the catalogue, or null. */
export function attachmentProblem(files: readonly { size: number }[]): "contactTooManyFiles" | "contactFileTooLarge" | null {
  if (files.length > CONTACT_LIMITS.files) return "contactTooManyFiles";
  if (files.some((f) => f.size > CONTACT_LIMITS.fileBytes)) return "contactFileTooLarge";
  return null;
}
