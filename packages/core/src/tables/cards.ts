/**
 * Printable table cards (issue 6): the store's cards (or one table's), drawn by
 * render/table-cards-pdf.ts.
 */
import { usePorts } from "../ports";
import { pngOf } from "../render/image";
import { renderCards } from "../render/table-cards-pdf";
import { storeById } from "../store/store";
import { cardLanguages } from "./card-words";
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

/** The store's cards (or one table's, or those of the tables chosen) as a PDF, with a file name for the download. */
export async function tableCardsPdf({ store_id, table_id, table_ids }: { store_id: string; table_id?: string; table_ids?: string[] }) {
  const chosen = table_ids && new Set(table_ids);
  const tables = table_id ? [await oneTable({ store_id, table_id })] : (await listTables(store_id)).filter((t) => !chosen || chosen.has(t.table_id));
  const store = await storeById(store_id);
  const logo = await logoOf(store.logo_light ?? store.logo_dark);
  const languages = cardLanguages(store.languages ?? []);
  const cards = tables.map((table) => ({ store: store.name, logo, table, languages }));
  const name = table_id && tables[0] ? `table-${tables[0].position}` : `tables-${store.url_key}`;
  return { name, body: await renderCards(cards) };
}
