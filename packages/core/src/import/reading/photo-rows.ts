/**
 * A photo's lines from the OCR's pieces of text (photo-lines.ts). Tesseract reads a menu best as
 * sparse text: each run of words on its own (a title, a weight, a price), the dotted leaders
 * between them left out as specks. Pieces that stand close on one row (one phrase, or a price
 * whose decimal point was lost as a speck) are joined and mended (photo-glyphs.ts); pieces set
 * apart stay lines of their own, as a PDF's runs do, for the parser to put in columns and rows
 * (menu-rows.ts).
 */
import type { TextLine } from "./draft";
import { mendOcrText } from "./photo-glyphs";

/** A piece of text the OCR found, with its box in the picture's pixels. */
export type OcrPiece = { text: string; x0: number; y0: number; x1: number; y1: number; confidence: number };

/** Below this confidence a piece is a speck or the table's grain read as letters. */
const CONFIDENCE_MIN = 30;
/** Pieces closer than this many text heights on one row are one phrase. */
const JOIN_GAP = 0.8;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const height = (piece: OcrPiece) => piece.y1 - piece.y0;
const middle = (piece: OcrPiece) => (piece.y0 + piece.y1) / 2;

/** A piece of one letter alone, below this confidence, is a speck or a lone digit misread ("7" as "у"). */
const LONE_LETTER_MIN = 70;

/** The pieces worth reading: some letter or digit, confident enough, of a text's height. */
function readable(pieces: OcrPiece[]): OcrPiece[] {
  const kept = pieces.filter(
    (piece) => /[\p{L}\p{N}]/u.test(piece.text) && piece.confidence >= (/^\p{L}$/u.test(piece.text) ? LONE_LETTER_MIN : CONFIDENCE_MIN),
  );
  const usual = median(kept.map(height));
  return kept.filter((piece) => height(piece) >= usual * 0.4 && height(piece) <= usual * 4);
}

/** The pieces grouped in rows (their middles within half a text's height of each other), top to bottom. */
function rows(pieces: OcrPiece[]): OcrPiece[][] {
  const out: OcrPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => middle(a) - middle(b))) {
    const row = out.at(-1);
    if (row && Math.abs(middle(piece) - median(row.map(middle))) <= Math.min(height(piece), median(row.map(height))) * 0.5) row.push(piece);
    else out.push([piece]);
  }
  return out;
}

/** A row's pieces left to right, those closer than `gap` joined (a number and its cents, whose point was lost, up to twice as far). */
function phrases(row: OcrPiece[], gap: number): OcrPiece[][] {
  const out: OcrPiece[][] = [];
  for (const piece of [...row].sort((a, b) => a.x0 - b.x0)) {
    const phrase = out.at(-1);
    const last = phrase?.at(-1);
    const cents = last && /\d$/.test(last.text) && /^\d{2}(\D|$)/.test(piece.text);
    if (phrase && piece.x0 - Math.max(...phrase.map((p) => p.x1)) < gap * (cents ? 2 : 1)) phrase.push(piece);
    else out.push([piece]);
  }
  return out;
}

/** How much of a box is ink (render/photo-measure.ts's inkShare on the OCR's picture). */
export type InkShare = (box: { x0: number; y0: number; x1: number; y1: number }) => number;
/** A line with this much more ink than the page's usual line is bold (DejaVu's bold has about 1.5 times the ink). */
const BOLD_INK = 1.25;

/** A phrase as a line: its texts mended, its boxes' union, its confidence weighed by length. */
function lineOf(phrase: OcrPiece[], cyrillic: boolean): TextLine {
  const x = Math.min(...phrase.map((p) => p.x0));
  const y = Math.min(...phrase.map((p) => p.y0));
  const letters = phrase.reduce((sum, p) => sum + p.text.length, 0);
  return {
    text: mendOcrText(phrase.map((p) => p.text).join(" "), cyrillic),
    page: 1,
    x,
    y,
    width: Math.max(...phrase.map((p) => p.x1)) - x,
    height: Math.max(...phrase.map(height)),
    bold: false,
    confidence: Math.round(phrase.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / letters),
  };
}

/**
 * The page's lines, row by row; `cyrillic` when the menu is in Russian or Belarusian. A line is
 * bold when its letters hold clearly more ink than the page's usual line's (the OCR does not say).
 */
export function linesOfPieces(found: OcrPiece[], cyrillic: boolean, ink: InkShare): TextLine[] {
  const pieces = readable(found.map((piece) => ({ ...piece, text: piece.text.replace(/\s+/g, " ").trim() })));
  const gap = median(pieces.map(height)) * JOIN_GAP;
  const lines = rows(pieces).flatMap((row) => phrases(row, gap).map((phrase) => ({ line: lineOf(phrase, cyrillic), ink: inkOf(phrase, ink) })));
  // Only lines with letters: a price's digits are set regular but are denser than words.
  const usual = median(lines.filter(({ line }) => /\p{L}{3}/u.test(line.text)).map((l) => l.ink));
  return lines.map(({ line, ink: share }) => ({ ...line, bold: /\p{L}{3}/u.test(line.text) && share > usual * BOLD_INK }));
}

/** A phrase's ink share, its pieces weighed by their area. */
function inkOf(phrase: OcrPiece[], ink: InkShare): number {
  const area = (p: OcrPiece) => (p.x1 - p.x0) * height(p);
  const total = phrase.reduce((sum, p) => sum + area(p), 0);
  return total ? phrase.reduce((sum, p) => sum + ink(p) * area(p), 0) / total : 0;
}
