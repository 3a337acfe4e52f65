/**
 * Rendering adapter, worker side: reads a workbook's first sheet in a worker thread, so that a
 * hostile file costs that thread, never the one answering requests. Before the sheet library
 * reads the bytes, the archive is unpacked within its budget (zip-bounds.ts, which accepts only
 * archives whose every entry it counted) and its XML scanned for rows and the longest cell.
 *
 * The module serves requests only when loaded as a sheet worker (sheet-reader.ts starts it: from
 * source, this file; in a Lambda bundle, the bundle itself, which holds this module).
 */
import { readSheet } from "read-excel-file/universal";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { unpackBounded, type ZipRefusal } from "./zip-bounds";

export const SHEET_WORKER_ROLE = "sheet-reader";
/** The worker's first message: it is loaded and listening. */
export const SHEET_WORKER_READY = "ready";

export type SheetLimits = { maxUnpacked: number; maxRatio: number; maxRows: number; maxCell: number };
export type SheetRefusal = Exclude<ZipRefusal, "notAZip"> | "tooManyRows" | "cellTooLong" | "parseTooSlow" | "notASheet";
export type SheetRead = { rows: unknown[][] } | { refused: SheetRefusal };
export type SheetRequest = { bytes: Uint8Array; limits: SheetLimits };

/**
 * Characters of XML text with its tags dropped and each entity (&amp;, &#1040;) counted as one.
 * Both patterns stop at the next "<" or after a few characters, so the pass is linear however the
 * text is made.
 */
const textLength = (xml: string) => xml.replace(/<[^<>]*>/g, "").replace(/&[^;\s]{1,10};/g, "_").length;

/**
 * Rows and cell sizes, read off the XML without parsing it, in one linear pass: the text up to each
 * end of a shared string (`</si>`) or of a cell (`</c>`, holding its value or inline string).
 */
function scan(entries: Map<string, Buffer>, limits: SheetLimits): SheetRefusal | undefined {
  for (const [name, data] of entries) {
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/.test(name);
    if (!sheet && name !== "xl/sharedStrings.xml") continue;
    const xml = data.toString("utf8");
    if (sheet && (xml.match(/<(?:\w+:)?row[\s>]/g)?.length ?? 0) > limits.maxRows) return "tooManyRows";
    for (const cell of xml.split(sheet ? /<\/(?:\w+:)?c>/ : /<\/(?:\w+:)?si>/)) if (textLength(cell) > limits.maxCell) return "cellTooLong";
  }
  return undefined;
}

export async function readBounded({ bytes, limits }: SheetRequest): Promise<SheetRead> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unpacked = unpackBounded(zip, { maxTotal: limits.maxUnpacked, maxRatio: limits.maxRatio });
  if ("refused" in unpacked) return { refused: unpacked.refused === "notAZip" ? "notASheet" : unpacked.refused };
  const refused = scan(unpacked.entries, limits);
  if (refused) return { refused };
  try {
    return { rows: await readSheet(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) };
  } catch {
    return { refused: "notASheet" };
  }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === SHEET_WORKER_ROLE) {
  parentPort!.on("message", async (request: SheetRequest) => parentPort!.postMessage(await readBounded(request)));
  // Loaded (tsx, or a whole bundle): the pool starts a read's clock from here.
  parentPort!.postMessage(SHEET_WORKER_READY);
}
