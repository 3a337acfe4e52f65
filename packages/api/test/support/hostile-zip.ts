/**
 * ZIP archives written byte by byte, for the import's limits: honest ones (a minimal .xlsx), and
 * the hostile kinds a sheet library must never see (sizes that lie, entries sharing one stream).
 */
import { deflateRawSync } from "node:zlib";

type Entry = { name: string; data: Buffer | string; /** The size the archive claims (default: the real one). */ declared?: number };

/**
 * An archive of the entries, each deflated. `shared`: every entry after the first points at the
 * first one's compressed stream (the 18.8 KB → 80 MB trick), so only one stream is stored.
 */
export function zip(entries: Entry[], { shared = false } = {}) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let first: { offset: number; compressed: number; size: number; declared: number } | undefined;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.data);
    const reuse = shared ? first : undefined;
    const compressed = reuse ? undefined : deflateRawSync(data);
    const declared = entry.declared ?? data.length;
    const at = reuse ? reuse.offset : offset;
    const compressedSize = reuse ? reuse.compressed : compressed!.length;
    if (!reuse) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(compressedSize, 18);
      local.writeUInt32LE(declared, 22);
      local.writeUInt16LE(name.length, 26);
      locals.push(local, name, compressed!);
      first ??= { offset: at, compressed: compressedSize, size: data.length, declared };
      offset += 30 + name.length + compressedSize;
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressedSize, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(at, 42);
    centrals.push(central, name);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The parts of a one-sheet workbook whose cells are shared strings, as Excel writes them. */
export function workbookEntries(rows: string[][]): Entry[] {
  // Each distinct text once, as Excel keeps them.
  const strings = [...new Set(rows.flat())];
  const index = new Map(strings.map((s, i) => [s, i]));
  const column = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows.map((cells, r) => {
    // An empty cell is left out, as Excel leaves it.
    const xml = cells.map((cell, c) => (cell ? `<c r="${column(c)}${r + 1}" t="s"><v>${index.get(cell)}</v></c>` : ""));
    return `<row r="${r + 1}">${xml.join("")}</row>`;
  });
  return [
    { name: "[Content_Types].xml", data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>` },
    { name: "_rels/.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: "xl/workbook.xml", data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Menu" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: "xl/_rels/workbook.xml.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>` },
    { name: "xl/worksheets/sheet1.xml", data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join("")}</sheetData></worksheet>` },
    { name: "xl/sharedStrings.xml", data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${xmlText(s)}</t></si>`).join("")}</sst>` },
  ];
}
