/**
 * Positions of items in a category (issue 31). A new item takes the next one from the category's
 * counter (one atomic ADD on its tally, O(1) and race-free: 100 parallel creates get 100 positions).
 * Positions leave gaps of POSITION_STEP so that an item put between two others (a duplicate, a
 * "move to position N") takes the middle of the gap instead of renumbering what follows.
 */
import { Db } from "../db/service";
import { inGroups } from "../shared/batch";

type StoreKeys = { company_id: string; store_id: string };

export const POSITION_STEP = 1024;

/** Takes `count` consecutive positions at the end of the category: [first, first + STEP, …]. */
export async function takePositions(keys: StoreKeys, category_id: string, count = 1) {
  const { data } = await Db()
    .entities.categoryTally.update({ ...keys, category_id })
    .add({ next_position: count * POSITION_STEP })
    .go({ response: "updated_new" });
  const end = data.next_position ?? count * POSITION_STEP;
  return Array.from({ length: count }, (_, i) => end - (count - 1 - i) * POSITION_STEP);
}

/** Categories whose blocks `takePositionBlocks` asks for at once. */
const BLOCKS_AT_ONCE = 8;

/**
 * Blocks of consecutive end positions for several categories (an import's chunk): `counts` says how
 * many each category needs; one ADD per category, a few categories at a time. Each block is what
 * `takePositions` answers for its category.
 */
export async function takePositionBlocks(keys: StoreKeys, counts: ReadonlyMap<string, number>) {
  const blocks = new Map<string, number[]>();
  const wanted = [...counts].filter(([, n]) => n > 0);
  await inGroups(wanted, BLOCKS_AT_ONCE, async ([category_id, n]) => blocks.set(category_id, await takePositions(keys, category_id, n)));
  return blocks;
}

/**
 * A position strictly between `before` (-1 = the start) and the next item's, or undefined when the
 * gap is used up.
 */
export function positionBetween(before: number, after: number): number | undefined {
  const middle = Math.floor((before + after) / 2);
  return middle > before && middle < after ? middle : undefined;
}

/** The items of a category from position `from` on, in display order (one Query page). */
export async function itemsFrom(keys: StoreKeys, category_id: string, from: number, limit: number, cursor?: string) {
  const page = await Db()
    .entities.item.query.byCategory({ store_id: keys.store_id, category_id })
    .gte({ position: Math.max(0, from) })
    .go({ limit, ...(cursor ? { cursor } : {}) });
  // gsi2 is keyed by store and category; the company check keeps the tenant rule explicit.
  return { items: page.data.filter((r) => r.company_id === keys.company_id), cursor: page.cursor ?? undefined };
}

/**
 * A free position right after `before` (-1 = at the start of the category), for an item put there.
 * When the gap is used up, the items that follow are spaced out again by POSITION_STEP until one
 * already leaves room: the walk is as long as the dense run after `before`, usually one item.
 */
export async function positionAfter(keys: StoreKeys, category_id: string, before: number): Promise<number> {
  const { items } = await itemsFrom(keys, category_id, before + 1, 1);
  // Nothing after it: the end of the category, from the counter (a position past it would be taken again).
  if (!items[0]) return (await takePositions(keys, category_id))[0]!;
  const between = positionBetween(before, items[0].position ?? 0);
  if (between !== undefined) return between;
  const position = before + POSITION_STEP / 2;
  let need = before + POSITION_STEP;
  let cursor: string | undefined;
  do {
    const page = await itemsFrom(keys, category_id, before + 1, 50, cursor);
    for (const item of page.items) {
      if ((item.position ?? 0) >= need) return position;
      await Db().entities.item.patch({ ...keys, item_id: item.item_id }).set({ position: need }).go();
      need += POSITION_STEP;
    }
    cursor = page.cursor;
  } while (cursor);
  return position;
}
