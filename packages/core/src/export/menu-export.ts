/**
 * Menu export (a premium feature, PRODUCT.md "Other features"): the store's menu in one of its
 * languages as a printable PDF or an Excel sheet, with what guests see (visible items and
 * categories, translated texts), including while the store is still in preparation. The files are
 * written by the export worker (export/jobs.ts), off the request path.
 */
import PDFDocument from "pdfkit";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { buildPublishedMenu, loadStoreState } from "../publish/build";
import type { PublishedCategory, PublishedItem, PublishedMenu } from "../publish/published";
import { clock } from "../shared/clock";
import { SECTIONS, type MenuLanguage } from "../shared/model";
import { pdfLine, registerPdfFonts } from "../shared/pdf-fonts";
import { deltaPlainText } from "../shared/rich-text";
import type { EXPORT_FORMATS } from "./menu-export.entity";
import words from "./words.json";

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Reports the rows written so far, so the job can show progress. */
export type OnRows = (done: number, total: number) => Promise<void>;

/**
 * The few words the export prints itself, per menu language (words.json). The sheet's columns are
 * also what the import reads (issue 19): export → edit → import round-trips; "ID" ties a row to its item.
 */
type Words = { sections: Record<string, string>; units: Record<string, string>; columns: string[]; yes: string; no: string };
export const WORDS: Record<MenuLanguage, Words> = words;

type Row = { section: string; category: string; item: PublishedItem };

/** Items in menu order: section, supercategory, its categories, position. */
export function menuRows(menu: PublishedMenu, lang: MenuLanguage): Row[] {
  const byParent = new Map<string, PublishedCategory[]>();
  for (const c of menu.categories) byParent.set(c.parent_id, [...(byParent.get(c.parent_id) ?? []), c]);
  const rows: Row[] = [];
  const walk = (category: PublishedCategory, path: string) => {
    for (const item of menu.items.filter((i) => i.category_id === category.id)) rows.push({ section: WORDS[lang].sections[category.section]!, category: path, item });
    for (const child of byParent.get(category.id) ?? []) walk(child, `${path} / ${child.name}`);
  };
  for (const section of SECTIONS) for (const top of (byParent.get("") ?? []).filter((c) => c.section === section && c.type !== "promotions")) walk(top, top.name);
  return rows;
}

/** An item's allergens or tags by their names in the menu's language, comma-separated. */
export const marks = (menu: PublishedMenu, codes: string[] | undefined) => (codes ?? []).map((c) => menu.marks[c]?.name ?? c).join(", ");

export const description = (item: PublishedItem) => (item.description ? deltaPlainText(item.description).trim().replace(/\s*\n+\s*/g, " ") : "");

async function xlsx(menu: PublishedMenu, lang: MenuLanguage, onRows: OnRows) {
  const w = WORDS[lang];
  const header = w.columns.map((value) => ({ value, fontWeight: "bold" as const }));
  const data: SheetData = [header];
  const rows = menuRows(menu, lang);
  for (const [index, { section, category, item }] of rows.entries()) {
    await onRows(index, rows.length);
    for (const p of item.portions) {
      data.push([section, category, item.title, description(item), `${p.weight} ${w.units[p.unit] ?? p.unit}`, { value: Number(p.price), type: Number, format: "0.00" }, p.currency, marks(menu, item.allergens), marks(menu, item.tags), w.yes, item.id]);
    }
  }
  return writeXlsxFile(data, {
    sheet: menu.store.name.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Menu",
    rightToLeft: lang === "ar",
    stickyRowsCount: 1,
    columns: [{ width: 14 }, { width: 28 }, { width: 32 }, { width: 60 }, { width: 12 }, { width: 10 }, { width: 10 }, { width: 30 }, { width: 24 }, { width: 10 }, { width: 24 }],
  }).toBuffer();
}

async function pdf(menu: PublishedMenu, lang: MenuLanguage, onRows: OnRows) {
  const w = WORDS[lang];
  const doc = registerPdfFonts(new PDFDocument({ size: "A4", margin: 48, info: { Title: menu.store.name } }));
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on("end", () => ok(Buffer.concat(chunks)));
    doc.on("error", fail);
  });
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

/** The export file of a store's menu in one language (no access checks: the job was checked when requested). */
export async function menuFile(keys: { company_id: string; store_id: string }, language: MenuLanguage, format: ExportFormat, onRows: OnRows) {
  const state = await loadStoreState(keys, clock.now());
  // Staff export what guests would see once the menu is open, also during preparation.
  const menu = buildPublishedMenu({ ...state, hidden: undefined }, language, () => ({ size: 0, path: "" }), clock.now());
  return format === "pdf" ? pdf(menu, language, onRows) : xlsx(menu, language, onRows);
}
