/**
 * The corpus's sources as the tests and `pnpm bench:menu-reading` run them: each writes a menu out
 * (not timed) and returns the read (timed: the reader's lines through the parser, in this process;
 * the product runs the same in a sheet worker). A source is one entry of the list: the photo
 * reader's is added beside these (photo*.ts) with its own goals.
 */
import type { MenuDraft } from "../../src/import/reading/draft";
import { docxLines } from "../../src/import/reading/docx-lines";
import { parseMenu } from "../../src/import/reading/parse-menu";
import { pdfLines } from "../../src/import/reading/pdf-lines";
import { textLines } from "../../src/import/reading/text-lines";
import { renderDocx } from "./docx";
import type { CorpusMenu } from "./menus";
import { renderPdf } from "./pdf";
import { renderText } from "./text";

export type CorpusSource = {
  name: string;
  /** The goals on the corpus, as shares of the items (0…1). */
  goals: { prices: number; titles?: number };
  /** Writes the menu out and returns its read, to be timed. */
  prepare: (menu: CorpusMenu) => Promise<() => Promise<MenuDraft>>;
  /** Menus of its own instead of CORPUS (a photo shows a menu's first page: photo-menus.ts). */
  menus?: readonly CorpusMenu[];
};

export const DOCUMENT_SOURCES: CorpusSource[] = [
  {
    name: "pdf",
    goals: { prices: 0.98 },
    prepare: async (menu) => {
      const bytes = await renderPdf(menu);
      return async () => {
        const { lines, pages } = await pdfLines(bytes);
        return parseMenu(lines, "pdf", pages);
      };
    },
  },
  {
    name: "docx",
    goals: { prices: 0.98 },
    prepare: async (menu) => {
      const bytes = await renderDocx(menu);
      return async () => {
        const { lines, pages } = await docxLines(bytes);
        return parseMenu(lines, "docx", pages);
      };
    },
  },
  {
    name: "text",
    goals: { prices: 0.98 },
    prepare: async (menu) => {
      const text = renderText(menu);
      return async () => parseMenu(textLines(text), "text", 1);
    },
  },
];
