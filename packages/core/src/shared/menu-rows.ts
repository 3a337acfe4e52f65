/**
 * The menu as the export lays it out: items in menu order and the words printed per language. The
 * drawing (render/menu-pdf.ts, render/menu-sheet.ts) writes these rows; the import
 * (import/menu-import-sheet.ts, menu-import-plan.ts) reads the sheet's columns back.
 */
import type { PublishedCategory, PublishedItem, PublishedMenu } from "./published-menu";
import { SECTIONS, type MenuLanguage } from "./model";
import { deltaPlainText } from "./rich-text";
import words from "./menu-words.json";

/** Reports the rows written so far, so the job can show progress. */
export type OnRows = (done: number, total: number) => Promise<void>;

/**
 * The few words the export prints itself, per menu language (menu-words.json). The sheet's columns are
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
