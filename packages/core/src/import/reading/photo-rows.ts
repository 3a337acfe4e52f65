/**
 * A photo's lines from the OCR's pieces of text (photo-lines.ts). Tesseract reads a menu best as
 * sparse text: each run of words on its own (a title, a weight, a price), the dotted leaders
 * between them left out as specks. Here they are put back together as the page shows them: split
 * into the page's columns (a gutter no text crosses, with titles starting right after it), then
 * each column's pieces that share a row joined left to right into one line.
 */
import type { TextLine } from "./draft";
import { mendOcrText } from "./photo-glyphs";

/** A piece of text the OCR found, with its box in the picture's pixels. */
export type OcrPiece = { text: string; x0: number; y0: number; x1: number; y1: number; confidence: number };

/** Below this confidence a piece is a speck or the table's grain read as letters. */
const CONFIDENCE_MIN = 30;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const height = (piece: OcrPiece) => piece.y1 - piece.y0;

/** The pieces worth reading: some letter or digit, confident enough, of a text's height. */
function readable(pieces: OcrPiece[]): OcrPiece[] {
  const kept = pieces.filter((piece) => /[\p{L}\p{N}]/u.test(piece.text) && piece.confidence >= CONFIDENCE_MIN);
  const usual = median(kept.map(height));
  return kept.filter((piece) => height(piece) >= usual * 0.4 && height(piece) <= usual * 4);
}

/**
 * Where the pieces split into two columns (an x), if they do: the widest run of x in the middle
 * of the page that (nearly) no piece crosses, at least `gap` wide, after which at least three
 * pieces start with a letter (titles; a gap before a column of weights or prices is no gutter).
 */
function gutter(pieces: OcrPiece[], gap: number): number | undefined {
  if (pieces.length < 6) return undefined;
  const left = Math.min(...pieces.map((p) => p.x0));
  const span = Math.max(...pieces.map((p) => p.x1)) - left;
  const cover = new Uint16Array(span + 1);
  for (const piece of pieces) for (let x = piece.x0; x < piece.x1; x++) cover[x - left]!++;
  // A heading or a name over both columns may cross the gutter.
  const crossing = Math.max(1, Math.floor(pieces.length * 0.03));
  let best: { at: number; starters: number } | undefined;
  let start = -1;
  for (let x = Math.floor(span * 0.2); x <= Math.ceil(span * 0.8); x++) {
    const open = cover[x]! <= crossing;
    if (open && start < 0) start = x;
    if ((!open || x === Math.ceil(span * 0.8)) && start >= 0) {
      const end = left + x;
      if (end - (left + start) >= gap) {
        const starters = pieces.filter((p) => p.x0 >= end && p.x0 <= end + gap * 2 && /^\p{L}/u.test(p.text)).length;
        if (starters >= 3 && (!best || starters > best.starters)) best = { at: end, starters };
      }
      start = -1;
    }
  }
  return best?.at;
}

/** The pieces' columns, left to right (a column split again when it holds a gutter of its own). */
function columns(pieces: OcrPiece[], gap: number, depth = 0): OcrPiece[][] {
  const at = depth < 2 ? gutter(pieces, gap) : undefined;
  if (at === undefined) return [pieces];
  const [left, right] = [pieces.filter((p) => p.x0 < at), pieces.filter((p) => p.x0 >= at)];
  return [...columns(left, gap, depth + 1), ...columns(right, gap, depth + 1)];
}

/** A column's pieces grouped in rows (their middles within half a line of each other), top to bottom. */
function rows(pieces: OcrPiece[]): OcrPiece[][] {
  const middle = (p: OcrPiece) => (p.y0 + p.y1) / 2;
  const out: OcrPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => middle(a) - middle(b))) {
    const row = out.at(-1);
    const rowMiddle = row && median(row.map(middle));
    if (row && Math.abs(middle(piece) - rowMiddle!) <= Math.min(height(piece), median(row.map(height))) * 0.5) row.push(piece);
    else out.push([piece]);
  }
  return out;
}

/** One row's pieces as a line: their texts left to right, their boxes' union, their confidence weighed by length. */
function lineOf(row: OcrPiece[]): TextLine {
  const pieces = [...row].sort((a, b) => a.x0 - b.x0);
  const x = Math.min(...pieces.map((p) => p.x0));
  const y = Math.min(...pieces.map((p) => p.y0));
  const letters = pieces.reduce((sum, p) => sum + p.text.length, 0);
  return {
    text: mendOcrText(pieces.map((p) => p.text).join(" ")),
    page: 1,
    x,
    y,
    width: Math.max(...pieces.map((p) => p.x1)) - x,
    // The tallest piece's height: a row's price may be set smaller, its title is the line's size.
    height: Math.max(...pieces.map(height)),
    bold: false,
    confidence: Math.round(pieces.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / letters),
  };
}

/** The page's lines in reading order: column by column, top to bottom. */
export function rowsOfPieces(found: OcrPiece[]): TextLine[] {
  const pieces = readable(found.map((piece) => ({ ...piece, text: piece.text.replace(/\s+/g, " ").trim() })));
  const gap = median(pieces.map(height)) * 1.5;
  return columns(pieces, gap).flatMap((column) => rows(column).map(lineOf));
}
