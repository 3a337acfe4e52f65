/**
 * Items of a category in the admin panel (issue 4): list, create, edit, duplicate, move, sort,
 * bulk hide/show/delete (search is in search/search.ts). Every call resolves the store, asks the
 * policy, and requests a publish after a change guests can see.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { assertStoreMedia } from "../media/upload";
import { requestPublish } from "../publish/request";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { newId } from "../shared/ids";
import type { CategoryInfo } from "../category/category";
import { categoryOfStore, contentSaved, endPosition, inOrder, renumber, revisedTranslations, sortedIds, type StoreKeys } from "./content";
import { toItemInfo } from "./item";
import { nextOpening } from "../menu/schedule";
import { clock } from "../shared/clock";
import { DEFAULT_TIME_ZONE } from "../shared/model";
import { storeById } from "../store/store";
import { ALLERGENS, DIET_TAGS, inMarkOrder, type Mark } from "./marks";
import { Allergens, BULK_ACTIONS, DietTags, ItemForm, KIND_OF_SECTION, SELECTION_MAX, type ItemFormValues } from "./schemas";
import { managedStore, storeKeys } from "../shared/policy";

const Id = z.string().min(1).max(64);

export const ListItemsInput = z.object({ store_id: Id, category_id: Id });
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

async function itemsOfCategory(keys: StoreKeys, category_id: string) {
  const { data } = await Db().entities.item.query.byCategory({ store_id: keys.store_id, category_id }).go({ pages: "all" });
  // gsi2 is keyed by store and category; the company check keeps the tenant rule explicit.
  return inOrder(data.filter((r) => r.company_id === keys.company_id).map(toItemInfo));
}

async function itemOfStore(keys: StoreKeys, item_id: string) {
  const { data } = await Db().entities.item.get({ ...keys, item_id }).go();
  if (!data) throw new UserError("itemNotFound", 404);
  return data;
}

async function writePositions(keys: StoreKeys, changes: { id: string; position: number }[]) {
  await Promise.all(changes.map(({ id, position }) => Db().entities.item.patch({ ...keys, item_id: id }).set({ position }).go()));
}

const withPortionIds = (portions: ItemFormValues["portions"]) => portions.map((p) => ({ ...p, id: p.id || newId() }));

/** admin-panel/{section}/{categoryid}: the category's items in display order, hidden ones included. */
export const listItems = fn(ListItemsInput, async ({ store_id, category_id }) => {
  const keys = storeKeys(await managedStore(store_id));
  assertItemCategory(await categoryOfStore(keys, category_id));
  return itemsOfCategory(keys, category_id);
});

/** A new item goes to the end of its category; its kind follows the section. */
export const createItem = fn(CreateItemInput, async ({ store_id, category_id, ...form }) => {
  const keys = storeKeys(await managedStore(store_id));
  const kind = assertItemCategory(await categoryOfStore(keys, category_id));
  if (form.photo) await assertStoreMedia(form.photo, keys);
  const position = endPosition(await itemsOfCategory(keys, category_id));
  const { data } = await Db()
    .entities.item.create({ ...keys, item_id: newId(), kind, category_id, position, ...form, portions: withPortionIds(form.portions) })
    .go();
  await contentSaved(keys, { target_type: "Item", target_id: data.item_id });
  return toItemInfo(data);
});

/** Replaces the form's fields; a removed photo is removed, machine translations of changed texts are dropped. */
export const updateItem = fn(UpdateItemInput, async ({ store_id, item_id, photo, ...form }) => {
  const keys = storeKeys(await managedStore(store_id));
  const item = await itemOfStore(keys, item_id);
  const translations = await revisedTranslations(keys, item.translations, { ...item, picture: item.photo }, { ...form, picture: photo });
  const patch = Db()
    .entities.item.patch({ ...keys, item_id })
    .set({ ...form, ...(photo ? { photo } : {}), portions: withPortionIds(form.portions), translations });
  const { data } = await (photo ? patch : patch.remove(["photo"])).go({ response: "all_new" });
  await contentSaved(keys, { target_type: "Item", target_id: item_id });
  return toItemInfo(data as typeof item);
});

/** A copy with a new id (and new portion ids) right after the original. */
export const duplicateItem = fn(ItemRef, async ({ store_id, item_id }) => {
  const keys = storeKeys(await managedStore(store_id));
  const { item_id: _, created_at: __, updated_at: ___, ...item } = await itemOfStore(keys, item_id);
  const siblings = await itemsOfCategory(keys, item.category_id);
  const copyId = newId();
  const order = siblings.flatMap((s) => (s.id === item_id ? [s.id, copyId] : [s.id]));
  const { data } = await Db()
    .entities.item.create({
      ...item,
      item_id: copyId,
      position: order.indexOf(copyId),
      portions: item.portions.map((p) => ({ ...p, id: newId() })),
    })
    .go();
  await writePositions(keys, renumber([...siblings, { id: copyId, position: order.indexOf(copyId) }], order));
  await requestPublish(keys);
  return toItemInfo(data);
});

/**
 * Moves an item to the end of another category of the same kind (kitchen and drinks both hold
 * products); moving to its own category changes nothing.
 */
export const moveItem = fn(MoveItemInput, async ({ store_id, item_id, category_id }) => {
  const keys = storeKeys(await managedStore(store_id));
  const item = await itemOfStore(keys, item_id);
  if (item.category_id === category_id) return toItemInfo(item);
  const target = await categoryOfStore(keys, category_id);
  if (target.section === "promotions" || KIND_OF_SECTION[target.section] !== item.kind) throw new UserError("wrongCategoryForContent", 409);
  const position = endPosition(await itemsOfCategory(keys, category_id));
  const { data } = await Db().entities.item.patch({ ...keys, item_id }).set({ category_id, position }).go({ response: "all_new" });
  await requestPublish(keys);
  return toItemInfo(data as typeof item);
});

/** Puts the category's items in this order; an order that changes nothing is refused. */
export const sortItems = fn(SortItemsInput, async ({ store_id, category_id, item_ids }) => {
  const keys = storeKeys(await managedStore(store_id));
  assertItemCategory(await categoryOfStore(keys, category_id));
  await writePositions(keys, sortedIds(await itemsOfCategory(keys, category_id), item_ids));
  await requestPublish(keys);
  return itemsOfCategory(keys, category_id);
});

/** The selected items of the store, or "select at least one" / "not found". */
async function selectedItems(keys: StoreKeys, item_ids: string[]) {
  const ids = [...new Set(item_ids)];
  if (!ids.length) throw new UserError("selectAtLeastOne", 400);
  const { data } = await Db().entities.item.get(ids.map((item_id) => ({ ...keys, item_id }))).go();
  if (!data.length) throw new UserError("itemNotFound", 404);
  return data;
}

/** Hides, shows or deletes the selected items of the store (ids of other stores are not found). */
export const bulkItems = fn(BulkItemsInput, async ({ store_id, action, item_ids }) => {
  const keys = storeKeys(await managedStore(store_id));
  const found = (await selectedItems(keys, item_ids)).map((r) => r.item_id);
  if (action === "delete") {
    await Db().entities.item.delete(found.map((item_id) => ({ ...keys, item_id }))).go();
  } else {
    const visible = action === "show";
    await Promise.all(found.map((item_id) => Db().entities.item.patch({ ...keys, item_id }).set({ visible }).go()));
  }
  await requestPublish(keys);
  return { action, ids: found };
});

/**
 * "Sold out today" (issue 19): the items stay on the menu, greyed and not orderable, until the
 * store's next opening by its working hours (in its time zone), when the mark ends by itself.
 */
export const setSoldOut = fn(SoldOutInput, async ({ store_id, item_ids, sold_out }) => {
  const keys = storeKeys(await managedStore(store_id));
  const store = await storeById(store_id);
  const found = await selectedItems(keys, item_ids);
  const until = nextOpening(store.working_hours ?? [], clock.now(), store.time_zone ?? DEFAULT_TIME_ZONE).toISOString();
  await Promise.all(
    found.map(({ item_id }) => {
      const patch = Db().entities.item.patch({ ...keys, item_id });
      return (sold_out ? patch.set({ sold_out_until: until }) : patch.remove(["sold_out_until"])).go();
    }),
  );
  await requestPublish(keys);
  return { ids: found.map((r) => r.item_id), sold_out_until: sold_out ? until : undefined };
});

const changed = <M extends Mark>(order: readonly M[], current: readonly string[], change: { add?: M[]; remove?: M[] }) =>
  inMarkOrder(order, [...(current as M[]), ...(change.add ?? [])].filter((m) => !change.remove?.includes(m)));

/** Adds and removes allergens and dietary tags on the selected items at once. */
export const markItems = fn(MarkItemsInput, async ({ store_id, item_ids, allergens, tags }) => {
  const keys = storeKeys(await managedStore(store_id));
  const found = await selectedItems(keys, item_ids);
  await Promise.all(
    found.map((item) =>
      Db()
        .entities.item.patch({ ...keys, item_id: item.item_id })
        .set({ allergens: changed(ALLERGENS, item.allergens ?? [], allergens), tags: changed(DIET_TAGS, item.tags ?? [], tags) })
        .go(),
    ),
  );
  await requestPublish(keys);
  return { ids: found.map((r) => r.item_id) };
});
