/**
 * Rendering adapter, worker side: reads a workbook's first sheet in a worker thread, so that a
 * hostile file costs that thread, never the one answering requests. Before the sheet library
 * sees the bytes, the archive is unpacked within its budget (zip-bounds.ts) and its XML is
 * scanned for the number of rows and the longest cell.
 *
 * The module serves requests only when loaded as a sheet worker (sheet-reader.ts starts it: from
 * source, this file; in a Lambda bundle, the bundle itself, which holds this module).
 */
import { readSheet } from "read-excel-file/universal";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { unpackBounded, type ZipRefusal } from "./zip-bounds";

export const SHEET_WORKER_ROLE = "sheet-reader";

export type SheetLimits = { maxUnpacked: number; maxRatio: number; maxRows: number; maxCell: number };
export type SheetRefusal = Exclude<ZipRefusal, "notAZip"> | "tooManyRows" | "cellTooLong" | "parseTooSlow" | "notASheet";
export type SheetRead = { rows: unknown[][] } | { refused: SheetRefusal };
export type SheetRequest = { bytes: Uint8Array; limits: SheetLimits };

/** Characters of XML text with its tags dropped and each entity (&amp;, &#1040;) counted as one. */
const textLength = (xml: string) => xml.replace(/<[^>]*>/g, "").replace(/&[^;\s]{1,10};/g, "_").length;

/** Rows and cell sizes, read off the XML without parsing it: a shared string, an inline string or a value. */
function scan(entries: Map<string, Buffer>, limits: SheetLimits): SheetRefusal | undefined {
  for (const [name, data] of entries) {
    if (!/^xl\/(worksheets\/[^/]+|sharedStrings)\.xml$/.test(name)) continue;
    const xml = data.toString("utf8");
    if (name.startsWith("xl/worksheets/") && (xml.match(/<(?:\w+:)?row[\s>]/g)?.length ?? 0) > limits.maxRows) return "tooManyRows";
    const cells = xml.matchAll(/<(?:\w+:)?(si|is)>([\s\S]*?)<\/(?:\w+:)?\1>|<(?:\w+:)?v>([^<]*)</g);
    for (const [, , rich, value] of cells) if (textLength(rich ?? value ?? "") > limits.maxCell) return "cellTooLong";
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
}
