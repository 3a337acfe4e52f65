/**
 * The import's template (issue 33): the export's columns (shared/menu-words.json, the same the import
 * reads) and two example rows, as Excel or CSV. In the source language: only a Russian sheet may
 * add items (menu-import.ts), so a template in another language could not import its own rows.
 */
import { WORDS } from "../shared/menu-rows";
import { textSheet } from "../render/menu-sheet";
import { markName } from "../item/marks";
import { SOURCE_LANGUAGE } from "../shared/model";

export const TEMPLATE_FORMATS = ["xlsx", "csv"] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** Header and two items, in the columns' order (section, category, item, description, portion, price, currency, allergens, tags, visible, ID). */
export function templateRows(): string[][] {
  const w = WORDS[SOURCE_LANGUAGE];
  const lang = SOURCE_LANGUAGE;
  return [
    w.columns,
    [w.sections.kitchen!, "Супы", "Борщ", "Со сметаной и зеленью", `300 ${w.units.g}`, "9.50", "BYN", markName("milk", lang), markName("vegetarian", lang), w.yes, ""],
    [w.sections.drinks!, "Чай", "Чай чёрный", "Чайник на двоих", `500 ${w.units.ml}`, "6", "BYN", "", "", w.yes, ""],
  ];
}

const csvCell = (cell: string) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The template file: UTF-8 CSV with a byte order mark (so Excel reads the Cyrillic), or a workbook. */
export async function templateFile(format: TemplateFormat): Promise<Uint8Array> {
  const rows = templateRows();
  if (format === "csv") return new TextEncoder().encode(`\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`);
  return new Uint8Array(await textSheet(rows));
}
