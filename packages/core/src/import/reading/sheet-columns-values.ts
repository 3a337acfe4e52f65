/**
 * A spreadsheet cell's price or weight as owners type them ("12,50", "12.5 руб", "BYN 7",
 * "300 г", "0,5 л", "2 шт"), as the draft holds them: a decimal with a point. Used to guess a
 * column by its values and to read the rows (sheet-draft.ts).
 */
import type { DraftPortion } from "./draft";
import { Price, Weight } from "../../item/schemas";

const CURRENCY_WORDS: [RegExp, DraftPortion["currency"]][] = [
  [/^(?:byn|br|бел\.?\s*руб\.?|руб(?:лей|ля|ль)?\.?|р\.?|₽)$/i, "BYN"],
  [/^(?:usd|\$|долл?\.?)$/i, "USD"],
];
/** Units as menus write them, in ru, be and en. */
const UNIT_WORDS: [RegExp, DraftPortion["unit"]][] = [
  [/^(?:г|гр|грам+(?:а|ов)?|g|gr|gram+s?)\.?$/i, "g"],
  [/^(?:кг|kg)\.?$/i, "kg"],
  [/^(?:мл|ml)\.?$/i, "ml"],
  [/^(?:л|l|литр(?:а|ов)?|litre|liter)\.?$/i, "l"],
  [/^(?:шт|штук[аи]?|pcs?|pieces?)\.?$/i, "pieces"],
];

/** "1 200,50" → "1200.50": thousands' spaces dropped, a comma as the decimal mark. */
const NUMBER = /^\d{1,3}(?:[\s\u00a0]\d{3})+(?:[.,]\d+)?$|^\d+(?:[.,]\d+)?$/;
const asDecimal = (s: string) => s.replace(/[\s\u00a0]/g, "").replace(",", ".");

/** "12.50" → "12.5", "12.00" → "12"; a float Excel stored (12.499999999) rounded to `decimals`. */
function canonical(number: string, decimals: number) {
  const n = Number(number);
  if (!Number.isFinite(n)) return undefined;
  return String(Math.round(n * 10 ** decimals) / 10 ** decimals);
}

/** The number and the word after or before it ("12,5 руб", "BYN 12.5", "300г"), if the text is only that. */
function numberWithWord(text: string) {
  const s = text.trim().replace(/\s+/g, " ");
  const after = /^([\d\s\u00a0.,]*\d)\s*([^\d\s].*)?$/.exec(s);
  if (after && NUMBER.test(after[1]!.trim())) return { number: asDecimal(after[1]!), word: (after[2] ?? "").trim() };
  const before = /^([^\d]+?)\s*([\d\s\u00a0.,]*\d)$/.exec(s);
  if (before && NUMBER.test(before[2]!.trim())) return { number: asDecimal(before[2]!), word: before[1]!.trim() };
  return undefined;
}

/** Fraction digits from which a number is a float Excel stored rather than one typed. */
const FLOAT_DIGITS = 8;

export type ReadPrice = { price: string; currency: DraftPortion["currency"] };

/** A price ("12,50", "12.5 руб", "$5"), or undefined when the text is not one the item's schema takes. */
export function readPrice(text: string): ReadPrice | undefined {
  const found = numberWithWord(text);
  if (!found) return undefined;
  const currency = found.word ? CURRENCY_WORDS.find(([word]) => word.test(found.word))?.[1] : "BYN";
  if (!currency) return undefined;
  // More than 2 decimals only from a float Excel stored (12.499999999); a typed "12,505" is not a price.
  const fraction = found.number.split(".")[1]?.length ?? 0;
  if (fraction > 2 && fraction < FLOAT_DIGITS) return undefined;
  const price = canonical(found.number, 2);
  return price && Price.safeParse(price).success ? { price, currency } : undefined;
}

export type ReadWeight = { weight: string; unit: DraftPortion["unit"] };

/** The unit a column's header names ("Вес, г", "Объём (мл)"), if it names one. */
export function unitInHeader(header: string): DraftPortion["unit"] | undefined {
  for (const word of header.toLowerCase().split(/[^\p{L}]+/u)) {
    const unit = word && UNIT_WORDS.find(([w]) => w.test(word))?.[1];
    if (unit) return unit;
  }
  return undefined;
}

/**
 * A weight or volume ("300 г", "0,5 л", "2 шт"; a number alone in `unit`, the header's), or
 * undefined. "300/50 г" (a dish and its sauce) reads as its first number.
 */
export function readWeight(text: string, unit?: DraftPortion["unit"]): ReadWeight | undefined {
  const parts = /^([\d\s.,]+)\/[\d\s.,/]+(\D*)$/.exec(text.trim());
  const found = numberWithWord(parts ? `${parts[1]} ${parts[2]}` : text);
  if (!found) return undefined;
  const named = found.word ? UNIT_WORDS.find(([word]) => word.test(found.word))?.[1] : unit;
  if (!named) return undefined;
  const weight = canonical(found.number, 3);
  return weight && Weight.safeParse(weight).success ? { weight, unit: named } : undefined;
}

/** A menu's language by its letters: Belarusian has і and ў, Russian и and щ; Latin letters alone: English. */
export function languageOf(texts: string[]): "ru" | "be" | "en" {
  const all = texts.join(" ").toLowerCase();
  const count = (re: RegExp) => all.match(re)?.length ?? 0;
  const cyrillic = count(/[а-яёіў]/g);
  if (cyrillic < count(/[a-z]/g)) return "en";
  return count(/[іў]/g) > count(/[ищъ]/g) ? "be" : "ru";
}
