import { z } from "zod";
import { isReservedUrlName } from "./reserved-names";
import { maxLengthMessage, TEXT_MESSAGES } from "./text-rules";

export const URL_KEY_MAX = 40;

/** The refusal of a name the site's own paths or misleading words hold (shared/reserved-names.ts). */
export const RESERVED_NAME_MESSAGE = "This name is reserved";

/** SPEC.md section 5's message, for a letter that is not Latin (or any other sign). */
const LATIN_ONLY_MESSAGE = "Only Latin letters are allowed";
const CHARACTERS = /^[A-Za-z0-9-]+$/;
/** Digits and hyphens are allowed (decision 105), in their places only. */
export const URL_NAME_SHAPE_MESSAGE = "Starts with a letter; a hyphen only between letters or digits";

/**
 * URL names: Latin letters, digits and single hyphens between them, starting with a letter, stored
 * lowercase (SPEC.md section 5 said letters only; issue 50 offers a taken name as `name-2`:
 * decision 105), none of the reserved ones.
 */
export const UrlKey = z
  .string()
  .trim()
  .min(1, { message: TEXT_MESSAGES.empty, abort: true })
  .max(URL_KEY_MAX, maxLengthMessage(URL_KEY_MAX))
  .regex(CHARACTERS, LATIN_ONLY_MESSAGE)
  // One message at a time: the shape is judged once the characters are right (no abort, which
  // would silence the other fields' checks of the same form).
  .refine((s) => !CHARACTERS.test(s) || /^[A-Za-z](?:-?[A-Za-z0-9])*$/.test(s), URL_NAME_SHAPE_MESSAGE)
  .refine((s) => !isReservedUrlName(s), RESERVED_NAME_MESSAGE)
  .transform((s) => s.toLowerCase())
  // The reserved names are a rule JSON Schema does not state: the document gives names that pass.
  .meta({
    description: "Latin letters, digits and single hyphens between them, starting with a letter; not one of the service's own path names or misleading words (shared/reserved-names.ts)",
    examples: ["center", "berezka-2", "bistro-minsk"],
  });
