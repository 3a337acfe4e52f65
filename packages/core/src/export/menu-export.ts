/**
 * Menu export (a premium feature, PRODUCT.md "Other features"): the store's menu in one of its
 * languages as a printable PDF or an Excel sheet, with what guests see (visible items and
 * categories, translated texts), including while the store is still in preparation. The files are
 * written by the export worker (export/worker.ts), off the request path, and drawn by
 * render/menu-pdf.ts and render/menu-sheet.ts.
 */
import { buildPublishedMenu } from "../publish/build";
import { loadStoreState } from "../publish/store-state";
import { menuPdf } from "../render/menu-pdf";
import { menuSheet } from "../render/menu-sheet";
import { clock } from "../shared/clock";
import type { MenuLanguage } from "../shared/model";
import type { EXPORT_FORMATS } from "../records/menu-export.entity";
import type { OnRows } from "../shared/menu-rows";

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export file of a store's menu in one language (no access checks: the job was checked when requested). */
export async function menuFile(keys: { company_id: string; store_id: string }, language: MenuLanguage, format: ExportFormat, onRows: OnRows) {
  const state = await loadStoreState(keys, clock.now());
  // Staff export what guests would see once the menu is open, also during preparation.
  const menu = buildPublishedMenu({ ...state, hidden: undefined }, language, () => ({ size: 0, path: "" }), clock.now());
  return format === "pdf" ? menuPdf(menu, language, onRows) : menuSheet(menu, language, onRows);
}
