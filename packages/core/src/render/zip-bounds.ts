/**
 * Rendering adapter: a ZIP archive (an .xlsx) unpacked within a byte budget, before any sheet
 * library sees it. The sizes an archive declares may lie, and entries may share one compressed
 * stream, so every entry is inflated here with Node's zlib, which stops at `maxOutputLength`:
 * what counts is the bytes that really come out, summed over all entries.
 */
import { createInflateRaw, inflateRawSync } from "node:zlib";

export type ZipRefusal = "notAZip" | "unpacksTooLarge" | "unpacksTooMuch";
/** Where the budget ran out: in which entry, after how many of its unpacked bytes (so the cell being unpacked there can be named). */
export type Overflow = { entry: string; within: number };
export type Unpacked = { entries: Map<string, Buffer> } | { refused: ZipRefusal; overflow?: Overflow };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A 32-bit size of all ones: the real one is in a ZIP64 record, which no import-sized file needs. */
const ZIP64 = 0xffffffff;

const ZIP64_LOCATOR = 0x07064b50;

/**
 * Where the central directory starts and how many entries it has (the end record, found from the
 * end as every reader finds it, may carry a comment). Only a plain one-disk archive whose directory
 * ends where the end record begins: any other shape could make a sheet library see entries this
 * module did not count (a ZIP64 record, an entry count that differs between its two fields).
 */
function centralDirectory(zip: Buffer) {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) !== EOCD) continue;
    const entries = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 12);
    const offset = zip.readUInt32LE(at + 16);
    const plain = zip.readUInt16LE(at + 4) === 0 && zip.readUInt16LE(at + 6) === 0 && zip.readUInt16LE(at + 8) === entries && offset + size === at;
    const zip64 = at >= 20 && zip.readUInt32LE(at - 20) === ZIP64_LOCATOR;
    return plain && !zip64 ? { entries, offset, end: at } : undefined;
  }
  return undefined;
}

type Listed = { name: string; method: number; compressed: number; local: number; size: number };

/** The archive's entries as its directory lists them, or why not (see centralDirectory). */
function listEntries(zip: Buffer): Listed[] | "notAZip" | "zip64" {
  const directory = zip.length >= 22 ? centralDirectory(zip) : undefined;
  if (!directory) return "notAZip";
  const listed: Listed[] = [];
  let at = directory.offset;
  for (let i = 0; i < directory.entries; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) return "notAZip";
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    if (compressed === ZIP64 || size === ZIP64) return "zip64";
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    listed.push({ name, method: zip.readUInt16LE(at + 10), compressed, local: zip.readUInt32LE(at + 42), size });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  // Every byte of the directory read, each name once: nothing left for a reader to find besides.
  if (at !== directory.end || new Set(listed.map((e) => e.name)).size !== listed.length) return "notAZip";
  return listed;
}

/** An entry's stored bytes (compressed or not), or undefined when its local header is not where the directory says. */
function storedBytes(zip: Buffer, entry: Listed) {
  if (zip.readUInt32LE(entry.local) !== LOCAL) return undefined;
  const start = entry.local + 30 + zip.readUInt16LE(entry.local + 26) + zip.readUInt16LE(entry.local + 28);
  return zip.subarray(start, start + entry.compressed);
}

/**
 * Every entry of the archive, unpacked, or why not: more than `maxTotal` bytes in all, or more
 * than `maxRatio` times the archive's own size (by the declared sizes first, then by what inflating
 * really gives), with the entry where the budget ran out.
 */
export function unpackBounded(zip: Buffer, { maxTotal, maxRatio }: { maxTotal: number; maxRatio: number }): Unpacked {
  const budget = Math.min(maxTotal, zip.length * maxRatio);
  const refusal = (overflow?: Overflow): Unpacked => ({ refused: budget === maxTotal ? "unpacksTooLarge" : "unpacksTooMuch", ...(overflow ? { overflow } : {}) });
  try {
    const listed = listEntries(zip);
    if (listed === "notAZip") return { refused: "notAZip" };
    if (listed === "zip64") return refusal();
    let declared = 0;
    for (const entry of listed) {
      if (declared + entry.size > budget) return refusal({ entry: entry.name, within: budget - declared });
      declared += entry.size;
    }
    const entries = new Map<string, Buffer>();
    let total = 0;
    for (const entry of listed) {
      const data = storedBytes(zip, entry);
      if (!data) return { refused: "notAZip" };
      const left = budget - total;
      let out: Buffer;
      try {
        if (entry.method === 0) out = data;
        else if (entry.method === 8) out = inflateRawSync(data, { maxOutputLength: Math.max(1, left + 1) });
        else return { refused: "notAZip" };
      } catch (error) {
        // zlib stops at maxOutputLength with a RangeError; anything else is a broken archive.
        if (error instanceof RangeError && (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return refusal({ entry: entry.name, within: left });
        return { refused: "notAZip" };
      }
      total += out.length;
      if (total > budget) return refusal({ entry: entry.name, within: left });
      entries.set(entry.name, out);
    }
    return { entries };
  } catch {
    // A directory or header that points outside the archive.
    return { refused: "notAZip" };
  }
}

/** The archive's entry names, in its directory's order (none if it is not an archive unpackBounded reads). */
export function entryNames(zip: Buffer): string[] {
  try {
    const listed = listEntries(zip);
    return typeof listed === "string" ? [] : listed.map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * The first `bytes` an entry unpacks to, inflated as a stream that is stopped there (a refused
 * archive's entry, read again only as far as its budget went, to say where it ran out). Empty if
 * the archive or the entry cannot be read.
 */
export async function entryHead(zip: Buffer, name: string, bytes: number): Promise<Buffer> {
  let data: Buffer | undefined;
  let method = 0;
  try {
    const listed = listEntries(zip);
    const entry = typeof listed === "string" ? undefined : listed.find((e) => e.name === name);
    data = entry && storedBytes(zip, entry);
    method = entry?.method ?? 0;
  } catch {
    data = undefined;
  }
  if (!data) return Buffer.alloc(0);
  if (method === 0) return data.subarray(0, bytes);
  if (method !== 8) return Buffer.alloc(0);
  const stored = data;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const inflater = createInflateRaw();
    const finish = () => {
      inflater.destroy();
      resolve(Buffer.concat(chunks).subarray(0, bytes));
    };
    inflater.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= bytes) finish();
    });
    inflater.on("end", finish).on("error", finish);
    inflater.end(stored);
  });
}
