/**
 * Rendering adapter: a menu as an Excel sheet (write-excel-file), one row per portion, prices as
 * numbers, right to left for Arabic. Text that a spreadsheet would take for a formula is escaped
 * (shared/sheet-cell.ts); numbers are no formula and stay numbers. Called by the menu export
 * (export/menu-export.ts) and for the import's template (import/menu-template.ts).
 */
import type { SheetData } from "write-excel-file/node";

/** The library, loaded at the first sheet written: it ships beside a Lambda's bundle, not in it (decision 053). */
const sheetWriter = async () => (await import("write-excel-file/node")).default;
import { description, marks, menuRows, WORDS, type OnRows } from "../shared/menu-rows";
import type { PublishedMenu } from "../shared/published-menu";
import type { MenuLanguage } from "../shared/model";
import { escapeCell } from "../shared/sheet-cell";

/** The export's column widths, in its columns' order. */
const COLUMNS = [14, 28, 32, 60, 12, 10, 10, 30, 24, 10, 24].map((width) => ({ width }));

export async function menuSheet(menu: PublishedMenu, lang: MenuLanguage, onRows: OnRows) {
  const w = WORDS[lang];
  const header = w.columns.map((value) => ({ value, fontWeight: "bold" as const }));
  const data: SheetData = [header];
  const rows = menuRows(menu, lang);
  for (const [index, { section, category, item }] of rows.entries()) {
    await onRows(index, rows.length);
    for (const p of item.portions) {
      const price = { value: Number(p.price), type: Number, format: "0.00" };
      const cells = [section, category, item.title, description(item), `${p.weight} ${w.units[p.unit] ?? p.unit}`, price, p.currency, marks(menu, item.allergens), marks(menu, item.tags), w.yes, item.id];
      data.push(cells.map((cell) => (typeof cell === "string" ? escapeCell(cell) : cell)));
    }
  }
  const writeXlsxFile = await sheetWriter();
  return writeXlsxFile(data, {
    sheet: menu.store.name.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Menu",
    rightToLeft: lang === "ar",
    stickyRowsCount: 1,
    columns: COLUMNS,
  }).toBuffer();
}

/** Rows of text in the export's columns as a workbook, the first row (the header) in bold. */
export async function textSheet(rows: string[][]) {
  const data = rows.map((row, i) => row.map((value) => (i === 0 ? { value, fontWeight: "bold" as const } : { value: escapeCell(value) })));
  return (await sheetWriter())(data, { sheet: "Menu", stickyRowsCount: 1, columns: COLUMNS }).toBuffer();
}
