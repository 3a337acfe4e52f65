import { z } from "zod";
import { isReservedUrlName } from "./reserved-names";
import { maxLengthMessage, TEXT_MESSAGES } from "./text-rules";

export const URL_KEY_MAX = 40;

/** The refusal of a name the site's own paths or misleading words hold (shared/reserved-names.ts). */
export const RESERVED_NAME_MESSAGE = "This name is reserved";

/** URL names: Latin letters only, stored lowercase (SPEC.md section 5), none of the reserved ones. */
export const UrlKey = z
  .string()
  .trim()
  .min(1, { message: TEXT_MESSAGES.empty, abort: true })
  .max(URL_KEY_MAX, maxLengthMessage(URL_KEY_MAX))
  .regex(/^[A-Za-z]+$/, "Only Latin letters are allowed")
  .refine((s) => !isReservedUrlName(s), RESERVED_NAME_MESSAGE)
  .transform((s) => s.toLowerCase())
  // The reserved names are a rule JSON Schema does not state: the document gives names that pass.
  .meta({ description: "Latin letters; not one of the service's own path names or misleading words (shared/reserved-names.ts)", examples: ["center", "park", "bistro"] });
