/**
 * An item as the editor's card shows it (issue 31): everything but the rich-text description, which
 * becomes one plain line (`summary`); translated descriptions shrink the same way, so the card's
 * translation badges read the same states. Pure (no Db import): the SPA turns a saved item into its
 * card with the same function the list call uses.
 */
import { deltaPlainText, toDeltaOps } from "../shared/rich-text";
import type { TranslationsInfo } from "../shared/translations-info";

/** A card shows one line; a longer text is cut here rather than sent whole. */
export const SUMMARY_MAX = 160;

export function cardSummary(description: string | undefined) {
  const line = deltaPlainText(toDeltaOps(description)).replace(/\s+/g, " ").trim();
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}

const cardTranslations = (translations: TranslationsInfo): TranslationsInfo =>
  Object.fromEntries(
    Object.entries(translations).map(([lang, t]) => [lang, t && { ...t, ...(t.description !== undefined ? { description: cardSummary(t.description) } : {}) }]),
  );

export function toCard<T extends { description: string; translations: TranslationsInfo }>({ description, translations, ...rest }: T) {
  return { ...rest, summary: cardSummary(description), translations: cardTranslations(translations) };
}
