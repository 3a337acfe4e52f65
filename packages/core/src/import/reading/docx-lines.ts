/**
 * A Word file (.docx) as a menu's lines (issue 50), with mammoth's HTML: a heading (h1–h6) is a
 * taller, bold line; a paragraph all in bold is a bold line; one all in italics is set smaller (as
 * a dish's description is; mammoth keeps no font sizes); a table's row is one line, its cells joined
 * by a tab (the parser reads a tab as a column: the price's). Word's tab stops (dotted leaders to a
 * price) arrive as tabs too. The archive is unpacked within the import's budget first (a zip bomb
 * is refused before mammoth sees it).
 */
import { unpackBounded } from "../../render/zip-bounds";
import { ImportRefusal } from "../menu-import-errors";
import { IMPORT_UNPACK_RATIO_MAX, IMPORT_UNPACKED_MAX } from "../menu-import-limits";
import type { TextLine } from "./draft";

/** Lines read from one document; a menu holds far fewer. */
export const DOCX_LINES_MAX = 5_000;
const LINE_MAX = 500;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (text: string) => text.replace(/&(#x?[\da-f]+|\w+);/giu, (all, name: string) => (name.startsWith("#") ? String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : (ENTITIES[name] ?? all)));

/** A block's text with how much of it was bold and italic. */
type Block = { text: string; bold: number; italic: number; letters: number };
const emptyBlock = (): Block => ({ text: "", bold: 0, italic: 0, letters: 0 });

/** mammoth's HTML as lines: headings, paragraphs, list items, table rows. */
export function htmlLines(html: string): TextLine[] {
  const lines: TextLine[] = [];
  let block: Block | undefined;
  let level = 0;
  let strong = 0;
  let em = 0;
  /** A table row's cells, each its paragraphs. */
  let cells: Block[][] | undefined;
  let cell: Block[] | undefined;
  const emit = (text: string, height: number, bold: boolean) => {
    const line = text.replace(/[ \u00a0]+/gu, " ").replace(/ *\t */gu, "\t").trim().slice(0, LINE_MAX);
    if (line && lines.length < DOCX_LINES_MAX) lines.push({ text: line, page: 1, x: 0, y: lines.length * 1.5, width: line.length, height, bold });
  };
  const mostly = (part: number, b: Block) => b.letters > 0 && part >= b.letters * 0.8;
  const paragraph = (b: Block) => emit(b.text, mostly(b.italic, b) && !mostly(b.bold, b) ? 0.85 : 1, mostly(b.bold, b));
  for (const [, close, tag, text] of html.matchAll(/<(\/?)(\w+)[^>]*>|([^<]+)/gu)) {
    if (text !== undefined) {
      if (!block) continue;
      const value = decode(text);
      const letters = value.replace(/[^\p{L}\p{N}]/gu, "").length;
      block.text += value;
      block.letters += letters;
      if (strong) block.bold += letters;
      if (em) block.italic += letters;
      continue;
    }
    const name = tag!.toLowerCase();
    if (name === "strong" || name === "b") strong = Math.max(0, strong + (close ? -1 : 1));
    else if (name === "em" || name === "i") em = Math.max(0, em + (close ? -1 : 1));
    else if (name === "br" && block) block.text += " ";
    else if (name === "tr") {
      if (!close) cells = [];
      else if (cells) {
        // The row is a line of the cells' first paragraphs; a cell's further ones (a dish's description) follow it.
        const first = cells.map((c) => c[0] ?? emptyBlock());
        emit(first.map((b) => b.text.trim()).join("\t"), 1, first[0] ? mostly(first[0].bold, first[0]) : false);
        for (const more of cells.flatMap((c) => c.slice(1))) paragraph(more);
        cells = undefined;
      }
    } else if (name === "td" || name === "th") {
      if (!close) cell = [];
      else if (cell) {
        cells?.push(cell);
        cell = undefined;
      }
    } else if (/^(p|h[1-6]|li)$/u.test(name)) {
      if (!close) {
        block = emptyBlock();
        level = name.startsWith("h") ? Number(name[1]) : 0;
      } else if (block) {
        if (cell) cell.push(block);
        else if (level) emit(block.text, 1 + (7 - level) * 0.1, true);
        else paragraph(block);
        block = undefined;
      }
    }
  }
  return lines;
}

export async function docxLines(bytes: Uint8Array): Promise<{ lines: TextLine[]; pages: number }> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const unpacked = unpackBounded(zip, { maxTotal: IMPORT_UNPACKED_MAX, maxRatio: IMPORT_UNPACK_RATIO_MAX });
  if ("refused" in unpacked) throw new ImportRefusal(unpacked.refused === "notAZip" ? "unknownFileKind" : unpacked.refused);
  if (!unpacked.entries.has("word/document.xml")) throw new ImportRefusal("unknownFileKind");
  const { default: mammoth } = await import("mammoth");
  // Pictures are left out (mammoth would inline each as base64).
  const { value } = await mammoth.convertToHtml({ buffer: zip }, { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) }).catch(() => {
    throw new ImportRefusal("notASheet");
  });
  return { lines: htmlLines(value), pages: 1 };
}
