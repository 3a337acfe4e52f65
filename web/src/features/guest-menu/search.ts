import { MENU_SECTIONS, type MenuSection } from "./model";

/** Search parameters of the guest pages, validated without a schema library (kept out of the guest bundle). */
export function validateGuestSearch(search: Record<string, unknown>): { table?: number; item?: string; section?: MenuSection } {
  const table = Number(search.table);
  const item = typeof search.item === "string" && search.item.length <= 64 ? search.item : undefined;
  const section = MENU_SECTIONS.find((s) => s === search.section);
  return { ...(Number.isInteger(table) && table > 0 ? { table } : {}), ...(item ? { item } : {}), ...(section ? { section } : {}) };
}
