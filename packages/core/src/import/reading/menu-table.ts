/**
 * A menu set as a table with a header row ("Блюдо | Выход, г | Цена, руб."): the header is no item,
 * and it says what the bare numbers below it are — the weight column's unit and the price column's
 * currency, which the cells then leave out ("Борщ | 300 | 12,50"). The parser gives each row of the
 * table the header's units before reading its values, so "300" is read as 300 g, not as a price.
 * The units hold until the next header row (a category's row inside the table keeps them).
 */

/** A title column's header may say of what ("Наименование блюда", "Назва стравы"). */
const TITLE = String.raw`(?:наименование|название|блюдо|блюда|напиток|напитки|позиция|назва|страва|напой|меню|item|dish|drink|name|menu)(?:\s+\p{L}+)?`;
const WEIGHT = String.raw`выход|вес|объ[её]м|кол-во|количество|порция|выхад|вага|аб'?ём|колькасць|weight|volume|portion|qty|size`;
const PRICE = String.raw`цена|стоимость|кошт|цана|price|cost`;
/** Units, with the litre's "l" as an OCR may read it ("|", "1"). */
const UNIT = String.raw`кг|гр|г|мл|л|шт|kg|gr|g|ml|l|pcs|\||1`;
const CURRENCY = String.raw`byn|руб|р|br|usd|\$|₽`;
/** A header cell: its word, then perhaps a unit or currency after a comma or in brackets ("Выход, г", "Цена (BYN)"). */
const CELL = new RegExp(`^(?:(${TITLE})|(${WEIGHT})|(${PRICE}))\\.?(?:\\s*[,(/]?\\s*(${UNIT}|${CURRENCY})\\.?\\)?)?$`, "iu");
const BARE_WEIGHT = /^\d+(?:[.,]\d+)?(?:\/\d+(?:[.,]\d+)?)*$/u;
const BARE_PRICE = /^\d+(?:[.,]\d{1,2}|-\d{2})?$/u;

/** A table header's cell ("Цена, руб."), which is no title. */
export const headerCell = (text: string) => CELL.test(text.trim());

export type TableColumns = {
  /** Cells per row. */
  count: number;
  weight?: { index: number; unit: string };
  price?: { index: number; currency: string };
};

/** The columns a header row names, or undefined when the row is no table's header. */
export function tableHeader(text: string): TableColumns | undefined {
  const cells = text.split("\t").map((c) => c.trim());
  if (cells.filter(Boolean).length < 2) return undefined;
  const columns: TableColumns = { count: cells.length };
  for (const [index, cell] of cells.entries()) {
    if (!cell) continue;
    const m = CELL.exec(cell);
    if (!m) return undefined;
    const suffix = (m[4] ?? "").toLowerCase().replace(/^[|1]$/u, "l");
    if (m[2]) columns.weight = { index, unit: suffix };
    if (m[3]) columns.price = { index, currency: suffix };
  }
  return columns;
}

/**
 * A table row with the header's units written into its bare numbers ("300" → "300 г", "12,50" →
 * "12,50 руб"). A row with fewer cells (an empty weight cell a PDF does not show) is matched from
 * the right, where the price stands; a bare weight under a header without its unit is left out, as
 * it cannot be told from a price.
 */
export function withUnits(text: string, columns: TableColumns): string {
  const cells = text.split("\t");
  if (cells.length < 2 || cells.length > columns.count) return text;
  const shift = columns.count - cells.length;
  const at = (index: number) => (index - shift >= 1 ? index - shift : undefined);
  const { weight, price } = columns;
  const w = weight && at(weight.index);
  if (weight && w !== undefined && BARE_WEIGHT.test(cells[w]!.trim())) cells[w] = weight.unit ? `${cells[w]!.trim()} ${weight.unit}` : "";
  const p = price && at(price.index);
  if (price?.currency && p !== undefined && BARE_PRICE.test(cells[p]!.trim())) {
    const value = cells[p]!.trim();
    cells[p] = price.currency === "$" ? `$${value}` : `${value} ${price.currency}`;
  }
  return cells.join("\t");
}
