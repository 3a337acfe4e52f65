import { z } from "zod";
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { fn } from "../shared/fn";
import { severalGet, SeveralIds } from "../shared/several-get";
import { CURRENCIES, ITEM_KINDS, UNITS } from "../shared/model";
import { TranslationsInfo, translationsInfo } from "../shared/translations-info";

export const Portion = z.object({
  id: z.string(),
  weight: z.string(),
  unit: z.enum(UNITS),
  price: z.string(),
  currency: z.enum(CURRENCIES),
});

export const ItemInfo = z.object({
  id: z.string(),
  company_id: z.string(),
  store_id: z.string(),
  kind: z.enum(ITEM_KINDS),
  category_id: z.string(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  photo: z.string().optional(),
  visible: z.boolean(),
  portions: z.array(Portion),
  allergens: z.array(z.string()),
  tags: z.array(z.string()),
  /** Sold out until then (ISO); absent or past = on sale. */
  sold_out_until: z.string().optional(),
  translations: TranslationsInfo,
  updated_at: z.string(),
});
export type ItemInfo = z.infer<typeof ItemInfo>;

type ItemRecord = Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["item"]["query"]["byId"]>["go"]>>["data"][number];

export const toItemInfo = ({ item_id, created_at: _, ...r }: ItemRecord): ItemInfo => ({
  ...r,
  id: item_id,
  position: r.position ?? 0,
  description: r.description ?? "",
  visible: r.visible ?? true,
  allergens: r.allergens ?? [],
  tags: r.tags ?? [],
  translations: translationsInfo(r.translations),
});

async function itemById(item_id: string) {
  const { data } = await Db().entities.item.query.byId({ item_id }).go();
  return data[0];
}

/** POST /api/products/several-get: the items the caller may see, in no particular order. */
export const severalItems = fn(SeveralIds, async ({ ids }) => (await severalGet(ids, itemById)).map(toItemInfo));

/** The store's items of these ids (BatchGetItem; unknown ids are left out). */
export async function itemsByIds(keys: { company_id: string; store_id: string }, ids: Iterable<string>) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = await untilProcessed(
    unique.map((item_id) => ({ ...keys, item_id })),
    (batch) => Db().entities.item.get(batch).go(),
  );
  return found.map(toItemInfo);
}

export async function itemsOfStore(company_id: string, store_id: string) {
  const { data } = await Db().entities.item.query.byStore({ company_id, store_id }).go({ pages: "all" });
  return data.map(toItemInfo);
}
