/**
 * A spreadsheet cell's price or weight as owners type them ("12,50", "12.5 руб", "$5", "300 г",
 * "0,5 л", "2 шт"), read as the document parser reads a line's end (menu-values.ts), so that a
 * menu reads the same from a sheet as from a PDF. Used to guess a column by its values and to read
 * the rows (sheet-draft.ts). Excel's numbers come as text already rounded (sheet-columns-read.ts).
 */
import { Weight } from "../../item/schemas";
import type { DraftPortion } from "./draft";
import { lineValues } from "./menu-values";

/** Units as a header names them ("Вес, г", "Объём (мл)", "Volume, l"). */
const UNIT_WORDS: [RegExp, DraftPortion["unit"]][] = [
  [/^(?:г|гр|грамм?|грам|g|gr|grams?)$/i, "g"],
  [/^(?:кг|kg)$/i, "kg"],
  [/^(?:мл|ml)$/i, "ml"],
  [/^(?:л|l|литр|litre|liter)$/i, "l"],
  [/^(?:шт|pcs|pieces)$/i, "pieces"],
];

/**
 * The cell's one portion when it holds nothing else (no title before it), read without doubt but
 * for the price a weight alone lacks. A currency written first ("BYN 12") counts.
 */
function cellValues(text: string) {
  const read = lineValues(text.trim().replace(/^(?:byn|br)\s*(?=\d)/i, ""));
  const [portion] = read.portions;
  const doubted = read.doubts.some((d) => d !== "price" || portion?.price);
  return read.title === "" && read.portions.length === 1 && !doubted ? portion : undefined;
}

export type ReadPrice = { price: string; currency: DraftPortion["currency"] };

/** A price ("12,50", "12.5 руб", "12-50", "$5"), or undefined when the cell holds anything else. */
export function readPrice(text: string): ReadPrice | undefined {
  const portion = cellValues(text);
  return portion?.price && !portion.weight ? { price: portion.price, currency: portion.currency } : undefined;
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

/** The portion a price column's header names ("Цена 0,5 л", "0,3 л"), if it ends in one. */
export function weightInHeader(header: string): ReadWeight | undefined {
  const { portions } = lineValues(header);
  const [portion] = portions;
  return portions.length === 1 && portion!.weight && !portion!.price ? { weight: portion!.weight, unit: portion!.unit } : undefined;
}

/**
 * A weight or volume ("300 г", "0,5 л", "2 шт"; "300/50 г" is the 350 g served), or a number alone
 * in `unit` (the header's); undefined for anything else.
 */
export function readWeight(text: string, unit?: DraftPortion["unit"]): ReadWeight | undefined {
  const alone = /^\d{1,6}(?:[.,]\d{1,3})?$/.exec(text.trim());
  if (alone) {
    const weight = String(Number(alone[0].replace(",", ".")));
    return unit && Weight.safeParse(weight).success ? { weight, unit } : undefined;
  }
  const portion = cellValues(text);
  return portion?.weight && !portion.price ? { weight: portion.weight, unit: portion.unit } : undefined;
}
