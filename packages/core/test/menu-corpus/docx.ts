/**
 * A corpus menu as a Word file (the `docx` package), as an owner's designer might set it: the café's
 * name and section headings as Heading 1, categories as Heading 2 (or a bold, perhaps capitalised
 * paragraph, as the menu's heading style says), items as a paragraph with a right tab stop before
 * the price (with a dotted leader where the menu has leaders) or, where weights stand in a column
 * of their own, as a table's rows; descriptions smaller and in italics; two-column menus in a
 * two-column section.
 */
import { AlignmentType, Document, HeadingLevel, LeaderType, Packer, Paragraph, Tab, Table, TableCell, TableRow, TabStopType, TextRun, WidthType } from "docx";
import { headerCells, itemCells } from "./format";
import { sectionHeading, sectionsOf, type CorpusCategory, type CorpusMenu } from "./menus";

const FONT_NAMES = { sans: "DejaVu Sans", serif: "DejaVu Serif", condensed: "DejaVu Sans Condensed", mono: "DejaVu Sans Mono", serifCondensed: "DejaVu Serif Condensed" } as const;
/** A4's text width with 2 cm margins, in twentieths of a point. */
const TEXT_WIDTH = 9_638;

export async function renderDocx(menu: CorpusMenu): Promise<Uint8Array> {
  const { style } = menu;
  const font = FONT_NAMES[style.font];
  const titleBold = style.headings === "large";
  const columnWidth = style.columns === 2 ? (TEXT_WIDTH - 567) / 2 : TEXT_WIDTH;
  const children: (Paragraph | Table)[] = [new Paragraph({ heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER, children: [new TextRun({ text: menu.name, font })] })];
  const heading = (text: string, level: 1 | 2) => {
    if (level === 1 || style.headings === "large") children.push(new Paragraph({ heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2, children: [new TextRun({ text, font })] }));
    else children.push(new Paragraph({ spacing: { before: 200 }, children: [new TextRun({ text: style.headings === "caps" ? text.toUpperCase() : text, bold: true, font, size: 22 })] }));
  };
  const description = (text: string) => new Paragraph({ children: [new TextRun({ text, italics: true, size: 16, font, color: "555555" })] });
  const items = (category: CorpusCategory) => {
    if (style.weight === "column") {
      const rows = category.items.map((item) => {
        const cells = itemCells(menu, item);
        const cell = (text: string, bold = false, under?: string) =>
          new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold, font, size: 21 })] }), ...(under ? [description(under)] : [])] });
        return new TableRow({ children: [cell(cells.title, titleBold, item.description || undefined), cell(cells.weight), cell(cells.price)] });
      });
      if (style.tableHeader) {
        const header = headerCells(menu, category.items[0]!.portions[0]!.unit);
        const cell = (text: string) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, font, size: 18, color: "555555" })] })] });
        rows.unshift(new TableRow({ tableHeader: true, children: [cell(header.title), cell(header.weight), cell(header.price)] }));
      }
      children.push(new Table({ width: { size: columnWidth, type: WidthType.DXA }, rows }));
      return;
    }
    for (const item of category.items) {
      const cells = itemCells(menu, item);
      children.push(
        new Paragraph({
          tabStops: [{ type: TabStopType.RIGHT, position: columnWidth, ...(style.leaders ? { leader: LeaderType.DOT } : {}) }],
          children: [new TextRun({ text: cells.title, bold: titleBold, font, size: 21 }), new TextRun({ children: [new Tab(), cells.price], font, size: 21 })],
        }),
      );
      if (item.description) children.push(description(item.description));
    }
  };
  for (const { section, categories } of sectionsOf(menu)) {
    if (style.sectionHeadings && section !== "hookahs") heading(sectionHeading(menu, section), 1);
    for (const category of categories) {
      heading(category.name, 2);
      items(category);
    }
  }
  const doc = new Document({
    creator: "menu-corpus",
    title: menu.name,
    sections: [{ properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } }, ...(style.columns === 2 ? { column: { count: 2, space: 567 } } : {}) }, children }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
