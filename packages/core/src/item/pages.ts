/**
 * A category's items in pages for the menu editor (issue 31): one Query of the byCategory index
 * (sorted by position) per page, card fields only, the count from the category's tally; an item
 * opened for editing is read alone; "move to position N" for items beyond what the editor loaded.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { storeCommand } from "../command/store-command";
import { toCard } from "./card";
import { categoryOfStore, type StoreKeys } from "./content";
import { ItemInfo, toItemInfo } from "./item";
import { itemsFrom, positionAfter } from "../store/positions";

const Id = z.string().min(1).max(64);
export const PAGE_SIZE = 50;
export const PAGE_MAX = 100;

export const ItemCard = ItemInfo.omit({ description: true }).extend({ summary: z.string() });
export type ItemCard = z.infer<typeof ItemCard>;
export const ItemPage = z.object({ items: z.array(ItemCard), next: z.string().optional(), total: z.number().int() });

export const ListItemsInput = z.object({
  store_id: Id,
  category_id: Id,
  limit: z.number().int().min(1).max(PAGE_MAX).default(PAGE_SIZE),
  cursor: z.string().max(512).optional(),
});
export const GetItemInput = z.object({ store_id: Id, item_id: Id });
/** N is 1-based, as the editor shows it. */
export const MoveToPositionInput = GetItemInput.extend({ position: z.number().int().min(1).max(1_000_000) });

/**
 * Where the next page starts: the last card's key in the index, with the store and category it
 * belongs to. It only narrows a Query of the caller's own category, so a forged one reads nothing
 * it could not; one that does not parse, or names another list, is refused.
 */
const Cursor = z.object({ s: z.string(), c: z.string(), p: z.number().int().min(0), i: z.string().min(1).max(64) });
const encodeCursor = (keys: StoreKeys, category_id: string, last: { position: number; item_id: string }) =>
  Buffer.from(JSON.stringify({ s: keys.store_id, c: category_id, p: last.position, i: last.item_id })).toString("base64url");

function decodeCursor(cursor: string, keys: StoreKeys, category_id: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new UserError("invalidCursor", 400);
  }
  const checked = Cursor.safeParse(parsed);
  if (!checked.success || checked.data.s !== keys.store_id || checked.data.c !== category_id) throw new UserError("invalidCursor", 400);
  return { position: checked.data.p, item_id: checked.data.i };
}

async function itemCategory(keys: StoreKeys, category_id: string) {
  const category = await categoryOfStore(keys, category_id);
  // Items hold products, hookahs or games: not promotions.
  if (category.section === "promotions") throw new UserError("wrongCategoryForContent", 409);
  return category;
}

/** The category's kept item count (its tally, changed in the same transaction as every create, move and delete). */
async function countOf(keys: StoreKeys, category_id: string) {
  const { data } = await Db().entities.categoryTally.get({ ...keys, category_id }).go();
  return data?.content_count ?? 0;
}

/** admin-panel/{section}/{categoryid}: one page of the category's cards in display order, hidden ones included. */
export const listItems = storeCommand(ListItemsInput, {}, async ({ keys }, { store_id, category_id, limit, cursor }) => {
  const after = cursor ? decodeCursor(cursor, keys, category_id) : undefined;
  await itemCategory(keys, category_id);
  const query = Db().entities.item.query.byCategory({ store_id, category_id });
  // One more than the page: whether a next page exists without another request.
  const [{ data }, total] = await Promise.all([(after ? query.gt(after) : query).go({ limit: limit + 1 }), countOf(keys, category_id)]);
  // gsi2 is keyed by store and category; the company check keeps the tenant rule explicit.
  const rows = data.filter((r) => r.company_id === keys.company_id).map(toItemInfo);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toCard),
    ...(rows.length > limit && last ? { next: encodeCursor(keys, category_id, { position: last.position, item_id: last.id }) } : {}),
    total,
  };
});

async function itemOfStore(keys: StoreKeys, item_id: string) {
  const { data } = await Db().entities.item.get({ ...keys, item_id }).go();
  if (!data) throw new UserError("itemNotFound", 404);
  return data;
}

/** The whole item, for its form (the list has its card only). */
export const getItem = storeCommand(GetItemInput, {}, async ({ keys }, { item_id }) => toItemInfo(await itemOfStore(keys, item_id)));

/** Keys read per request while counting to a position (keys-only projection). */
const WALK_PAGE = 500;

/**
 * The `nth` item (1-based) of the category in `order`, not counting `skip`: a walk over the index
 * reading only keys and positions.
 */
async function nthItem(keys: StoreKeys, category_id: string, skip: string, nth: number, order: "asc" | "desc") {
  let seen = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { item_id: string; company_id: string; position?: number }[]; cursor: string | null } = await Db()
      .entities.item.query.byCategory({ store_id: keys.store_id, category_id })
      .go({ order, cursor, limit: Math.min(WALK_PAGE, nth - seen + 1), attributes: ["item_id", "company_id", "position"] });
    for (const r of page.data) {
      if (r.company_id !== keys.company_id || r.item_id === skip) continue;
      if (++seen === nth) return { item_id: r.item_id, position: r.position ?? 0 };
    }
    cursor = page.cursor;
  } while (cursor);
  return undefined;
}

/**
 * "Move to position N" (1-based) in the item's category, for moves beyond what the editor loaded.
 * The item goes right after the (N-1)th of the others: counted from the start or from the end,
 * whichever is nearer, so a move reads at most half the category's keys (min(N, total − N) rows,
 * keys-only), then takes a free position there (positionAfter: one Query, one write).
 */
export const moveItemToPosition = storeCommand(MoveToPositionInput, { publish: "named" }, async ({ keys, publish }, { item_id, position: n }) => {
  const item = toItemInfo(await itemOfStore(keys, item_id));
  const total = await countOf(keys, item.category_id);
  if (n > total) throw new UserError("positionOutOfRange", 400, { total });
  const others = total - 1;
  // The item it goes after (none: the start), as the (N-1)th of the others from the start, or the (others − N + 2)th from the end.
  const before =
    n === 1
      ? undefined
      : n - 1 <= others / 2
        ? await nthItem(keys, item.category_id, item_id, n - 1, "asc")
        : await nthItem(keys, item.category_id, item_id, others - n + 2, "desc");
  if (n > 1 && !before) throw new UserError("positionOutOfRange", 400, { total });
  const from = before ? before.position : -1;
  // Already there: the item right after `before` is this one.
  const { items: following } = await itemsFrom(keys, item.category_id, from + 1, 1);
  if (following[0]?.item_id === item_id) return { item: toCard(item), index: n };
  const position = await positionAfter(keys, item.category_id, from);
  await Db().entities.item.patch({ ...keys, item_id }).set({ position }).go();
  publish({ categories: [item.category_id] });
  return { item: toCard({ ...item, position }), index: n };
});
