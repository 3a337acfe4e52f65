/**
 * Printable table cards (issue 6): the store's cards (or one table's), drawn by
 * render/table-cards-pdf.ts.
 */
import { z } from "zod";
import { storeCommand, StoreId } from "../command/store-command";
import { usePorts } from "../ports";
import { pngOf } from "../render/image";
import { renderCards } from "../render/table-cards-pdf";
import { cardLanguages } from "../shared/table-card-words";
import { tableInfo, tablesInfo } from "./manage";

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

export const TableCardsInput = z.object({ store_id: StoreId, table_id: z.string().optional(), table_ids: z.array(z.string()).optional() });

/** The store's cards (or one table's, or those of the tables chosen) as a PDF, with a file name for the download. */
export const tableCardsPdf = storeCommand(TableCardsInput, {}, async ({ store }, { table_id, table_ids }) => {
  const chosen = table_ids && new Set(table_ids);
  const tables = table_id ? [await tableInfo(store, table_id)] : (await tablesInfo(store)).filter((t) => !chosen || chosen.has(t.table_id));
  const logo = await logoOf(store.logo_light ?? store.logo_dark);
  const languages = cardLanguages(store.languages ?? []);
  const cards = tables.map((table) => ({ store: store.name, logo, table, languages }));
  const name = table_id && tables[0] ? `table-${tables[0].position}` : `tables-${store.url_key}`;
  return { name, body: await renderCards(cards) };
});
