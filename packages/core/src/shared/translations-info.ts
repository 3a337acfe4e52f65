/**
 * The translations of a content as staff and clients see them (texts and flags, not the source
 * hashes). Pure: every content module, the API and the SPA read it.
 */
import { z } from "zod";

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
