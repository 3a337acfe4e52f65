/**
 * The text of a CSV file's bytes. Spreadsheets save CSV as UTF-8 (with or without a byte order
 * mark), as UTF-16 with one (Excel's "Unicode text"), or, Excel on a Russian Windows, as
 * Windows-1251 with no mark at all. A mark decides; else bytes that are valid UTF-8 are UTF-8
 * (Cyrillic in Windows-1251 practically never is); else Windows-1251, but only when `recognised`
 * accepts the text, since a single-byte code page decodes any bytes at all (a file in another
 * code page would come out as nonsense). Undefined when none of these reads the file.
 */
const MARKS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
] as const;

/** The text, or undefined when the bytes are not valid in `encoding` (the decoder drops a leading mark). */
function decoded(bytes: Uint8Array, encoding: string) {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The file's text, or undefined: a marked file not valid in its encoding, or neither UTF-8 nor recognised as Windows-1251. */
export function csvText(bytes: Uint8Array, recognised: (text: string) => boolean): string | undefined {
  const mark = MARKS.find((m) => m.bytes.every((b, i) => bytes[i] === b));
  if (mark) return decoded(bytes, mark.encoding);
  const utf8 = decoded(bytes, "utf-8");
  if (utf8 !== undefined) return utf8;
  const cp1251 = new TextDecoder("windows-1251").decode(bytes);
  return recognised(cp1251) ? cp1251 : undefined;
}
