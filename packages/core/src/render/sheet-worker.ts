/**
 * Rendering adapter, worker side: reads a workbook's first sheet (or every sheet) in a worker
 * thread, so that a hostile file costs that thread, never the one answering requests. Before the
 * sheet library reads the bytes, the archive is unpacked within its budget (zip-bounds.ts, which
 * accepts only archives whose every entry it counted) and its XML scanned for rows and the longest
 * cell. A file refused for what it holds says where: the sheet, and the row and column of the cell
 * (for a zip bomb, the cell being unpacked when the budget ran out).
 *
 * The module serves requests only when loaded as a sheet worker (sheet-reader.ts starts it: from
 * source, this file; in a Lambda bundle, the bundle itself, which holds this module).
 */
import { setPriority } from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { ownThreadId } from "./thread-cpu";
import { entryHead, entryNames, unpackBounded, type Overflow, type ZipRefusal } from "./zip-bounds";

export const SHEET_WORKER_ROLE = "sheet-reader";
/** The worker's first message: it is loaded and listening. */
export const SHEET_WORKER_READY = "ready";
/** The sheet workers' nice value (the process's threads run at 0; 19 is the lowest priority). */
export const SHEET_WORKER_NICE = 10;

export type SheetLimits = { maxUnpacked: number; maxRatio: number; maxRows: number; maxCell: number };
export type SheetRefusal = Exclude<ZipRefusal, "notAZip"> | "tooManyRows" | "cellTooLong" | "parseTooSlow" | "notASheet";
/** Where a refusal was found: the sheet's name as its tab shows it, the row (1 = the first), the column's letters. */
export type SheetPlace = { sheet: string; row: number; column?: string };
type Refused = { refused: SheetRefusal; at?: SheetPlace };
export type SheetRead = { rows: unknown[][] } | Refused;
export type SheetsRead = { sheets: { name: string; rows: unknown[][] }[] } | Refused;
/**
 * `step`: the registered step (registerSheetStep) that reads the file instead of the plain read of
 * its first sheet's rows, with its `input`. `hold`, for tests only: the worker waits (off the CPU)
 * until its first element is not 0 before reading, as a thread of a busy machine waits for a core.
 */
export type SheetRequest = { bytes: Uint8Array; limits: SheetLimits; step?: string; input?: unknown; hold?: Int32Array };
/**
 * What a worker posts for a request: any number of parts, then the end (`done`, with whatever the
 * step answers besides its parts) or a refusal. Parts keep each message small: one message of a
 * 5,000-row sheet took the receiving thread several milliseconds to take in, in one piece.
 */
export type SheetMessage = { part: unknown[] } | { done: unknown } | { refused: SheetRefusal; at?: SheetPlace };
/** Rows or items per part. */
export const PART_SIZE = 250;
/**
 * A read done in the worker by a module above this adapter (the menu import judges its rows
 * there): it sends its results in parts and answers the rest, or a refusal.
 */
export type SheetStep = (request: SheetRequest, send: (part: unknown[]) => void) => Promise<{ done: unknown } | { refused: SheetRefusal; at?: SheetPlace }>;
/**
 * What the pool gives a worker to start: its role, where to write its thread's id (thread-cpu.ts),
 * and, from source, the modules that register its steps (a bundle holds them already).
 */
export type SheetWorkerData = { role: typeof SHEET_WORKER_ROLE; threadId?: Int32Array; stepModules?: string[] };

const steps = new Map<string, SheetStep>();
/** Registers a step where its module is loaded (in a worker: before the worker says it is ready). */
export const registerSheetStep = (name: string, step: SheetStep) => void steps.set(name, step);

/** `list` sent as parts of PART_SIZE. */
export function sendInParts(list: unknown[], send: (part: unknown[]) => void) {
  for (let at = 0; at < list.length; at += PART_SIZE) send(list.slice(at, at + PART_SIZE));
}

/**
 * Characters of XML text with its tags dropped and each entity (&amp;, &#1040;) counted as one.
 * Both patterns stop at the next "<" or after a few characters, so the pass is linear however the
 * text is made.
 */
const textLength = (xml: string) => xml.replace(/<[^<>]*>/g, "").replace(/&[^;\s]{1,10};/g, "_").length;

/** A sheet's rows and cells, opening and closing tags (any namespace prefix); attributes hold no "<", so each match stops at the next one. */
const SHEET_TAG = /<(\/?)(?:[\w.-]+:)?(row|c)(?=[\s/>])([^<>]*)>/g;
const ROW_NUMBER = /\sr\s*=\s*["'](\d+)/;
const CELL_REF = /\sr\s*=\s*["']([A-Za-z]{1,3})(\d+)/;
const CELL_TYPE = /\st\s*=\s*["']([^"']*)/;
const VALUE_INDEX = /<(?:[\w.-]+:)?v>\s*(\d+)/;

/** A column's letters as the spreadsheet's headings show them: 0 → A, 26 → AA. */
export const columnLetters = (index: number) => {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};
const columnIndex = (letters: string) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

type Cell = { row: number; column: string };
type OpenCell = Cell & { attrs: string; start: number };

/**
 * One linear pass over a sheet's XML (whole, or the head of one that unpacked too far): each row
 * and each cell with its text, until `visit` says stop. A cell without its `r` follows the one
 * before it, a row without its `r` the row before. Answers the cell `visit` stopped at, the row at
 * which there were more than `maxRows`, or the cell still open where the text ends.
 */
function walkSheet(xml: string, maxRows: number, visit: (cell: OpenCell, content: string) => boolean) {
  let row = 0;
  let rows = 0;
  let column = -1;
  let open: OpenCell | undefined;
  SHEET_TAG.lastIndex = 0;
  for (let m = SHEET_TAG.exec(xml); m; m = SHEET_TAG.exec(xml)) {
    const [, closing, name, attrs = ""] = m;
    if (name === "row") {
      if (closing) continue;
      rows++;
      const r = ROW_NUMBER.exec(attrs);
      row = r ? Number(r[1]) : row + 1;
      column = -1;
      if (rows > maxRows) return { tooManyRows: row };
    } else if (closing) {
      if (open && visit(open, xml.slice(open.start, m.index))) return { found: { row: open.row, column: open.column } };
      open = undefined;
    } else {
      const ref = CELL_REF.exec(attrs);
      column = ref ? columnIndex(ref[1]!) : column + 1;
      // A self-closed cell (<c r="B2"/>) holds nothing.
      open = attrs.endsWith("/") ? undefined : { row: ref ? Number(ref[2]) : row, column: columnLetters(column), attrs, start: SHEET_TAG.lastIndex };
    }
  }
  return { open: open && { row: open.row, column: open.column } };
}

/** The shared string a cell shows (`t="s"`: its value is the index), if it is one. */
const sharedIndex = (cell: OpenCell, content: string) => (CELL_TYPE.exec(cell.attrs)?.[1] === "s" ? Number(VALUE_INDEX.exec(content)?.[1] ?? NaN) : undefined);

const xmlDecode = (s: string) =>
  s.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (e[0] !== "#") return named[e.toLowerCase()]!;
    const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

const attrOf = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"|\\s${name}\\s*=\\s*'([^']*)'`).exec(tag)?.slice(1).find((v) => v !== undefined);

/**
 * The workbook's sheets in their tabs' order, each with its part's name and the name its tab
 * shows (xl/workbook.xml and its relationships), then any other worksheet part of the archive.
 */
function sheetsOf(read: (name: string) => string | undefined, names: string[]): { part: string; name: string }[] {
  const workbook = read("xl/workbook.xml") ?? "";
  const rels = read("xl/_rels/workbook.xml.rels") ?? "";
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<(?:[\w.-]+:)?Relationship\s[^<>]*>/g) ?? []) {
    const id = attrOf(tag, "Id");
    const target = attrOf(tag, "Target");
    if (!id || !target) continue;
    targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);
  }
  const sheets: { part: string; name: string }[] = [];
  for (const tag of workbook.match(/<(?:[\w.-]+:)?sheet\s[^<>]*>/g) ?? []) {
    const part = targets.get(attrOf(tag, "r:id") ?? attrOf(tag, "id") ?? "");
    if (part && names.includes(part) && !sheets.some((s) => s.part === part)) sheets.push({ part, name: xmlDecode(attrOf(tag, "name") ?? "") });
  }
  for (const part of names) {
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(part) && !sheets.some((s) => s.part === part)) sheets.push({ part, name: part.replace(/^.*\/|\.xml$/g, "") });
  }
  return sheets;
}

/**
 * Rows and cell sizes, read off the XML without parsing it, in linear passes: first every shared
 * string's length (`</si>` ends each), then each sheet's rows and the text of each cell (its own,
 * or the shared string it shows). A string no cell shows is refused all the same, without a place.
 */
function scan(entries: Map<string, Buffer>, limits: SheetLimits): { refused: SheetRefusal; at?: SheetPlace } | undefined {
  const text = (name: string) => entries.get(name)?.toString("utf8");
  const longShared = new Set<number>();
  (text("xl/sharedStrings.xml") ?? "").split(/<\/(?:[\w.-]+:)?si>/).forEach((piece, i) => {
    if (textLength(piece) > limits.maxCell) longShared.add(i);
  });
  for (const { part, name: sheet } of sheetsOf(text, [...entries.keys()])) {
    const walked = walkSheet(text(part)!, limits.maxRows, (cell, content) => {
      const shared = sharedIndex(cell, content);
      return shared === undefined ? textLength(content) > limits.maxCell : longShared.has(shared);
    });
    if (walked.tooManyRows !== undefined) return { refused: "tooManyRows", at: { sheet, row: walked.tooManyRows } };
    if (walked.found) return { refused: "cellTooLong", at: { sheet, ...walked.found } };
  }
  return longShared.size ? { refused: "cellTooLong" } : undefined;
}

/** What is unpacked again, in all, to find a refused archive's place (nothing of it is parsed further). */
const PLACE_READ_MAX = 20 * 1024 * 1024;

/**
 * The cell being unpacked when the archive's budget ran out: the one still open at that point of
 * its sheet, or, when it ran out inside a shared string, the first cell that shows that string.
 */
async function overflowPlace(zip: Buffer, overflow: Overflow): Promise<SheetPlace | undefined> {
  let left = PLACE_READ_MAX;
  const head = async (name: string, bytes = left) => {
    const text = (await entryHead(zip, name, Math.max(0, Math.min(bytes, left)))).toString("utf8");
    left -= text.length;
    return text;
  };
  const small = new Map<string, string>();
  for (const name of ["xl/workbook.xml", "xl/_rels/workbook.xml.rels"]) small.set(name, await head(name, 1024 * 1024));
  const sheets = sheetsOf((name) => small.get(name), entryNames(zip));
  const part = sheets.find((s) => s.part === overflow.entry);
  if (part) {
    const { open } = walkSheet(await head(overflow.entry, overflow.within + 1), Infinity, () => false);
    return open && { sheet: part.name, ...open };
  }
  if (overflow.entry !== "xl/sharedStrings.xml") return undefined;
  // The string being unpacked: the last one opened, if it was not closed.
  const strings = await head(overflow.entry, overflow.within + 1);
  const opened = [...strings.matchAll(/<(?:[\w.-]+:)?si[\s>]/g)];
  const last = opened.at(-1);
  if (!last || /<\/(?:[\w.-]+:)?si>/.test(strings.slice(last.index))) return undefined;
  const index = opened.length - 1;
  for (const { part: name, name: sheet } of sheets) {
    if (left <= 0) break;
    const { found } = walkSheet(await head(name), Infinity, (cell, content) => sharedIndex(cell, content) === index);
    if (found) return { sheet, ...found };
  }
  return undefined;
}

/** Why a workbook is refused before the sheet library reads it (it would unpack too far, too many rows, too long a cell), or undefined. */
async function refusedUnread({ bytes, limits }: SheetRequest): Promise<Refused | undefined> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unpacked = unpackBounded(zip, { maxTotal: limits.maxUnpacked, maxRatio: limits.maxRatio });
  if ("refused" in unpacked) {
    if (unpacked.refused === "notAZip") return { refused: "notASheet" };
    const at = unpacked.overflow && (await overflowPlace(zip, unpacked.overflow));
    return { refused: unpacked.refused, ...(at ? { at } : {}) };
  }
  return scan(unpacked.entries, limits);
}

/** The bytes as the sheet library takes them. */
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The first sheet's rows, or why the workbook was refused. */
export async function readBounded(request: SheetRequest): Promise<SheetRead> {
  const refused = await refusedUnread(request);
  if (refused) return refused;
  try {
    // Loaded at the first sheet read: the library ships beside a Lambda's bundle, not in it (decision 053).
    const { readSheet } = await import("read-excel-file/universal");
    return { rows: await readSheet(arrayBuffer(request.bytes)) };
  } catch {
    return { refused: "notASheet" };
  }
}

/** Every sheet's rows, with its name as its tab shows it, within the same limits (each sheet's rows are limited as the first one's). */
export async function readBoundedSheets(request: SheetRequest): Promise<SheetsRead> {
  const refused = await refusedUnread(request);
  if (refused) return refused;
  try {
    const { default: readWorkbook } = await import("read-excel-file/universal");
    return { sheets: (await readWorkbook(arrayBuffer(request.bytes))).map(({ sheet, data }) => ({ name: sheet, rows: data })) };
  } catch {
    return { refused: "notASheet" };
  }
}

/** The plain read: the first sheet's rows, in parts. */
const readRows: SheetStep = async (request, send) => {
  const read = await readBounded(request);
  if (!("rows" in read)) return read;
  sendInParts(read.rows, send);
  return { done: null };
};

if (!isMainThread && (workerData as SheetWorkerData | null)?.role === SHEET_WORKER_ROLE) {
  // The pool reads this thread's CPU time by its id (thread-cpu.ts); 0 where it cannot be known.
  const { threadId, stepModules = [] } = workerData as SheetWorkerData;
  const thread = ownThreadId();
  if (threadId) Atomics.store(threadId, 0, thread ?? 0);
  // Parsing gives way to the thread that answers guests (issue 49, point 6): on a busy machine the
  // scheduler runs it first. Linux sets a nice value per thread; lowering one's own needs no right.
  if (thread) {
    try {
      setPriority(thread, SHEET_WORKER_NICE);
    } catch {
      // not allowed here: the parse runs at the process's priority
    }
  }
  const post = (message: SheetMessage) => parentPort!.postMessage(message);
  parentPort!.on("message", async (request: SheetRequest) => {
    if (request.hold) Atomics.wait(request.hold, 0, 0);
    const step = request.step === undefined ? readRows : steps.get(request.step);
    if (!step) throw new Error(`No sheet step ${request.step} in this worker`);
    post(await step(request, (part) => post({ part })));
  });
  // Loaded (tsx, or a whole bundle, and the steps' modules): the pool starts a read's clock from here.
  void Promise.all(stepModules.map((url) => import(url))).then(() => parentPort!.postMessage(SHEET_WORKER_READY));
}
