/**
 * Rendering adapter: a menu as a printable A4 PDF (pdfkit), in menu order with section and
 * category headings. Called by the menu export (export/menu-export.ts).
 */
import { description, marks, menuRows, WORDS, type OnRows } from "../shared/menu-rows";
import type { PublishedMenu } from "../shared/published-menu";
import type { MenuLanguage } from "../shared/model";
import { pdfLine, pdfDocument } from "./pdf-fonts";

export async function menuPdf(menu: PublishedMenu, lang: MenuLanguage, onRows: OnRows) {
  const w = WORDS[lang];
  const { doc, done } = pdfDocument({ size: "A4", margin: 48, info: { Title: menu.store.name } });
  const align = lang === "ar" ? "right" : "left";
  const width = doc.page.width - 96;
  const text = (value: string, size: number, options: { bold?: boolean; color?: string; gap?: number } = {}) => {
    const line = pdfLine(value, options.bold ? "bold" : "regular");
    doc.font(line.font).fontSize(size).fillColor(options.color ?? "#111111");
    doc.text(line.text, 48, doc.y, { width, align, features: line.features });
    if (options.gap) doc.moveDown(options.gap);
  };
  text(menu.store.name, 22, { bold: true, gap: 0.6 });
  let section = "";
  let category = "";
  const rows = menuRows(menu, lang);
  for (const [index, row] of rows.entries()) {
    await onRows(index, rows.length);
    if (doc.y > doc.page.height - 120) doc.addPage();
    if (row.section !== section) {
      section = row.section;
      category = "";
      doc.moveDown(0.6);
      text(section.toUpperCase(), 15, { bold: true, color: "#7a4b1f", gap: 0.2 });
    }
    if (row.category !== category) {
      category = row.category;
      doc.moveDown(0.3);
      text(category, 13, { bold: true, gap: 0.15 });
    }
    // pdfkit has no bidi: a line mixing Arabic and numbers would come out reversed, so the PDF
    // writes Arabic menus' portions with Latin unit abbreviations (the sheet keeps Arabic ones).
    const units = lang === "ar" ? WORDS.en.units : w.units;
    const portions = row.item.portions.map((p) => `${p.weight} ${units[p.unit] ?? p.unit} — ${p.price} ${p.currency}`).join("   ·   ");
    text(row.item.title, 11, { bold: true });
    const about = description(row.item);
    if (about) text(about, 9, { color: "#555555" });
    const marked = [marks(menu, row.item.allergens), marks(menu, row.item.tags)].filter(Boolean).join(" · ");
    if (marked) text(marked, 9, { color: "#7a4b1f" });
    text(portions, 10, { color: "#222222", gap: 0.35 });
  }
  doc.end();
  return done;
}
