/**
 * An owner's own spreadsheet (issue 50, point 1): any .xlsx or .csv whose columns are not the
 * export's becomes a draft, read with a mapping of its columns (what each holds): the owner's
 * choice, the one remembered for these headers (sheet-columns-memory.ts), or a guess from the
 * header's words and the values' shapes (sheet-columns-guess.ts). The preview shows the mapping
 * beside the draft; the owner changes it and the sheet is read again.
 */
import type { MenuDraft } from "./draft";
import { columnCount, guessColumns, headerAt } from "./sheet-columns-guess";
import type { SheetColumns, SheetField, SheetMapping } from "./sheet-columns-mapping";
import { draftOfSheets } from "./sheet-draft";

export { SHEET_COLUMNS_MAX, SHEET_FIELDS, SheetMapping, type SheetColumns, type SheetField } from "./sheet-columns-mapping";

/** Values shown per column beside its select. */
const SAMPLES = 3;

/** `fields` fitted to `count` columns: cut, or filled with "skip". */
const fitted = (fields: SheetField[], count: number): SheetField[] => Array.from({ length: count }, (_, c) => fields[c] ?? "skip");

type Sheet = { name: string; rows: string[][] };

/**
 * The sheets with rows (empty rows left out, and the rows above a header: a title), and the first
 * one's columns and header ("" each when it has none).
 */
function layoutOf(sheets: Sheet[]) {
  const filled = sheets
    .map((s) => {
      const rows = s.rows.filter((r) => r.some((cell) => cell.trim()));
      return { name: s.name, rows: rows.slice(Math.max(0, headerAt(rows))) };
    })
    .filter((s) => s.rows.length);
  const first = filled[0]?.rows ?? [];
  const headed = headerAt(first) === 0;
  const headers = Array.from({ length: columnCount(first) }, (_, c) => (headed ? (first[0]![c] ?? "").trim() : ""));
  return { filled, headed, headers };
}

/** The header row a mapping is remembered by ("" for each column of a sheet without one). */
export const sheetHeaders = (sheets: Sheet[]) => layoutOf(sheets).headers;

/**
 * The draft of a workbook's sheets (a CSV: one) and the columns as the preview shows them.
 * `mapping`: the owner's choice; `remembered`: the mapping remembered for these headers, used
 * when the owner chose none. The first sheet with rows decides the header and the columns; the
 * other sheets are read by position, their first row left out when it is a header too.
 */
export function sheetDraft(sheets: Sheet[], mapping?: SheetMapping, remembered?: SheetMapping): { draft: MenuDraft; columns: SheetColumns } {
  const { filled, headed, headers } = layoutOf(sheets);
  const count = headers.length;
  const same = (row: string[]) => headers.every((h, c) => h === (row[c] ?? "").trim());
  const bodies = filled.map((s, i) => ({ name: s.name, rows: (i === 0 ? headed : headerAt(s.rows) === 0 || (headed && same(s.rows[0]!))) ? s.rows.slice(1) : s.rows }));
  const body = bodies[0]?.rows ?? [];
  const guessed = guessColumns(headers, body);
  // Categories in a column: the sheets are likelier sections (a kitchen and a bar) than categories.
  const sheetsAs = filled.length < 2 ? "one" : guessed.includes("category") ? "sections" : "categories";
  const usable = !mapping && remembered?.columns.length === count;
  const chosen: SheetMapping = mapping
    ? { columns: fitted(mapping.columns, count), sheetsAs: filled.length < 2 ? "one" : mapping.sheetsAs }
    : usable
      ? { columns: remembered!.columns, sheetsAs: filled.length < 2 ? "one" : remembered!.sheetsAs }
      : { columns: guessed, sheetsAs };
  const samples = headers.map((_, c) =>
    body
      .map((r) => (r[c] ?? "").trim())
      .filter(Boolean)
      .slice(0, SAMPLES),
  );
  return {
    draft: draftOfSheets(bodies, headers, chosen),
    columns: { headers, guess: chosen, samples, sheets: filled.map((s) => s.name), remembered: usable },
  };
}
