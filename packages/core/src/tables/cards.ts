/**
 * Printable table cards (issue 6): the store's cards (or one table's), drawn by
 * render/table-cards-pdf.ts.
 */
import { usePorts } from "../ports";
import { pngOf } from "../render/image";
import { renderCards } from "../render/table-cards-pdf";
import type { MenuLanguage } from "../shared/model";
import { storeById } from "../store/store";
import { listTables, oneTable } from "./manage";

/** The store's logo (an object key) as PNG: uploaded logos are WebP, pdfkit embeds only PNG and JPEG. */
async function logoOf(key: string | undefined): Promise<Buffer | undefined> {
  if (!key) return undefined;
  try {
    const object = await usePorts().objects.get(key);
    return object ? await pngOf(object.body) : undefined;
  } catch {
    return undefined; // an unreadable logo is left out of the cards
  }
}

/** The store's cards (or one table's) as a PDF, with a file name for the download. */
export async function tableCardsPdf({ store_id, table_id }: { store_id: string; table_id?: string }) {
  const tables = table_id ? [await oneTable({ store_id, table_id })] : await listTables(store_id);
  const store = await storeById(store_id);
  const logo = await logoOf(store.logo_light ?? store.logo_dark);
  const languages = [...new Set<MenuLanguage>(["ru", ...(store.languages ?? [])])];
  const cards = tables.map((table) => ({ store: store.name, logo, table, languages }));
  const name = table_id && tables[0] ? `table-${tables[0].position}` : `tables-${store.url_key}`;
  return { name, body: await renderCards(cards) };
}
