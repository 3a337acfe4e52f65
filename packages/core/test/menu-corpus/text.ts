/**
 * A corpus menu as an owner would paste it: the café's name, headings (in capitals, Markdown "#"
 * or a plain line after an empty one, as the menu's heading style says), an item per line with its
 * price after dotted leaders, a tab, " — " or a space, and its description on the next line.
 */
import { headerCells, itemCells } from "./format";
import { sectionHeading, sectionsOf, type CorpusMenu } from "./menus";

export function renderText(menu: CorpusMenu): string {
  const { style } = menu;
  const lines: string[] = [menu.name, ""];
  const heading = (text: string, level: 1 | 2) => {
    if (style.headings === "caps") lines.push("", text.toUpperCase());
    else if (style.headings === "large") lines.push("", `${"#".repeat(level)} ${text}`);
    else lines.push("", text);
  };
  // A table (a header row, or weights in a column) is pasted with tabs, as a spreadsheet or Word gives it.
  const separator = style.tableHeader ? "\t" : style.leaders ? " .......... " : style.weight === "column" ? "\t" : style.columns === 2 ? " " : " — ";
  for (const { section, categories } of sectionsOf(menu)) {
    if (style.sectionHeadings && section !== "hookahs") heading(sectionHeading(menu, section), 1);
    for (const category of categories) {
      heading(category.name, 2);
      if (style.tableHeader) lines.push(Object.values(headerCells(menu, category.items[0]!.portions[0]!.unit)).join("\t"));
      for (const item of category.items) {
        const cells = itemCells(menu, item);
        const title = cells.weight && separator !== "\t" ? `${cells.title} ${cells.weight}` : cells.title;
        lines.push([title, separator === "\t" ? cells.weight : "", cells.price].filter(Boolean).join(separator));
        if (item.description) lines.push(item.description);
      }
    }
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n")}\n`;
}
