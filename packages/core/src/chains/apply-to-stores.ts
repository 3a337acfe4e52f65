/**
 * Issue 36, point 7: "change once". Items copied between stores share an origin (menu-copy.ts);
 * after an item is saved, its chosen fields can be applied to the other items of its group (one
 * Query on item-origin rows, no scan). Prices and sold-out stay per store unless chosen. Every
 * other store needs its own gate: one the caller does not manage is skipped. Changed texts are
 * translated again in each store's own context (its languages, glossary and cap), as a save there
 * would do: the stores' glossaries may differ, so the edited store's translations are not carried.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { requestPublish } from "../publish/request";
import { storeCommand } from "../command/store-command";
import { useActor } from "../shared/actor";
import { UserError } from "../shared/errors";
import { newId } from "../shared/ids";
import { canManageStore } from "../shared/policy";
import { requestFactsRefresh } from "../store/facts";
import { revisedTranslations } from "../item/content";
import { copyPhoto, newPhotoKey } from "../media/copy";
import { indexItem } from "../search/indexing";
import { requestTranslation } from "../translation/jobs";

const Id = z.string().min(1).max(64);
export const LinkedItemInput = z.object({ store_id: Id, item_id: Id });
export const APPLY_FIELDS = ["title", "description", "photo", "marks", "prices", "sold_out"] as const;
export const ApplyToStoresInput = LinkedItemInput.extend({ fields: z.array(z.enum(APPLY_FIELDS)).min(1).max(APPLY_FIELDS.length) });

type Keys = { company_id: string; store_id: string };

async function itemOf(keys: Keys, item_id: string) {
  const { data } = await Db().entities.item.get({ ...keys, item_id }).go();
  if (!data) throw new UserError("itemNotFound", 404);
  return data;
}

/** The most items of one origin read per request. */
const GROUP_MAX = 500;

/** The group's items in other stores the caller manages (rows of deleted items are skipped), and how many were not theirs. */
async function othersOf(keys: Keys, item: { item_id: string; origin_id?: string }) {
  const e = Db().entities;
  // A group holds at most one item per store of the company (copying again updates that item), so
  // the company's stores bound it; the limit keeps a request bounded whatever happens.
  const { data: rows } = await e.itemOrigin.query.byOrigin({ company_id: keys.company_id, origin_id: item.origin_id ?? item.item_id }).go({ limit: GROUP_MAX });
  const elsewhere = rows.filter((r) => r.store_id !== keys.store_id);
  const actor = useActor();
  const managed = elsewhere.filter((r) => canManageStore(actor, r.company_id, r.store_id));
  const { data } = managed.length ? await e.item.get(managed.map((r) => ({ company_id: r.company_id, store_id: r.store_id, item_id: r.item_id }))).go() : { data: [] };
  return { items: data, skipped: elsewhere.length - managed.length };
}

/** GET /api/menu-copy/linked: how many items of other stores (that the caller manages) share this item's origin. */
export const linkedItems = storeCommand(LinkedItemInput, {}, async ({ keys }, { item_id }) => {
  const { items } = await othersOf(keys, await itemOf(keys, item_id));
  return { stores: new Set(items.map((i) => i.store_id)).size };
});

/** POST /api/menu-copy/apply-to-stores: the saved item's chosen fields written to the other items of its group. */
export const applyToStores = storeCommand(ApplyToStoresInput, {}, async ({ keys }, { item_id, fields }) => {
  const item = await itemOf(keys, item_id);
  const { items, skipped } = await othersOf(keys, item);
  const chosen = new Set(fields);
  for (const other of items) {
    const to = { company_id: other.company_id, store_id: other.store_id };
    const title = chosen.has("title") ? item.title : other.title;
    const description = chosen.has("description") ? (item.description ?? "") : (other.description ?? "");
    const translations = await revisedTranslations(to, other.translations, other, { title, description });
    const copy = newPhotoKey(to);
    const photo = chosen.has("photo") && item.photo && (await copyPhoto(item.photo, copy)) ? copy : undefined;
    const patch = Db()
      .entities.item.patch({ ...to, item_id: other.item_id })
      .set({
        title,
        description,
        translations,
        ...(photo ? { photo } : {}),
        ...(chosen.has("marks") ? { allergens: item.allergens ?? [], tags: item.tags ?? [] } : {}),
        ...(chosen.has("prices") ? { portions: item.portions.map((p, i) => ({ ...p, id: other.portions[i]?.id || newId() })) } : {}),
        ...(chosen.has("sold_out") && item.sold_out_until ? { sold_out_until: item.sold_out_until } : {}),
      });
    const removed = [...(chosen.has("photo") && !item.photo ? (["photo"] as const) : []), ...(chosen.has("sold_out") && !item.sold_out_until ? (["sold_out_until"] as const) : [])];
    await (removed.length ? patch.remove([...removed]) : patch).go();
    await indexItem(to, other, { item_id: other.item_id, title, translations });
    if (chosen.has("photo")) await requestFactsRefresh(to);
    await requestTranslation(to, [{ target_type: "Item", target_id: other.item_id }]);
    await requestPublish(to, { categories: [], items: [{ category_id: other.category_id, item_id: other.item_id }] });
  }
  return { updated: items.length, stores: new Set(items.map((i) => i.store_id)).size, skipped };
});
