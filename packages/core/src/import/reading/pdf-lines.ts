/**
 * A PDF's text layer as a menu's lines (issue 50), with pdfjs-dist's Node build: the text pieces of
 * a page on one baseline make a line, split where a wide gap stands between them (a title and its
 * price set apart, or two columns: the parser puts them together again by columns); the font size
 * from the piece's transform, bold from its font's name. Runs in a sheet worker, which bounds its
 * CPU time; pages, pieces and characters are bounded here.
 */
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { ImportRefusal } from "../menu-import-errors";
import type { TextLine } from "./draft";
import { MENU_PAGES_MAX } from "./limits";

/** Text pieces read per page and characters per document: a page of a menu holds far fewer. */
const PIECES_PER_PAGE_MAX = 5_000;
const CHARACTERS_MAX = 400_000;
/** A gap wider than this many font sizes splits a baseline's pieces into lines of their own. */
const SPLIT_GAP = 1.2;

type Piece = { text: string; x: number; baseline: number; size: number; width: number; bold: boolean };

const BOLD_NAME = /bold|black|heavy|semibold|demi/i;

/** One page's pieces as lines: grouped by baseline, then split at wide gaps. */
function linesOf(pieces: Piece[], page: number, pageHeight: number): TextLine[] {
  const sorted = [...pieces].sort((a, b) => b.baseline - a.baseline || a.x - b.x);
  const baselines: Piece[][] = [];
  for (const piece of sorted) {
    const group = baselines.at(-1);
    if (group && Math.abs(group[0]!.baseline - piece.baseline) < 0.3 * Math.max(group[0]!.size, piece.size)) group.push(piece);
    else baselines.push([piece]);
  }
  const lines: TextLine[] = [];
  for (const group of baselines) {
    group.sort((a, b) => a.x - b.x);
    let run: Piece[] = [];
    const flush = () => {
      if (!run.length) return;
      let text = "";
      for (const [i, piece] of run.entries()) {
        const before = run[i - 1];
        const gap = before ? piece.x - (before.x + before.width) : 0;
        if (before && gap > 0.15 * piece.size && !/\s$/u.test(text) && !/^\s/u.test(piece.text)) text += " ";
        text += piece.text;
      }
      const first = run[0]!;
      const last = run.at(-1)!;
      const size = Math.max(...run.map((p) => p.size));
      if (text.trim()) lines.push({ text: text.trim(), page, x: first.x, y: pageHeight - first.baseline - size, width: last.x + last.width - first.x, height: size, bold: first.bold });
      run = [];
    };
    for (const piece of group) {
      const before = run.at(-1);
      if (before && piece.x - (before.x + before.width) > SPLIT_GAP * Math.max(before.size, piece.size)) flush();
      run.push(piece);
    }
    flush();
  }
  return lines;
}

/**
 * pdfjs, loaded at the first PDF: a Lambda ships it beside its bundle (stacks/bundling.ts), where a
 * static import would load it at every cold start and in every sheet worker. Its worker's code runs
 * on this thread (pdfjs's "fake worker" takes it from globalThis once imported): no worker is started.
 */
async function pdfjs() {
  // @ts-expect-error -- pdfjs-dist ships no types for its worker's module (only its side effect is wanted).
  await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
  return import("pdfjs-dist/legacy/build/pdf.mjs");
}

export async function pdfLines(bytes: Uint8Array): Promise<{ lines: TextLine[]; pages: number }> {
  if (String.fromCharCode(...bytes.subarray(0, 5)) !== "%PDF-") throw new ImportRefusal("unknownFileKind");
  const { getDocument } = await pdfjs();
  // pdfjs may take the buffer over (transfer): it gets a copy.
  const task = getDocument({ data: bytes.slice(), useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise.catch(() => {
    throw new ImportRefusal("notASheet");
  });
  try {
    if (doc.numPages > MENU_PAGES_MAX) throw new ImportRefusal("tooManyPages");
    const lines: TextLine[] = [];
    let characters = 0;
    for (let n = 1; n <= doc.numPages && characters < CHARACTERS_MAX; n++) {
      const page = await doc.getPage(n);
      const { height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      // The fonts' names (and so their weight) are known once the page's operators were read.
      await page.getOperatorList();
      const boldFont = new Map<string, boolean>();
      const isBold = (fontName: string) => {
        if (!boldFont.has(fontName)) {
          const font = page.commonObjs.has(fontName) ? (page.commonObjs.get(fontName) as { name?: string; bold?: boolean }) : undefined;
          boldFont.set(fontName, Boolean(font?.bold) || BOLD_NAME.test(font?.name ?? ""));
        }
        return boldFont.get(fontName)!;
      };
      const pieces: Piece[] = [];
      for (const item of content.items.slice(0, PIECES_PER_PAGE_MAX)) {
        if (!("str" in item) || !item.str.trim()) continue;
        const { str, transform, width, fontName } = item as TextItem;
        const size = Math.hypot(transform[2]!, transform[3]!) || Math.hypot(transform[0]!, transform[1]!);
        characters += str.length;
        pieces.push({ text: str, x: transform[4]!, baseline: transform[5]!, size, width, bold: isBold(fontName) });
      }
      lines.push(...linesOf(pieces, n, height));
      page.cleanup();
    }
    if (!lines.length) throw new ImportRefusal("noTextLayer");
    return { lines, pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
