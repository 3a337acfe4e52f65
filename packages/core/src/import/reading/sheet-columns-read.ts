/**
 * An owner's own spreadsheet read (issue 50, point 1): every sheet's rows are read in a sheet
 * worker within the import's limits (a CSV is one sheet), then read into a draft with the owner's
 * mapping (remembered at once for the next file), else the one remembered for its header row, else
 * the guess.
 */
import { loadInSheetWorkers, sheetStep } from "../../render/sheet-reader";
import { columnLetters, readBoundedSheets, registerSheetStep, sendInParts } from "../../render/sheet-worker";
import { UserError } from "../../shared/errors";
import { csvText } from "../csv-text";
import { ImportRefusal } from "../menu-import-errors";
import { IMPORT_CELL_MAX, IMPORT_FILE_MAX, IMPORT_PARSE_MS, IMPORT_PARSE_WALL_MS, IMPORT_ROWS_MAX } from "../menu-import-limits";
import { IMPORT_SHEET_LIMITS, parseCsv } from "../menu-import-sheet";
import { sheetDraft, sheetHeaders, type SheetColumns, type SheetMapping } from "./sheet-columns";
import { rememberedMapping, rememberMapping } from "./sheet-columns-memory";
import type { MenuDraft } from "./draft";

type Keys = { company_id: string; store_id: string };
type Sheet = { name: string; rows: string[][] };

const STEP = "menu-sheets";
type StepInput = { fileName: string };
/** Sent in parts: each row with its sheet's index. */
type RowPart = [sheet: number, cells: string[]];
type StepDone = { names: string[] } | { refusal: { code: ImportRefusal["code"]; at?: ImportRefusal["at"] } };

const cellText = (value: unknown) => (value === null || value === undefined ? "" : value instanceof Date ? value.toISOString().slice(0, 10) : String(value)).trim();

/**
 * Windows-1251 is taken for a CSV that is not UTF-8 only when what it decodes to is Cyrillic text:
 * nine in ten of its letters beyond ASCII Cyrillic ones.
 */
function cyrillicText(text: string) {
  const beyondAscii = text.match(/[^\x00-\x7f]/g) ?? [];
  return beyondAscii.length > 0 && beyondAscii.filter((c) => /[\u0400-\u04ff]/.test(c)).length >= beyondAscii.length * 0.9;
}

/** The file's sheets, their cells as text; refused over the import's limits (rows counted over all sheets). */
async function sheetsOf(fileName: string, bytes: Uint8Array): Promise<Sheet[]> {
  let sheets: Sheet[];
  if (/\.csv$/i.test(fileName)) {
    const text = csvText(bytes, cyrillicText);
    if (text === undefined) throw new ImportRefusal("unreadableEncoding");
    sheets = [{ name: fileName.replace(/^.*[/\\]|\.csv$/gi, ""), rows: parseCsv(text) }];
  } else {
    const read = await readBoundedSheets({ bytes, limits: IMPORT_SHEET_LIMITS });
    if ("refused" in read) throw new ImportRefusal(read.refused, read.at);
    sheets = read.sheets.map((s) => ({ name: s.name, rows: s.rows.map((r) => r.map(cellText)).filter((r) => r.some(Boolean)) }));
  }
  let rows = 0;
  for (const sheet of sheets) {
    for (let row = 0; row < sheet.rows.length; row++) {
      if (++rows > IMPORT_ROWS_MAX) throw new ImportRefusal("tooManyRows", { sheet: sheet.name, row: row + 1 });
      const column = sheet.rows[row]!.findIndex((cell) => cell.length > IMPORT_CELL_MAX);
      if (column >= 0) throw new ImportRefusal("cellTooLong", { sheet: sheet.name, row: row + 1, column: columnLetters(column) });
    }
  }
  if (!sheets.some((s) => s.rows.length)) throw new ImportRefusal("notASheet");
  return sheets;
}

registerSheetStep(STEP, async ({ bytes, input }, send) => {
  try {
    const sheets = await sheetsOf((input as StepInput).fileName, bytes);
    sendInParts(
      sheets.flatMap((s, i) => s.rows.map((cells): RowPart => [i, cells])),
      send,
    );
    return { done: { names: sheets.map((s) => s.name) } satisfies StepDone };
  } catch (error) {
    if (!(error instanceof ImportRefusal)) throw error;
    return { done: { refusal: { code: error.code, ...(error.at ? { at: error.at } : {}) } } satisfies StepDone };
  }
});
loadInSheetWorkers(import.meta.url);

/** Every sheet of the file (`bytes`, read for `owner`, a store: one read at a time each), or why it was refused. */
export async function readSheets(file_name: string, bytes: Uint8Array, owner: string): Promise<Sheet[] | ImportRefusal> {
  if (bytes.length > IMPORT_FILE_MAX) throw new UserError("payloadTooLarge", 413);
  const read = await sheetStep(bytes, owner, { ...IMPORT_SHEET_LIMITS, cpuMs: IMPORT_PARSE_MS, wallMs: IMPORT_PARSE_WALL_MS }, { name: STEP, input: { fileName: file_name } satisfies StepInput });
  if ("refused" in read) return new ImportRefusal(read.refused, read.at);
  const done = read.done as StepDone;
  if ("refusal" in done) return new ImportRefusal(done.refusal.code, done.refusal.at);
  const sheets: Sheet[] = done.names.map((name) => ({ name, rows: [] }));
  for (const [sheet, cells] of read.parts as RowPart[]) sheets[sheet]!.rows.push(cells);
  return sheets;
}

/**
 * The store's own spreadsheet as a draft with its columns (POST /api/menu-import/preview for a
 * sheet whose columns are not the export's). `mapping`: the owner's choice, remembered for the
 * file's header row before it is used.
 */
export async function readOwnSheet(keys: Keys, file_name: string, bytes: Uint8Array, mapping?: SheetMapping): Promise<{ draft: MenuDraft; columns: SheetColumns } | ImportRefusal> {
  const sheets = await readSheets(file_name, bytes, keys.store_id);
  if (sheets instanceof ImportRefusal) return sheets;
  if (!mapping) return sheetDraft(sheets, undefined, await rememberedMapping(keys, sheetHeaders(sheets)));
  const read = sheetDraft(sheets, mapping);
  // As read: fitted to the file's columns.
  await rememberMapping(keys, read.columns.headers, read.columns.guess);
  return read;
}
