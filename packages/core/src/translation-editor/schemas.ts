/**
 * Translation shapes shared by the API and the SPA (free of Node imports): the statuses and the
 * manual-translation form, validated with the same schemas as the source texts (a content's
 * translations as shown are shared/translations-info.ts).
 */
import { z } from "zod";
import { categoryName } from "../category/schemas";
import { Description, ItemTitle } from "../item/schemas";
import { PromotionHeader } from "../promotion/schemas";
import { TRANSLATION_STATUSES, TRANSLATION_TARGETS } from "../shared/model";
import type { TargetType } from "../shared/model";
export { TARGET_TYPES, type TargetType } from "../shared/model";
import { text } from "../shared/text-rules";
import { ADDRESS_MAX, LIST_MAX, PHONE_DESCRIPTION_MAX } from "../store/schemas";

export const TranslationLanguage = z.enum(TRANSLATION_TARGETS);
export type TranslationLanguage = z.infer<typeof TranslationLanguage>;

/** A translation's title follows the rules of its source field. */
export const TRANSLATED_TITLE = { Item: ItemTitle, Category: categoryName, Promotion: PromotionHeader } as const;

/** A store's texts written by hand: the address and a note per phone, each as the source field's rules. */
export const StoreTextsTranslation = z.object({
  address: text({ max: ADDRESS_MAX, optional: true }).optional(),
  phones: z.array(text({ max: PHONE_DESCRIPTION_MAX, optional: true })).max(LIST_MAX).optional(),
});

export const manualTranslationForm = (type: TargetType) =>
  type === "Store" ? StoreTextsTranslation : z.object({ title: TRANSLATED_TITLE[type], description: Description.optional() });
export type ManualTranslationValues = { title?: string; description?: string; address?: string; phones?: string[] };

export const LanguageStatus = z.object({ status: z.enum(TRANSLATION_STATUSES), error: z.string().optional() });
/**
 * The answer of POST /api/translations/statuses (SPEC.md section 7): one content's status over its
 * languages — queued or in progress while any language is, else failed when any ended in error, else
 * completed — and each language's own.
 */
export const TranslationStatus = z.object({
  id: z.string(),
  status: z.enum(["queued", "in_progress", "failed", "completed"]),
  languages: z.record(z.string(), LanguageStatus),
});
export type TranslationStatus = z.infer<typeof TranslationStatus>;
