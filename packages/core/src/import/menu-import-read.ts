/**
 * An import file read off the thread that answers requests (issue 49, point 6): a sheet worker
 * reads the rows (CSV or Excel), finds the header and judges every row into items and cell errors
 * (menu-import-sheet.ts), and sends the items back in parts; this thread is left only the
 * comparison with the stored menu (menu-import-plan.ts). The worker's CPU time, the store's turn
 * and the pool's wait are the pool's (render/sheet-reader.ts).
 */
import { loadInSheetWorkers, sheetStep } from "../render/sheet-reader";
import { registerSheetStep, sendInParts } from "../render/sheet-worker";
import { UserError } from "../shared/errors";
import type { MenuLanguage } from "../shared/model";
import { ImportRefusal, type ImportError, type RefusalPlace } from "./menu-import-errors";
import { IMPORT_FILE_MAX, IMPORT_PARSE_MS, IMPORT_PARSE_WALL_MS } from "./menu-import-limits";
import { headerOf, IMPORT_SHEET_LIMITS, readItems, readTable, type SheetItem } from "./menu-import-sheet";

/** The file's items and cell errors, in the language of its header row. */
export type ImportRead = { lang: MenuLanguage; items: SheetItem[]; errors: ImportError[] };

const STEP = "menu-import";
type StepInput = { fileName: string };
type StepDone = { lang: MenuLanguage; errors: ImportError[] } | { refusal: { code: ImportRefusal["code"]; at?: RefusalPlace } };

registerSheetStep(STEP, async ({ bytes, input }, send) => {
  try {
    const table = await readTable((input as StepInput).fileName, bytes);
    const header = table[0] ? headerOf(table[0]) : undefined;
    if (!header) throw new ImportRefusal(table.length ? "unknownColumns" : "notASheet");
    const { items, errors } = await readItems(table, header.lang, header.at);
    sendInParts(items, send);
    return { done: { lang: header.lang, errors } satisfies StepDone };
  } catch (error) {
    if (!(error instanceof ImportRefusal)) throw error;
    return { done: { refusal: { code: error.code, ...(error.at ? { at: error.at } : {}) } } satisfies StepDone };
  }
});
// Workers started from source load this module for the step (a bundle's workers hold it already).
loadInSheetWorkers(import.meta.url);

/**
 * The file (`content` in base64, read for `owner`, a store: one read at a time each) as items, or
 * the ImportRefusal that says why and where it was refused.
 */
export async function readImport(file_name: string, content: string, owner: string): Promise<ImportRead | ImportRefusal> {
  const bytes = Buffer.from(content, "base64");
  if (bytes.length > IMPORT_FILE_MAX) throw new UserError("payloadTooLarge", 413);
  const read = await sheetStep(bytes, owner, { ...IMPORT_SHEET_LIMITS, cpuMs: IMPORT_PARSE_MS, wallMs: IMPORT_PARSE_WALL_MS }, { name: STEP, input: { fileName: file_name } satisfies StepInput });
  // Refused by the pool: stopped over its CPU time, or the worker crashed on the file.
  if ("refused" in read) return new ImportRefusal(read.refused, read.at);
  const done = read.done as StepDone;
  if ("refusal" in done) return new ImportRefusal(done.refusal.code, done.refusal.at);
  return { lang: done.lang, items: read.parts as SheetItem[], errors: done.errors };
}
