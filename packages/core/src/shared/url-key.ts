import { z } from "zod";

/** URL names: Latin letters only, stored lowercase (SPEC.md section 5). */
export const UrlKey = z
  .string()
  .trim()
  .min(1, "String cannot be empty")
  .max(40)
  .regex(/^[A-Za-z]+$/, "Only Latin letters are allowed")
  .transform((s) => s.toLowerCase());
