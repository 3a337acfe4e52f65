/**
 * An owner's own spreadsheet read (issue 50, point 1) in a sheet worker, never on the thread that
 * answers requests: every sheet's rows within the import's limits (a CSV is one sheet), read into a
 * draft with the owner's mapping (remembered at once for the next file), else the one remembered
 * for its header row, else the guess.
 */
import { loadInSheetWorkers, sheetStep } from "../../render/sheet-reader";
import { columnLetters, readBoundedSheets, registerSheetStep, sendInParts } from "../../render/sheet-worker";
import { UserError } from "../../shared/errors";
import { csvText } from "../csv-text";
import { ImportRefusal } from "../menu-import-errors";
import { IMPORT_CELL_MAX, IMPORT_FILE_MAX, IMPORT_PARSE_MS, IMPORT_PARSE_WALL_MS, IMPORT_ROWS_MAX } from "../menu-import-limits";
import { IMPORT_SHEET_LIMITS, parseCsv } from "../menu-import-sheet";
import { sheetDraft, sheetHeaders, type SheetColumns, type SheetMapping } from "./sheet-columns";
import { headersHash, rememberedMappings, rememberMapping, type RememberedMapping } from "./sheet-columns-memory";
import { draftOrRefusal, type DraftItem, type MenuDraft } from "./draft";

type Keys = { company_id: string; store_id: string };
type Sheet = { name: string; rows: string[][] };

const STEP = "menu-sheets";
type StepInput = { fileName: string; mapping?: SheetMapping; remembered: RememberedMapping[] };
/** The draft's items come in parts. */
type StepDone = { draft: MenuDraft; columns: SheetColumns } | { refusal: { code: ImportRefusal["code"]; at?: ImportRefusal["at"] } };

/** A cell as text; a number as typed, not as the float Excel stored (12.499999999 → "12.5"). */
function cellText(value: unknown) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(Math.round(value * 1000) / 1000);
  return (value instanceof Date ? value.toISOString().slice(0, 10) : String(value)).trim();
}

/**
 * Windows-1251 is taken for a CSV that is not UTF-8 only when what it decodes to reads as Russian or
 * Belarusian text: nearly all its characters beyond ASCII are their letters or their typography
 * (any other code page's bytes come out as symbols too), and hardly a word mixes Latin and Cyrillic.
 */
function cyrillicText(text: string) {
  const beyondAscii = [...text].filter((c) => c.charCodeAt(0) > 0x7f);
  const ours = beyondAscii.filter((c) => /[А-яЁёІіЎў№«»–—…“”„]/u.test(c)).length;
  const words = text.match(/[\p{L}]*[А-яЁёІіЎў][\p{L}]*/gu) ?? [];
  const mixed = words.filter((w) => /[a-z]/i.test(w)).length;
  return words.length > 0 && ours >= beyondAscii.length * 0.97 && mixed <= words.length * 0.05;
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
  const { fileName, mapping, remembered } = input as StepInput;
  try {
    const sheets = await sheetsOf(fileName, bytes);
    const hash = mapping ? undefined : headersHash(sheetHeaders(sheets));
    const { draft, columns } = sheetDraft(sheets, mapping, remembered.find((r) => r.hash === hash)?.mapping);
    // Nothing read with the guess: refused, as a document would be. With the owner's mapping the
    // empty draft is answered, beside the mapping they can change again.
    if (!mapping) draftOrRefusal(draft);
    // The items in parts, as the export-columns read sends them: one message of them all is slow to take in.
    sendInParts(draft.items, send);
    return { done: { draft: { ...draft, items: [] }, columns } satisfies StepDone };
  } catch (error) {
    if (!(error instanceof ImportRefusal)) throw error;
    return { done: { refusal: { code: error.code, ...(error.at ? { at: error.at } : {}) } } satisfies StepDone };
  }
});
loadInSheetWorkers(import.meta.url);

/**
 * The store's own spreadsheet (POST /api/menu-import/preview for a sheet whose columns are not the
 * export's) as a draft with its columns, read in a sheet worker (`keys.store_id`'s one read at a
 * time). `mapping`: the owner's choice, then remembered for the file's header row.
 */
export async function readOwnSheet(keys: Keys, file_name: string, bytes: Uint8Array, mapping?: SheetMapping): Promise<{ draft: MenuDraft; columns: SheetColumns } | ImportRefusal> {
  if (bytes.length > IMPORT_FILE_MAX) throw new UserError("payloadTooLarge", 413);
  // The store's few remembered mappings go along; the worker takes the one for the file's header row.
  const input: StepInput = { fileName: file_name, ...(mapping ? { mapping } : {}), remembered: mapping ? [] : await rememberedMappings(keys) };
  const read = await sheetStep(bytes, keys.store_id, { ...IMPORT_SHEET_LIMITS, cpuMs: IMPORT_PARSE_MS, wallMs: IMPORT_PARSE_WALL_MS }, { name: STEP, input });
  if ("refused" in read) return new ImportRefusal(read.refused, read.at);
  const done = read.done as StepDone;
  if ("refusal" in done) return new ImportRefusal(done.refusal.code, done.refusal.at);
  // As read: fitted to the file's columns.
  if (mapping) await rememberMapping(keys, done.columns.headers, done.columns.guess);
  return { draft: { ...done.draft, items: read.parts as DraftItem[] }, columns: done.columns };
}
