/**
 * Which column of an owner's own spreadsheet is which (issue 50, point 1): from the header's
 * words in Russian, Belarusian and English, else from the values' shapes (decimals → price,
 * "300 г" → weight, long text → description, values repeated in runs → category), and whether the
 * first row is a header at all.
 */
import { SHEET_COLUMNS_MAX, type SheetField } from "./sheet-columns-mapping";
import { readPrice, readWeight } from "./sheet-columns-values";

type Guessed = Exclude<SheetField, "skip">;

/**
 * Header words per field, tried in this order (a "Название категории" is a category, a "Цена, руб"
 * a price). Matched at a word's start, so "Наименование блюда" and "Стоимость" count.
 */
const HEADER_WORDS: [Guessed, RegExp][] = [
  ["category", /(^|[^\p{L}])(категор|катэгор|раздел|раздзел|рубрик|груп|category|categories|section|group|type)/iu],
  ["price", /(^|[^\p{L}])(цен|цана|стоим|кошт|прайс|price|cost|byn|руб)/iu],
  ["weight", /(^|[^\p{L}])(вес|выход|объ[её]м|аб.?[её]м|грам|вага|порц|weight|volume|size|portion|грамм|мл|ml)/iu],
  ["description", /(^|[^\p{L}])(описан|апісан|состав|склад|ингредиент|інгрэдыент|комментар|description|ingredients|details|notes)/iu],
  ["title", /(^|[^\p{L}])(назван|наимен|назва|найменн|блюд|страв|напит|напо[ій]|позиц|товар|продукт|name|dish|drink|item|title|product)/iu],
];

/** The field a header names, if any. */
export function fieldOfHeader(header: string): Guessed | undefined {
  const text = header.trim();
  return text ? HEADER_WORDS.find(([, words]) => words.test(text))?.[0] : undefined;
}

/** How many of the rows the values are checked on (the shape of a column shows in its first rows). */
const SHAPE_ROWS = 200;

type Shape = {
  filled: number;
  prices: number;
  /** Prices with a decimal mark ("12,50"): weights rarely have one. */
  decimals: number;
  weightsWithUnit: number;
  integers: number;
  /** Integers counting up by one (a row number). */
  counting: boolean;
  median: number;
  averageLength: number;
  /** Values equal to the one above them. */
  repeats: number;
  distinct: number;
};

function shapeOf(values: string[]): Shape {
  const filled = values.filter(Boolean);
  const numbers = filled.map((v) => Number(v.replace(",", "."))).filter((n) => Number.isFinite(n));
  const integers = filled.filter((v) => /^\d+$/.test(v));
  const sorted = [...numbers].sort((a, b) => a - b);
  let repeats = 0;
  for (let i = 1; i < filled.length; i++) if (filled[i] === filled[i - 1]) repeats++;
  return {
    filled: filled.length,
    prices: filled.filter((v) => readPrice(v)).length,
    decimals: filled.filter((v) => /\d[.,]\d{1,2}(\D*)$/.test(v) && readPrice(v)).length,
    weightsWithUnit: filled.filter((v) => /\d\s*\p{L}/u.test(v) && readWeight(v)).length,
    integers: integers.length,
    counting: integers.length >= 3 && integers.length === filled.length && integers.every((v, i) => i === 0 || Number(v) === Number(integers[i - 1]) + 1),
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    averageLength: filled.reduce((sum, v) => sum + v.length, 0) / (filled.length || 1),
    repeats,
    distinct: new Set(filled).size,
  };
}

/** The field a column's values look like, with how sure that is (0–1). */
function fieldOfShape(s: Shape): { field: Guessed; score: number } | undefined {
  if (!s.filled || s.counting) return undefined;
  const share = (n: number) => n / s.filled;
  if (share(s.weightsWithUnit) >= 0.6) return { field: "weight", score: share(s.weightsWithUnit) };
  if (share(s.prices) >= 0.6) {
    // Whole numbers in the hundreds are grams more often than roubles.
    if (share(s.integers) >= 0.9 && s.median >= 100 && s.decimals === 0) return { field: "weight", score: 0.5 };
    return { field: "price", score: share(s.prices) * (s.decimals ? 1 : 0.8) };
  }
  if (share(s.prices) > 0.2) return undefined;
  if (s.filled >= 4 && share(s.repeats) >= 0.5 && s.distinct <= s.filled / 2) return { field: "category", score: share(s.repeats) };
  if (s.averageLength >= 40) return { field: "description", score: Math.min(1, s.averageLength / 80) };
  return { field: "title", score: share(s.distinct) * (s.averageLength <= 60 ? 1 : 0.5) };
}

/** Column `c`'s values in `rows` (the first SHAPE_ROWS), trimmed. */
const valuesOf = (rows: string[][], c: number) => rows.slice(0, SHAPE_ROWS).map((r) => (r[c] ?? "").trim());

/** A header holds no price ("Блюдо дня", "8,50" is a row of the menu); "0,5 л" may head a price column. */
const headerLike = (row: string[]) => !row.some((cell) => readPrice(cell));

/**
 * Whether the first row is a header: a cell names a field, or a column whose values below are
 * prices or weights has text there (a header in words no list knows).
 */
export function hasHeader(rows: string[][]): boolean {
  const [first, ...rest] = rows;
  if (!first || !rest.length || !headerLike(first)) return false;
  if (first.some((cell) => fieldOfHeader(cell))) return true;
  return first.some((cell, c) => {
    const field = fieldOfShape(shapeOf(valuesOf(rest, c)))?.field;
    return (field === "price" || field === "weight") && cell.trim() !== "" && !readPrice(cell) && !readWeight(cell);
  });
}

/** Rows above the header that may be the menu's own title ("Меню кафе «Берёзка»"). */
const TITLE_ROWS = 5;

/**
 * Where the header row is: the first of the top rows naming two fields or more (rows above it are
 * a title), else the first row if it is a header (hasHeader); -1 for a sheet without one.
 */
export function headerAt(rows: string[][]): number {
  const named = rows.slice(0, TITLE_ROWS).findIndex((row) => headerLike(row) && row.filter((cell) => fieldOfHeader(cell)).length >= 2);
  if (named >= 0) return named;
  return hasHeader(rows) ? 0 : -1;
}

/** Columns of the rows: the widest row's, bounded. */
export const columnCount = (rows: string[][]) => Math.min(SHEET_COLUMNS_MAX, rows.reduce((most, r) => Math.max(most, r.length), 0));

/**
 * A field for each column: header words first, each field given once (two price columns: two
 * portions, so price may repeat); then the values' shapes for the fields no header named, the
 * surest column first; what is left is skipped.
 */
export function guessColumns(headers: string[], body: string[][]): SheetField[] {
  const fields: SheetField[] = headers.map(() => "skip");
  const taken = new Set<Guessed>();
  headers.forEach((header, c) => {
    const field = fieldOfHeader(header);
    if (field && (!taken.has(field) || field === "price")) {
      fields[c] = field;
      taken.add(field);
    }
  });
  const candidates = headers
    .map((header, c) => ({ c, header, guess: fields[c] === "skip" ? fieldOfShape(shapeOf(valuesOf(body, c))) : undefined }))
    .filter((x) => x.guess)
    .sort((a, b) => b.guess!.score - a.guess!.score);
  for (const { c, guess } of candidates) {
    if (taken.has(guess!.field)) continue;
    fields[c] = guess!.field;
    taken.add(guess!.field);
  }
  // A sheet of titles and prices without a title-like column left: the first text column is the title.
  if (!taken.has("title")) {
    const text = headers.findIndex((_, c) => fields[c] === "skip" && valuesOf(body, c).some((v) => v && !readPrice(v)));
    if (text >= 0) fields[text] = "title";
  }
  return fields;
}
