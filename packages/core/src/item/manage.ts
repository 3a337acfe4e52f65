/**
 * Items of a category in the admin panel (issue 4): list, create, edit, duplicate, move, sort,
 * bulk hide/show/delete (search is in search.ts, over the word index of search/). Every call is a store command: it names
 * what a publish after it rebuilds, and the texts to translate.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { assertStoreMedia } from "../media/upload";
import { UserError } from "../shared/errors";
import { storeCommand } from "../command/store-command";
import { newId } from "../shared/ids";
import type { CategoryInfo } from "../category/category";
import { categoryOfStore, contentSaved, inOrder, revisedTranslations, type StoreKeys } from "./content";
import { itemTarget } from "./translatable";
import { countedWrite, factsChange, requestFactsRefresh, tallyChange } from "../store/facts";
import { positionAfter, takePositions } from "../store/positions";
import { deleteItems } from "./removal";
import { indexItem, unindexItems } from "../search/indexing";
import { toItemInfo } from "./item";
import { nextOpening } from "../shared/schedule";
import { clock } from "../shared/clock";
import { DEFAULT_TIME_ZONE } from "../shared/model";
import { ALLERGENS, DIET_TAGS, inMarkOrder, type Mark } from "./marks";
import { Allergens, BULK_ACTIONS, DietTags, ItemForm, KIND_OF_SECTION, SELECTION_MAX, type ItemFormValues } from "./schemas";

const Id = z.string().min(1).max(64);

export const CreateItemInput = ItemForm.extend({ store_id: Id, category_id: Id });
export const UpdateItemInput = ItemForm.extend({ store_id: Id, item_id: Id });
export const ItemRef = z.object({ store_id: Id, item_id: Id });
export const MoveItemInput = ItemRef.extend({ category_id: Id });
export const SortItemsInput = z.object({ store_id: Id, category_id: Id, item_ids: z.array(Id).max(SELECTION_MAX) });
/** An empty selection reaches the domain, which answers "You need to select at least one item". */
export const BulkItemsInput = z.object({ store_id: Id, action: z.enum(BULK_ACTIONS), item_ids: z.array(Id).max(SELECTION_MAX) });
export const SoldOutInput = z.object({ store_id: Id, item_ids: z.array(Id).max(SELECTION_MAX), sold_out: z.boolean() });
const MarkChange = <S extends z.ZodType>(codes: S) => z.object({ add: codes, remove: codes }).partial();
/** Marks added to and removed from every selected item (a mark both added and removed is removed). */
export const MarkItemsInput = z.object({
  store_id: Id,
  item_ids: z.array(Id).max(SELECTION_MAX),
  allergens: MarkChange(Allergens).default({}),
  tags: MarkChange(DietTags).default({}),
});
/** Items hold products, hookahs or games: not promotions. */
function assertItemCategory(category: CategoryInfo) {
  if (category.section === "promotions") throw new UserError("wrongCategoryForContent", 409);
  return KIND_OF_SECTION[category.section];
}

async function itemOfStore(keys: StoreKeys, item_id: string) {
  const { data } = await Db().entities.item.get({ ...keys, item_id }).go();
  if (!data) throw new UserError("itemNotFound", 404);
  return data;
}

const withPortionIds = (portions: ItemFormValues["portions"]) => portions.map((p) => ({ ...p, id: p.id || newId() }));

/**
 * A new item goes to the end of its category; its kind follows the section. Its position comes from
 * the category's counter, and the counts change in the item's own transaction (issue 31).
 */
export const createItem = storeCommand(CreateItemInput, { publish: "named", translate: true }, async (ctx, { store_id: _store, category_id, ...form }) => {
  const { keys } = ctx;
  const kind = assertItemCategory(await categoryOfStore(keys, category_id));
  if (form.photo) await assertStoreMedia(form.photo, keys);
  const [position] = await takePositions(keys, category_id);
  const item_id = newId();
  await countedWrite((e) => [
    e.item.create({ ...keys, item_id, kind, category_id, position, ...form, portions: withPortionIds(form.portions) }).commit(),
    // The category may have been deleted since it was read.
    e.category.check({ ...keys, category_id }).where((a, op) => op.exists(a.name)).commit(),
    tallyChange(e, keys, category_id, 1),
    factsChange(e, keys, { items: 1, photos: form.photo ? 1 : 0 }),
  ]);
  await indexItem(keys, undefined, { item_id, title: form.title });
  const saved = await itemOfStore(keys, item_id);
  contentSaved(ctx, { target_type: "Item", target_id: item_id, target: itemTarget(saved) }, { categories: [], items: [{ category_id, item_id }] });
  return toItemInfo(saved);
});

/** Replaces the form's fields; a removed photo is removed, machine translations of changed texts are dropped. */
export const updateItem = storeCommand(UpdateItemInput, { publish: "named", translate: true }, async (ctx, { store_id: _store, item_id, photo, ...form }) => {
  const { keys } = ctx;
  const item = await itemOfStore(keys, item_id);
  const translations = await revisedTranslations(keys, item.translations, { ...item, picture: item.photo }, { ...form, picture: photo });
  const values = { ...form, ...(photo ? { photo } : {}), portions: withPortionIds(form.portions), translations };
  const photos = Number(!!photo) - Number(!!item.photo);
  if (photos) {
    // A photo added or removed changes the store's photo count: both in one transaction, and only
    // if no other save changed the photo meanwhile.
    await countedWrite((e) => {
      const patch = e.item.patch({ ...keys, item_id }).set(values);
      return [
        (photo ? patch : patch.remove(["photo"])).where((a, op) => (item.photo ? op.eq(a.photo, item.photo) : op.notExists(a.photo))).commit(),
        factsChange(e, keys, { photos }),
      ];
    });
  } else {
    const patch = Db().entities.item.patch({ ...keys, item_id }).set(values);
    await (photo ? patch : patch.remove(["photo"])).go();
  }
  await indexItem(keys, item, { item_id, title: form.title, translations });
  const saved = await itemOfStore(keys, item_id);
  contentSaved(ctx, { target_type: "Item", target_id: item_id, target: itemTarget(saved) }, { categories: [], items: [{ category_id: item.category_id, item_id }] });
  return toItemInfo(saved);
});

/**
 * A copy with a new id (and new portion ids) right after the original. It is a new dish, so it
 * joins no chain group (origin_id): "apply to other stores" from it would change the original's copies.
 */
export const duplicateItem = storeCommand(ItemRef, { publish: "named" }, async ({ keys, publish }, { item_id }) => {
  const { item_id: _, created_at: __, updated_at: ___, origin_id: ____, ...item } = await itemOfStore(keys, item_id);
  const position = await positionAfter(keys, item.category_id, item.position ?? 0);
  const copyId = newId();
  await countedWrite((e) => [
    e.item.create({ ...item, item_id: copyId, position, portions: item.portions.map((p) => ({ ...p, id: newId() })) }).commit(),
    e.category.check({ ...keys, category_id: item.category_id }).where((a, op) => op.exists(a.name)).commit(),
    tallyChange(e, keys, item.category_id, 1),
    factsChange(e, keys, { items: 1, photos: item.photo ? 1 : 0 }),
  ]);
  await indexItem(keys, undefined, { item_id: copyId, title: item.title, translations: item.translations });
  publish({ categories: [item.category_id] });
  return toItemInfo(await itemOfStore(keys, copyId));
});

/**
 * Moves an item to the end of another category of the same kind (kitchen and drinks both hold
 * products); moving to its own category changes nothing.
 */
export const moveItem = storeCommand(MoveItemInput, { publish: "named" }, async ({ keys, publish }, { item_id, category_id }) => {
  const item = await itemOfStore(keys, item_id);
  if (item.category_id === category_id) return toItemInfo(item);
  const target = await categoryOfStore(keys, category_id);
  if (target.section === "promotions" || KIND_OF_SECTION[target.section] !== item.kind) throw new UserError("wrongCategoryForContent", 409);
  const [position] = await takePositions(keys, category_id);
  await countedWrite((e) => [
    // Only from where it was read: a concurrent move would count it twice.
    e.item.patch({ ...keys, item_id }).set({ category_id, position }).where((a, op) => op.eq(a.category_id, item.category_id)).commit(),
    e.category.check({ ...keys, category_id }).where((a, op) => op.exists(a.name)).commit(),
    tallyChange(e, keys, item.category_id, -1),
    tallyChange(e, keys, category_id, 1),
  ]);
  publish({ categories: [item.category_id, category_id] });
  return toItemInfo({ ...item, category_id, position });
});

/**
 * Puts the listed items of the category in this order (issue 31: a page of a long category). They
 * take the positions the same items hold now, so the rest of the category keeps its order; an
 * order that changes nothing is refused.
 */
export const sortItems = storeCommand(SortItemsInput, { publish: "named" }, async ({ keys, publish }, { category_id, item_ids }) => {
  assertItemCategory(await categoryOfStore(keys, category_id));
  const ids = [...new Set(item_ids)];
  const { data } = ids.length ? await Db().entities.item.get(ids.map((item_id) => ({ ...keys, item_id }))).go() : { data: [] };
  const found = new Map(data.filter((r) => r.category_id === category_id).map((r) => [r.item_id, r]));
  const order = ids.filter((id) => found.has(id));
  const slots = inOrder(order.map((id) => ({ id, position: found.get(id)!.position ?? 0 }))).map((r) => r.position);
  const changes = order.map((id, i) => ({ id, position: slots[i]! })).filter(({ id, position }) => found.get(id)!.position !== position);
  if (!changes.length) throw new UserError("sortingUnchanged", 409);
  await Promise.all(changes.map(({ id, position }) => Db().entities.item.patch({ ...keys, item_id: id }).set({ position }).go()));
  publish({ categories: [category_id] });
  const moved = new Map(changes.map((c) => [c.id, c.position]));
  return order.map((id) => toItemInfo({ ...found.get(id)!, position: moved.get(id) ?? found.get(id)!.position ?? 0 }));
});

/** The selected items of the store, or "select at least one" / "not found". */
async function selectedItems(keys: StoreKeys, item_ids: string[]) {
  const ids = [...new Set(item_ids)];
  if (!ids.length) throw new UserError("selectAtLeastOne", 400);
  const { data } = await Db().entities.item.get(ids.map((item_id) => ({ ...keys, item_id }))).go();
  if (!data.length) throw new UserError("itemNotFound", 404);
  return data;
}

/** What a publish after a change of these items rebuilds: their categories. */
const categoriesOf = (items: { category_id: string }[]) => ({ categories: [...new Set(items.map((i) => i.category_id))] });
/** Items changed in place: the publish patches them into their chunks (their categories, when many). */
const itemsOf = (items: { category_id: string; item_id: string }[]) => ({ categories: [], items: items.map(({ category_id, item_id }) => ({ category_id, item_id })) });


/** Hides, shows or deletes the selected items of the store (ids of other stores are not found). */
export const bulkItems = storeCommand(BulkItemsInput, { publish: "named" }, async ({ keys, publish }, { action, item_ids }) => {
  const items = await selectedItems(keys, item_ids);
  const found = items.map((r) => r.item_id);
  if (action === "delete") {
    await deleteItems(keys, items);
    await unindexItems(keys, items);
    await requestFactsRefresh(keys, found.map((target_id) => ({ target_type: "Item", target_id })));
  } else {
    const visible = action === "show";
    await Promise.all(found.map((item_id) => Db().entities.item.patch({ ...keys, item_id }).set({ visible }).go()));
  }
  publish(categoriesOf(items));
  return { action, ids: found };
});

/**
 * "Sold out today" (issue 19): the items stay on the menu, greyed and not orderable, until the
 * store's next opening by its working hours (in its time zone), when the mark ends by itself.
 */
export const setSoldOut = storeCommand(SoldOutInput, { publish: "named" }, async ({ keys, store, publish }, { item_ids, sold_out }) => {
  const found = await selectedItems(keys, item_ids);
  const until = nextOpening(store.working_hours ?? [], clock.now(), store.time_zone ?? DEFAULT_TIME_ZONE).toISOString();
  await Promise.all(
    found.map(({ item_id }) => {
      const patch = Db().entities.item.patch({ ...keys, item_id });
      return (sold_out ? patch.set({ sold_out_until: until }) : patch.remove(["sold_out_until"])).go();
    }),
  );
  publish(itemsOf(found));
  return { ids: found.map((r) => r.item_id), sold_out_until: sold_out ? until : undefined };
});

const changed = <M extends Mark>(order: readonly M[], current: readonly string[], change: { add?: M[]; remove?: M[] }) =>
  inMarkOrder(order, [...(current as M[]), ...(change.add ?? [])].filter((m) => !change.remove?.includes(m)));

/** Adds and removes allergens and dietary tags on the selected items at once. */
export const markItems = storeCommand(MarkItemsInput, { publish: "named" }, async ({ keys, publish }, { item_ids, allergens, tags }) => {
  const found = await selectedItems(keys, item_ids);
  await Promise.all(
    found.map((item) =>
      Db()
        .entities.item.patch({ ...keys, item_id: item.item_id })
        .set({ allergens: changed(ALLERGENS, item.allergens ?? [], allergens), tags: changed(DIET_TAGS, item.tags ?? [], tags) })
        .go(),
    ),
  );
  publish(itemsOf(found));
  return { ids: found.map((r) => r.item_id) };
});
