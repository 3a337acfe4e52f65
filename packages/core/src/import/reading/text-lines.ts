/**
 * Pasted text as a menu's lines (issue 50): one line each, at x 0 and y its number (an empty line
 * leaves its gap, which the parser reads as a break before a heading), height 1. A Markdown-like
 * heading ("# Напитки", "## Кофе") or a line in "**bold**" arrives taller and bold, as a heading
 * would be set; runs of three spaces or more (text copied from a PDF viewer) become a tab.
 */
import type { TextLine } from "./draft";
import { MENU_DOCUMENT_MAX } from "./limits";

/** Lines of pasted text read; a longer paste is cut (its draft is marked truncated by the parser's limits). */
export const TEXT_LINES_MAX = 5_000;
const LINE_MAX = 500;

export function textLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  const all = text.slice(0, MENU_DOCUMENT_MAX).split(/\r\n?|\n/u);
  for (const [n, raw] of all.slice(0, TEXT_LINES_MAX).entries()) {
    let line = raw.replace(/ {3,}/gu, "\t").replace(/[ \u00a0]+/gu, " ").trim().slice(0, LINE_MAX);
    if (!line) continue;
    let height = 1;
    let bold = false;
    const markdown = /^(#{1,6})\s+(.*)$/u.exec(line);
    if (markdown) {
      height = 1 + (7 - markdown[1]!.length) * 0.1;
      bold = true;
      line = markdown[2]!;
    } else if (/^\*\*(.+)\*\*$/u.test(line)) {
      bold = true;
      line = line.slice(2, -2);
    }
    lines.push({ text: line, page: 1, x: 0, y: n, width: line.length, height, bold });
  }
  return lines;
}
