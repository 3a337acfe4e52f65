/**
 * What kind of menu a file is, from its first bytes, its name only where the bytes cannot tell (a
 * zip is a workbook or a Word file; CSV and pasted text are plain text). A name that says one kind
 * over bytes of another is taken by the bytes: a renamed file is read for what it is.
 */
export const FILE_KINDS = ["sheet", "pdf", "docx", "text", "photo"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** HEIF's image brands: HEVC pictures (heic, heix; sequences hevc, hevx; multi-layer heim, heis), any codec (mif1, msf1), AV1 (avif). */
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/;

const starts = (bytes: Uint8Array, ...head: number[]) => head.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The file's kind, or undefined for one the import does not read. */
export function fileKind(fileName: string, bytes: Uint8Array): FileKind | undefined {
  const name = fileName.toLowerCase();
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (starts(bytes, 0xff, 0xd8, 0xff) || starts(bytes, 0x89, 0x50, 0x4e, 0x47)) return "photo";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "photo";
  // HEIC (an iPhone's photo) or AVIF: an ISO media file (its `ftyp` box first) whose major brand is an image one.
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.test(ascii(bytes, 8, 12))) return "photo";
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    if (name.endsWith(".docx")) return "docx";
    // Old Excel's .xls is no zip; a zip named otherwise is read as a workbook (the sheet reader refuses a non-workbook).
    return "sheet";
  }
  if (name.endsWith(".csv")) return "sheet";
  if (name.endsWith(".txt")) return "text";
  return undefined;
}
