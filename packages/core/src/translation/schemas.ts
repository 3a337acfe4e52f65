/**
 * Translation shapes shared by the API and the SPA (free of Node imports): the translations of a
 * content, the statuses, and the manual-translation form, validated with the same schemas as the
 * source texts.
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

/**
 * One language of a content: machine-made, hand-made (`manual`) or machine-made and checked by staff
 * (`checked`); auto-translation keeps the last two, which are "outdated" once their source changes.
 */
export const TranslationEntryInfo = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  /** A store's: its address, and its phones' notes in the phones' order. */
  address: z.string().optional(),
  phones: z.array(z.string()).optional(),
  /** A store's name in the language, written by hand in its settings (never machine-translated). */
  name: z.string().optional(),
  manual: z.boolean().optional(),
  checked: z.boolean().optional(),
});
export const TranslationsInfo = z.record(z.string(), TranslationEntryInfo.optional());
export type TranslationsInfo = z.infer<typeof TranslationsInfo>;

/** As stored (phone notes a line each) or already as info. */
type StoredEntry = { title?: string; description?: string; address?: string; phones?: string | string[]; name?: string; manual?: boolean; checked?: boolean };

/** Stored translations as staff and clients see them: the texts and flags, not the source hashes (phone notes a list). */
export function translationsInfo(stored: Record<string, StoredEntry | undefined> | undefined): TranslationsInfo {
  const out: TranslationsInfo = {};
  for (const [lang, e] of Object.entries(stored ?? {})) {
    if (!e) continue;
    out[lang] = {
      ...(e.title !== undefined ? { title: e.title } : {}),
      ...(e.description !== undefined ? { description: e.description } : {}),
      ...(e.address !== undefined ? { address: e.address } : {}),
      ...(e.phones !== undefined ? { phones: typeof e.phones === "string" ? e.phones.split("\n") : e.phones } : {}),
      ...(e.name !== undefined ? { name: e.name } : {}),
      ...(e.manual ? { manual: true } : {}),
      ...(e.checked ? { checked: true } : {}),
    };
  }
  return out;
}

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
