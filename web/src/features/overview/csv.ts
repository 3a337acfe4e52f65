/**
 * CSV downloads of the overview's figures: RFC 4180 quoting, a UTF-8 byte order mark (so Excel
 * opens Cyrillic and Chinese correctly), CRLF line ends, and text a spreadsheet would take for a
 * formula (a guest's search "=HYPERLINK(…)") escaped as the menu export escapes it. Made in the
 * browser from the numbers on the screen, so the file and the figure always agree.
 */
import { escapeCell } from "@menu/core/shared/sheet-cell";

export type Cell = string | number | null | undefined;

const quote = (cell: Cell) => {
  const text = cell === null || cell === undefined ? "" : String(cell);
  // A number (-3) is written as one; only text can smuggle in a formula.
  const safe = typeof cell === "number" ? text : escapeCell(text);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const toCsv = (rows: Cell[][]) => rows.map((row) => row.map(quote).join(",")).join("\r\n") + "\r\n";

/** Saves the rows as a .csv file (an object URL clicked as a download link). */
export function downloadCsv(fileName: string, rows: Cell[][]) {
  const blob = new Blob(["\ufeff", toCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName.replace(/[^\w.-]+/g, "-");
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
