/**
 * Rebuilding a store's kept counts from its records (issue 31), and the start-up migration that
 * gives every store of an existing data folder its counts and fresh positions. Both read the whole
 * store: they run at start or by hand, never on a request.
 */
import { Db } from "../db/service";
import { POSITION_STEP } from "./positions";
import { onceForEveryStore } from "./every-store";

type Keys = { company_id: string; store_id: string };
/** Only the store's keys: a query given more (a category id) would narrow to it. */
const storeOf = ({ company_id, store_id }: Keys): Keys => ({ company_id, store_id });

/** What the kept counts should say, counted from the records. */
export async function countStore(of: Keys) {
  const keys = storeOf(of);
  const e = Db().entities;
  const [items, promotions, categories, tables] = await Promise.all([
    e.item.query.byStore(keys).go({ pages: "all", attributes: ["item_id", "category_id", "position", "photo"] }),
    e.promotion.query.byStore(keys).go({ pages: "all", attributes: ["promotion_id", "category_id"] }),
    e.category.query.byStore(keys).go({ pages: "all", attributes: ["category_id"] }),
    e.table.query.byStore(keys).go({ pages: "all", attributes: ["table_id"] }),
  ]);
  const content = new Map(categories.data.map((c) => [c.category_id, 0]));
  for (const { category_id } of [...items.data, ...promotions.data]) content.set(category_id, (content.get(category_id) ?? 0) + 1);
  return {
    facts: {
      items: items.data.length,
      photos: items.data.filter((i) => i.photo).length,
      categories: categories.data.length,
      promotions: promotions.data.length,
      tables: tables.data.length,
    },
    content,
    items: items.data,
  };
}

/** The kept counts as readers see them. */
export async function keptCounts(of: Keys) {
  const keys = storeOf(of);
  const e = Db().entities;
  const [facts, tallies] = await Promise.all([
    e.storeFacts.get(keys).go(),
    e.categoryTally.query.byStore(keys).go({ pages: "all" }),
  ]);
  const f = facts.data;
  return {
    facts: { items: f?.items ?? 0, photos: f?.photos ?? 0, categories: f?.categories ?? 0, promotions: f?.promotions ?? 0, tables: f?.tables ?? 0 },
    content: new Map(tallies.data.map((t) => [t.category_id, t.content_count ?? 0])),
  };
}

/**
 * Sets the kept counts to what the records say. With `renumber`, every category's items also get
 * fresh positions 1·STEP, 2·STEP, … in their display order (position, then id): this repairs shared
 * positions and rewrites each item's display-order key. Run it while the store is quiet.
 */
export async function recountStore(of: Keys, opts: { renumber?: boolean } = {}) {
  const keys = storeOf(of);
  const e = Db().entities;
  const counted = await countStore(keys);
  const byCategory = new Map<string, typeof counted.items>();
  for (const item of counted.items) byCategory.set(item.category_id, [...(byCategory.get(item.category_id) ?? []), item]);
  await Promise.all(
    [...counted.content].map(async ([category_id, content_count]) => {
      const items = (byCategory.get(category_id) ?? []).sort(
        (a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.item_id < b.item_id ? -1 : 1),
      );
      if (opts.renumber) {
        for (let at = 0; at < items.length; at += 25) {
          await Promise.all(
            items.slice(at, at + 25).map((item, i) => e.item.patch({ ...keys, item_id: item.item_id }).set({ position: (at + i + 1) * POSITION_STEP }).go()),
          );
        }
      }
      const last = opts.renumber ? items.length * POSITION_STEP : Math.max(0, ...items.map((i) => i.position ?? 0));
      const tally = await e.categoryTally.get({ ...keys, category_id }).go();
      await e.categoryTally
        .put({ ...keys, category_id, content_count, next_position: Math.max(last, opts.renumber ? 0 : (tally.data?.next_position ?? 0)) })
        .go();
    }),
  );
  await e.storeFacts.update(keys).set(counted.facts).go();
  return counted;
}


/**
 * Once per data folder or table (issue 31): items are keyed by position now and positions must be
 * unique, so every store is renumbered and counted.
 */
export const migrateStores = () =>
  onceForEveryStore("item-positions-v1", async (keys) => {
    await recountStore(keys, { renumber: true });
    return true;
  });
