/**
 * A page's positioned lines put in reading order as rows (issue 50): a two-column page is split at
 * its gutter (a gap no line crosses, with titles starting at one edge on both sides; a column of
 * right-aligned prices is no column), its full-width lines (the café's name) cut it into bands read
 * left column first; then the pieces of one baseline in one column (a title, its weight, its price
 * set apart) become one row, the pieces joined by a tab.
 */
import type { TextLine } from "./draft";
import { headerCell } from "./menu-table";
import { lineValues } from "./menu-values";

export type Row = {
  /** The row's pieces joined by tabs. */
  text: string;
  page: number;
  x: number;
  y: number;
  /** The height of its first piece (the title's, where prices are set smaller or larger). */
  height: number;
  bold: boolean;
  /** The space above it, from the row before it in its column (0 for a column's first row). */
  gapAbove: number;
  confidence?: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** A line with words besides its prices and weights: a title or a heading, not a price column. */
const titled = (line: TextLine) => !headerCell(line.text) && lineValues(line.text).title.replace(/[^\p{L}]/gu, "").length >= 3;

type Split = { left: TextLine[]; right: TextLine[]; across: TextLine[] };

/** The page's two columns, or undefined when it is set in one. */
function columnsOf(lines: TextLine[]): Split | undefined {
  if (lines.length < 6) return undefined;
  const gap = 0.8 * median(lines.map((l) => l.height));
  const edge = 0.02 * Math.max(...lines.map((l) => l.x + l.width));
  const withTitle = new Set(lines.filter(titled));
  let best: (Split & { balance: number }) | undefined;
  for (const gutter of new Set(lines.map((l) => l.x + l.width))) {
    const split: Split = { left: [], right: [], across: [] };
    for (const line of lines) {
      if (line.x + line.width <= gutter) split.left.push(line);
      else if (line.x >= gutter + gap) split.right.push(line);
      else split.across.push(line);
    }
    if (split.across.length > Math.max(2, lines.length * 0.08)) continue;
    const balance = Math.min(split.left.length, split.right.length);
    // A last column may be short (the rest of a menu's last category): two lines make one.
    if (balance < 2 || (best && balance <= best.balance)) continue;
    // The right column's titles start at its one left edge, as the left column's do, and are a fair
    // share of its lines (a column of prices with a header word over each table is no column).
    const starts = (side: TextLine[]) => {
      const left = Math.min(...side.map((l) => l.x));
      const titles = side.filter((l) => l.x - left <= edge && withTitle.has(l));
      return titles.length >= 2 && titles.length >= side.length * 0.25;
    };
    if (!starts(split.right) || !starts(split.left)) continue;
    best = { ...split, balance };
  }
  return best;
}

/** One column's lines as rows: the pieces of a baseline joined, top to bottom. */
function rowsOf(lines: TextLine[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2) || a.x - b.x);
  const groups: TextLine[][] = [];
  for (const line of sorted) {
    const group = groups.at(-1);
    const center = line.y + line.height / 2;
    const last = group?.at(-1);
    if (group && last && Math.abs(last.y + last.height / 2 - center) < 0.4 * Math.max(last.height, line.height)) group.push(line);
    else groups.push([line]);
  }
  const rows: Row[] = [];
  for (const group of groups) {
    const pieces = group.sort((a, b) => a.x - b.x);
    const first = pieces[0]!;
    const before = rows.at(-1);
    const confidences = pieces.flatMap((p) => (p.confidence === undefined ? [] : [p.confidence]));
    rows.push({
      text: pieces.map((p) => p.text.trim()).join("\t"),
      page: first.page,
      x: first.x,
      y: Math.min(...pieces.map((p) => p.y)),
      height: first.height,
      bold: first.bold,
      gapAbove: before ? Math.max(0, first.y - (before.y + before.height)) : 0,
      ...(confidences.length ? { confidence: Math.min(...confidences) } : {}),
    });
  }
  return rows;
}

/** A page's lines as rows in reading order. */
function pageRows(lines: TextLine[]): Row[] {
  const split = columnsOf(lines);
  if (!split) return rowsOf(lines);
  // Full-width lines cut the page into bands; each band is read left column, then right column.
  const cuts = [...split.across].sort((a, b) => a.y - b.y);
  const rows: Row[] = [];
  let from = -Infinity;
  for (const cut of [...cuts, undefined]) {
    const to = cut ? cut.y : Infinity;
    const inBand = (line: TextLine) => line.y >= from && line.y < to;
    rows.push(...rowsOf(split.left.filter(inBand)), ...rowsOf(split.right.filter(inBand)));
    if (cut) rows.push(...rowsOf([cut]));
    from = to;
  }
  return rows;
}

/** The lines of every page as rows in reading order, pages in order. */
export function readingRows(lines: readonly TextLine[]): Row[] {
  const pages = new Map<number, TextLine[]>();
  for (const line of lines) {
    if (!line.text.trim()) continue;
    const page = pages.get(line.page);
    if (page) page.push(line);
    else pages.set(line.page, [line]);
  }
  return [...pages.keys()].sort((a, b) => a - b).flatMap((page) => pageRows(pages.get(page)!));
}
