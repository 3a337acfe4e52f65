/** The glossary (translations map) form, free of Node imports: the SPA validates with it too. */
import { z } from "zod";
import { VALIDATION } from "../auth/schemas";
import { text as textRule } from "../shared/text-rules";

export const ABBREVIATION_MAX = 30;
export const FULL_FORM_MAX = 200;

const text = (max: number) => textRule({ max });

/** An abbreviation and the full form it is expanded to before machine translation ("с/м" → "свежемороженый"). */
export const AbbreviationForm = z.object({
  abbreviation: text(ABBREVIATION_MAX).refine((s) => /\p{L}/u.test(s), VALIDATION.valueIncorrect),
  full_form: text(FULL_FORM_MAX),
});
export type AbbreviationForm = z.input<typeof AbbreviationForm>;
