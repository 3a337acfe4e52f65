/**
 * An owner's own menu read into a draft (issue 50): a PDF, a Word file or pasted text is read in a
 * sheet worker (never on the thread that answers requests), within the pool's CPU time and wall
 * clock like a spreadsheet; its lines go through the one parser (parse-menu.ts).
 */
import { loadInSheetWorkers, sheetStep } from "../../render/sheet-reader";
import { registerSheetStep } from "../../render/sheet-worker";
import { ImportRefusal } from "../menu-import-errors";
import { IMPORT_PARSE_MS, IMPORT_PARSE_WALL_MS } from "../menu-import-limits";
import { IMPORT_SHEET_LIMITS } from "../menu-import-sheet";
import { draftOrRefusal, type MenuDraft, type TextLine } from "./draft";

/** The kinds this step reads (a photo is read by a background job: reading-jobs.ts). */
export type DocumentKind = "pdf" | "docx" | "text";

const STEP = "menu-document";
type StepDone = { draft: MenuDraft } | { refusal: ImportRefusal["code"] };

/** The document's lines; its reader's library is loaded in the worker, at its first document of the kind. */
async function linesOf(kind: DocumentKind, bytes: Uint8Array): Promise<{ lines: TextLine[]; pages: number }> {
  if (kind === "pdf") return (await import("./pdf-lines")).pdfLines(bytes);
  if (kind === "docx") return (await import("./docx-lines")).docxLines(bytes);
  return { lines: (await import("./text-lines")).textLines(new TextDecoder().decode(bytes)), pages: 1 };
}

registerSheetStep(STEP, async ({ bytes, input }) => {
  const kind = (input as { kind: DocumentKind }).kind;
  try {
    const { lines, pages } = await linesOf(kind, bytes);
    const { parseMenu } = await import("./parse-menu");
    return { done: { draft: draftOrRefusal(parseMenu(lines, kind, pages)) } satisfies StepDone };
  } catch (error) {
    if (!(error instanceof ImportRefusal)) throw error;
    return { done: { refusal: error.code } satisfies StepDone };
  }
});
loadInSheetWorkers(import.meta.url);

/** The document (read for `owner`, a store: one read at a time each) as a draft, or why it was refused. */
export async function readMenuDocument(kind: DocumentKind, bytes: Uint8Array, owner: string): Promise<MenuDraft | ImportRefusal> {
  const read = await sheetStep(bytes, owner, { ...IMPORT_SHEET_LIMITS, cpuMs: IMPORT_PARSE_MS, wallMs: IMPORT_PARSE_WALL_MS }, { name: STEP, input: { kind } });
  if ("refused" in read) return new ImportRefusal(read.refused, read.at);
  const done = read.done as StepDone;
  return "refusal" in done ? new ImportRefusal(done.refusal) : done.draft;
}
