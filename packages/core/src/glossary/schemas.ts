/** The glossary (translations map) form, free of Node imports: the SPA validates with it too. */
import { z } from "zod";
import { VALIDATION } from "../shared/account-forms";
import { text as textRule } from "../shared/text-rules";

export const ABBREVIATION_MAX = 30;
export const FULL_FORM_MAX = 200;

const text = (max: number) => textRule({ max });

/**
 * An abbreviation and the full form it is expanded to before machine translation ("с/м" →
 * "свежемороженый"), or a term never to translate (`keep`: a dish or brand name), which needs no full
 * form (it is stored as the term itself). Extend it, then `.superRefine(fullFormRule)`.
 */
export const AbbreviationFields = z.object({
  abbreviation: text(ABBREVIATION_MAX).refine((s) => /\p{L}/u.test(s), VALIDATION.valueIncorrect),
  /** Required in the body ("" for a kept term), so every client states it. */
  full_form: z.string().max(FULL_FORM_MAX * 2),
  keep: z.boolean().default(false),
});

/** The full form follows the text rules unless the term is kept as written. */
export function fullFormRule(form: { full_form: string; keep: boolean }, ctx: z.RefinementCtx) {
  if (form.keep) return;
  const full = text(FULL_FORM_MAX).safeParse(form.full_form);
  if (!full.success) for (const issue of full.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: ["full_form"] });
}

export const AbbreviationForm = AbbreviationFields.superRefine(fullFormRule);
export type AbbreviationForm = z.input<typeof AbbreviationForm>;
