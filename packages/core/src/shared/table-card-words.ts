/**
 * What a printed table card says, for the PDF (render/table-cards-pdf.ts) and the browser's print
 * page alike, so both print the same card. Pure: the SPA imports it.
 */
import type { MenuLanguage } from "./model";

/** "Scan to see the menu" in every menu language. */
export const SCAN_LINE: Record<MenuLanguage, string> = {
  ru: "Отсканируйте, чтобы открыть меню",
  en: "Scan to see the menu",
  zh: "扫码查看菜单",
  ar: "امسح الرمز لعرض القائمة",
  tr: "Menüyü görmek için tarayın",
  fr: "Scannez pour voir le menu",
};

/** The card's big line: the number, in the menu's source language ("Стол 7"). */
export const cardNumber = (position: number) => `Стол ${position}`;

/** The table's name under the number, unless it only repeats it ("Стол 7" is not printed twice). */
export const cardName = (table: { position: number; name: string }) =>
  table.name.trim().toLowerCase() === cardNumber(table.position).toLowerCase() ? undefined : table.name;

/** The languages whose scan line a store's cards carry: Russian, then the store's menu languages. */
export const cardLanguages = (languages: readonly string[]) =>
  [...new Set<string>(["ru", ...languages])].filter((l): l is MenuLanguage => l in SCAN_LINE);
