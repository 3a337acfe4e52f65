/**
 * The one way a form's text field states its rules (SPEC.md section 5): empty, minimum and maximum
 * length with the bound shown. Every schema that the SPA and the API share builds its text fields
 * here, so the client and the server check the same numbers and answer the same messages.
 * Pure (zod only): the SPA imports it.
 */
import { z } from "zod";

/** The specification's texts; the SPA translates them (`validation.*`), with the bound interpolated. */
export const TEXT_MESSAGES = {
  empty: "String cannot be empty",
  required: "This field is required",
} as const;

export const minLengthMessage = (n: number) => `Minimum length is ${n} characters`;
export const maxLengthMessage = (n: number) => `Maximum length is ${n} characters`;

/**
 * Characters that show nothing on their own: white space of every script, zero-width and joiner
 * characters, bidi marks, embeddings and isolates, soft hyphen, variation selectors, tag
 * characters, fillers (Unicode Default_Ignorable_Code_Point), other format and control
 * characters, and the blank Braille pattern that renders as a space.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\u2800]/gu;
/** What is stripped at either end besides white space: zero-width spaces, bidi marks and controls. */
const EDGES = /^[\s\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]+|[\s\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]+$/g;

/** Whether a text has at least one character a reader can see. */
export const hasVisibleText = (value: string) => value.replace(INVISIBLE, "").length > 0;

/**
 * Trims white space and invisible characters at both ends; a text made only of invisible characters
 * becomes "" (so it is refused like an empty one, or stored as nothing when the field is optional).
 * Joiners and variation selectors inside a text (emoji sequences, Persian) are kept.
 */
export const cleanText = (value: string) => {
  const trimmed = value.replace(EDGES, "");
  return hasVisibleText(trimmed) ? trimmed : "";
};

export type TextRules = {
  /** The longest text allowed (characters, as the input counts them). */
  max: number;
  /** The shortest non-empty text allowed; 1 unless said. */
  min?: number;
  /** The message for an empty or invisible-only value ("String cannot be empty" unless said). */
  empty?: string;
  /** The message for a value not sent at all ("This field is required" unless said). */
  missing?: string;
  /** An empty value is allowed (then `min` applies only to a non-empty one). */
  optional?: boolean;
};

/**
 * A text field: trimmed (invisible characters too), then empty, minimum and maximum length, each
 * with its own message. `text({ max: 60 })` is a required name of at most 60 characters;
 * `text({ max: 300, optional: true })` an address that may be left empty.
 */
export function text({ max, min = 1, empty = TEXT_MESSAGES.empty, missing = TEXT_MESSAGES.required, optional = false }: TextRules) {
  const base = z.string(missing).overwrite(cleanText);
  if (optional) {
    const checked = base.max(max, maxLengthMessage(max));
    if (min <= 1) return checked;
    return checked.superRefine((value, ctx) => {
      if (value.length > 0 && value.length < min) {
        ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: value, message: minLengthMessage(min) });
      }
    });
  }
  const required = base.min(1, { message: empty, abort: true });
  return (min > 1 ? required.min(min, minLengthMessage(min)) : required).max(max, maxLengthMessage(max));
}

/**
 * A secret typed as is (passwords): never trimmed, since spaces may be part of it; empty, minimum
 * and maximum length with their messages. `optional`: "" is allowed (no password set).
 */
export function secret({ max, min = 1, empty = TEXT_MESSAGES.required, missing = TEXT_MESSAGES.required, optional = false }: TextRules) {
  const base = z.string(missing);
  if (optional) {
    return base.max(max, maxLengthMessage(max)).superRefine((value, ctx) => {
      if (value.length > 0 && value.length < min) {
        ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: value, message: minLengthMessage(min) });
      }
    });
  }
  const required = base.min(1, { message: empty, abort: true });
  return (min > 1 ? required.min(min, minLengthMessage(min)) : required).max(max, maxLengthMessage(max));
}
