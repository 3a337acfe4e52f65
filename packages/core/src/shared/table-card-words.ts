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

/** "Стол 7": the words for a table by its number alone (a table whose name is empty). */
export const cardNumber = (position: number) => `Стол ${position}`;

/** The card's big line: the table's own name ("Терраса 3", issue 48), as the board and the guest's page say it. */
export const cardTitle = (table: { position: number; name: string }) => table.name.trim() || cardNumber(table.position);

/** The small line under it: the table's number, unless its name already says it ("Терраса 3" is table 3). */
export const cardName = (table: { position: number; name: string }) =>
  new RegExp(`(^|\\D)${table.position}(\\D|$)`).test(cardTitle(table)) ? undefined : `№ ${table.position}`;

/** The languages whose scan line a store's cards carry: Russian, then the store's menu languages. */
export const cardLanguages = (languages: readonly string[]) =>
  [...new Set<string>(["ru", ...languages])].filter((l): l is MenuLanguage => l in SCAN_LINE);
