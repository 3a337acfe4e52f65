/**
 * Rendering adapter: a ZIP archive (an .xlsx) unpacked within a byte budget, before any sheet
 * library sees it. The sizes an archive declares may lie, and entries may share one compressed
 * stream, so every entry is inflated here with Node's zlib, which stops at `maxOutputLength`:
 * what counts is the bytes that really come out, summed over all entries.
 */
import { inflateRawSync } from "node:zlib";

export type ZipRefusal = "notAZip" | "unpacksTooLarge" | "unpacksTooMuch";
export type Unpacked = { entries: Map<string, Buffer> } | { refused: ZipRefusal };

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

/**
 * Every entry of the archive, unpacked, or why not: more than `maxTotal` bytes in all, or more
 * than `maxRatio` times the archive's own size (by the declared sizes first, then by what inflating
 * really gives).
 */
export function unpackBounded(zip: Buffer, { maxTotal, maxRatio }: { maxTotal: number; maxRatio: number }): Unpacked {
  const budget = Math.min(maxTotal, zip.length * maxRatio);
  const refusal = (): ZipRefusal => (budget === maxTotal ? "unpacksTooLarge" : "unpacksTooMuch");
  const directory = zip.length >= 22 ? centralDirectory(zip) : undefined;
  if (!directory) return { refused: "notAZip" };
  try {
    const listed: { name: string; method: number; compressed: number; local: number }[] = [];
    let declared = 0;
    let at = directory.offset;
    for (let i = 0; i < directory.entries; i++) {
      if (zip.readUInt32LE(at) !== CENTRAL) return { refused: "notAZip" };
      const compressed = zip.readUInt32LE(at + 20);
      const size = zip.readUInt32LE(at + 24);
      if (compressed === ZIP64 || size === ZIP64) return { refused: refusal() };
      declared += size;
      const nameLength = zip.readUInt16LE(at + 28);
      const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
      listed.push({ name, method: zip.readUInt16LE(at + 10), compressed, local: zip.readUInt32LE(at + 42) });
      at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    // Every byte of the directory read, each name once: nothing left for a reader to find besides.
    if (at !== directory.end || new Set(listed.map((e) => e.name)).size !== listed.length) return { refused: "notAZip" };
    if (declared > budget) return { refused: refusal() };
    const entries = new Map<string, Buffer>();
    let total = 0;
    for (const entry of listed) {
      if (zip.readUInt32LE(entry.local) !== LOCAL) return { refused: "notAZip" };
      const start = entry.local + 30 + zip.readUInt16LE(entry.local + 26) + zip.readUInt16LE(entry.local + 28);
      const data = zip.subarray(start, start + entry.compressed);
      const left = budget - total;
      let out: Buffer;
      if (entry.method === 0) out = data;
      else if (entry.method === 8) out = inflateRawSync(data, { maxOutputLength: Math.max(1, left + 1) });
      else return { refused: "notAZip" };
      total += out.length;
      if (total > budget) return { refused: refusal() };
      entries.set(entry.name, out);
    }
    return { entries };
  } catch (error) {
    // zlib stops at maxOutputLength with a RangeError; anything else is a broken archive.
    if (error instanceof RangeError && (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return { refused: refusal() };
    return { refused: "notAZip" };
  }
}
