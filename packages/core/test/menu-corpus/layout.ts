/**
 * A corpus menu laid out on A4 pages as drawing instructions: runs of text with their font, size
 * and left/baseline position in PDF points (595 × 842). pdf.ts draws them with pdfkit; the photo
 * helper draws the same runs on a canvas (same font files, CORPUS_FONT_FILES), so a printed page
 * and its photo hold the same text in the same places. Widths are measured with pdfkit (its
 * fontkit), so right-aligned prices and dotted leaders line up as a designer's would.
 */
import PDFDocument from "pdfkit";
import { createRequire } from "node:module";
import { headerCells, itemCells } from "./format";
import { CORPUS_FONTS, sectionHeading, sectionsOf, type CorpusFont, type CorpusMenu } from "./menus";

const require = createRequire(import.meta.url);
const FILES: Record<CorpusFont, string> = { sans: "DejaVuSans", serif: "DejaVuSerif", condensed: "DejaVuSansCondensed", mono: "DejaVuSansMono", serifCondensed: "DejaVuSerifCondensed" };
/** The TTF files of each corpus font, absolute paths (regular and bold). */
export const CORPUS_FONT_FILES = Object.fromEntries(
  CORPUS_FONTS.map((font) => [font, { regular: require.resolve(`dejavu-fonts-ttf/ttf/${FILES[font]}.ttf`), bold: require.resolve(`dejavu-fonts-ttf/ttf/${FILES[font]}-Bold.ttf`) }]),
) as Record<CorpusFont, { regular: string; bold: string }>;

export type CorpusRun = {
  text: string;
  /** Left edge and baseline, in points from the page's top left corner. */
  x: number;
  baseline: number;
  size: number;
  bold: boolean;
  font: CorpusFont;
  /** "#rrggbb" */
  color: string;
};
export type CorpusPage = { width: number; height: number; runs: CorpusRun[] };

export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
const GUTTER = 24;
const SIZES = { name: 20, section: 16, headingCaps: 11, headingLarge: 14, title: 10.5, description: 8.5 } as const;

let measurer: PDFKit.PDFDocument | undefined;
/** The width of a text in a corpus font, in points. */
export function textWidth(text: string, font: CorpusFont, bold: boolean, size: number) {
  measurer ??= new PDFDocument({ autoFirstPage: false });
  return measurer.font(CORPUS_FONT_FILES[font][bold ? "bold" : "regular"]).fontSize(size).widthOfString(text);
}

type Column = { left: number; right: number };

/** A title in two lines: the first as full as `width` allows, the rest leaving `tail` for its leaders and price; undefined when none fits. */
function wrap(title: string, font: CorpusFont, bold: boolean, size: number, width: number, tail: number): [string, string] | undefined {
  // A weight stays whole ("300 г" is not split between its lines).
  const words = title.split(/(?<!\d) /u);
  let n = 0;
  while (n < words.length - 1 && textWidth(words.slice(0, n + 1).join(" "), font, bold, size) <= width) n++;
  if (!n || textWidth(words.slice(n).join(" "), font, bold, size) + tail > width) return undefined;
  return [words.slice(0, n).join(" "), words.slice(n).join(" ")];
}

export function layoutMenu(menu: CorpusMenu): CorpusPage[] {
  const { style } = menu;
  const { font } = style;
  const inner = PAGE.width - 2 * PAGE.margin;
  const half = (inner - GUTTER) / 2;
  const columns: Column[] = style.columns === 1 ? [{ left: PAGE.margin, right: PAGE.width - PAGE.margin }] : [0, 1].map((i) => ({ left: PAGE.margin + i * (half + GUTTER), right: PAGE.margin + i * (half + GUTTER) + half }));
  const pages: CorpusPage[] = [];
  let page!: CorpusPage;
  let column = 0;
  let y = 0;
  /** Where a column starts on the current page (below the café's name on the first). */
  let top: number = PAGE.margin;
  const newPage = () => {
    page = { width: PAGE.width, height: PAGE.height, runs: [] };
    pages.push(page);
    column = 0;
    y = PAGE.margin;
  };
  /** Moves to the next column or page when `height` does not fit below `y`. */
  const room = (height: number) => {
    if (y + height <= PAGE.height - PAGE.margin) return;
    if (column + 1 < columns.length) {
      column++;
      y = top;
    } else {
      newPage();
      top = PAGE.margin;
    }
  };
  const run = (text: string, x: number, baseline: number, size: number, bold: boolean, color = "#111111") => page.runs.push({ text, x, baseline, size, bold, font, color });
  const titleBold = style.headings === "large";

  newPage();
  const nameWidth = textWidth(menu.name, font, true, SIZES.name);
  run(menu.name, (PAGE.width - nameWidth) / 2, y + SIZES.name, SIZES.name, true);
  y += SIZES.name * 2;
  top = y;

  const heading = (text: string, level: 1 | 2) => {
    const caps = style.headings === "caps";
    const size = level === 1 ? SIZES.section : caps ? SIZES.headingCaps : style.headings === "large" ? SIZES.headingLarge : SIZES.title;
    // A heading is not left alone at a column's foot: it needs room for an item below it.
    room(size * 1.8 + 30);
    y += size * 0.9;
    run(caps ? text.toUpperCase() : text, columns[column]!.left, y + size, size, true, level === 1 ? "#7a4b1f" : "#111111");
    y += size * 1.5;
  };

  for (const { section, categories } of sectionsOf(menu)) {
    if (style.sectionHeadings && section !== "hookahs") heading(sectionHeading(menu, section), 1);
    for (const category of categories) {
      heading(category.name, 2);
      if (style.tableHeader) {
        // The columns' header, small, over the title, the weight column and the price.
        const header = headerCells(menu, category.items[0]!.portions[0]!.unit);
        const size = SIZES.description;
        const col = columns[column]!;
        run(header.title, col.left, y + size, size, false, "#555555");
        run(header.weight, col.right - 70 - textWidth(header.weight, font, false, size), y + size, size, false, "#555555");
        run(header.price, col.right - textWidth(header.price, font, false, size), y + size, size, false, "#555555");
        y += size * 1.8;
      }
      for (const item of category.items) {
        const cells = itemCells(menu, item);
        const size = SIZES.title;
        const priceWidth = textWidth(cells.price, font, false, size);
        const titleWidth = textWidth(cells.title, font, titleBold, size);
        const { left, right } = columns[column]!;
        const weightWidth = cells.weight ? textWidth(cells.weight, font, false, size) + 70 : 0;
        const fits = left + titleWidth + 12 + priceWidth + weightWidth <= right;
        // Too long for its column: a menu with leaders wraps the title (the rest, the leaders and the
        // price on a second line), one without sets the price on the next line, at the right.
        const wrapped = !fits && style.leaders ? wrap(cells.title, font, titleBold, size, right - left, priceWidth + weightWidth + 30) : undefined;
        room(size * (fits ? 1.5 : 3) + (item.description ? SIZES.description * 1.5 : 0));
        const col = columns[column]!;
        let baseline = y + size;
        if (wrapped) {
          run(wrapped[0], col.left, baseline, size, titleBold);
          baseline += size * 1.25;
        }
        const last = wrapped ? wrapped[1] : cells.title;
        run(last, col.left, baseline, size, titleBold);
        const priceBaseline = fits || wrapped ? baseline : baseline + size * 1.4;
        const priceX = col.right - priceWidth;
        run(cells.price, priceX, priceBaseline, size, false);
        let stop = priceX;
        if (cells.weight) {
          stop = col.right - weightWidth;
          run(cells.weight, stop, baseline, size, false);
        }
        if (style.leaders && (fits || wrapped)) {
          const start = col.left + textWidth(last, font, titleBold, size) + 4;
          const dots = Math.floor((stop - 4 - start) / textWidth(".", font, false, size));
          if (dots >= 3) run(".".repeat(dots), start, baseline, size, false, "#555555");
        }
        y += size * (fits ? 1.5 : 2.9);
        if (item.description) {
          run(item.description, col.left, y + SIZES.description, SIZES.description, false, "#555555");
          y += SIZES.description * 1.6;
        }
      }
    }
  }
  return pages;
}
