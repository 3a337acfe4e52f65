import { z } from "zod";
import { maxLengthMessage, TEXT_MESSAGES } from "./text-rules";

export const URL_KEY_MAX = 40;

/** URL names: Latin letters only, stored lowercase (SPEC.md section 5). */
export const UrlKey = z
  .string()
  .trim()
  .min(1, { message: TEXT_MESSAGES.empty, abort: true })
  .max(URL_KEY_MAX, maxLengthMessage(URL_KEY_MAX))
  .regex(/^[A-Za-z]+$/, "Only Latin letters are allowed")
  .transform((s) => s.toLowerCase());
