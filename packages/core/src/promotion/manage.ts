/**
 * Promotions of a promotions category in the admin panel (issue 4): list, create, edit, delete,
 * sort, bulk hide/show/delete. Same rules as items: store commands that publish after changes.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { assertStoreMedia } from "../media/upload";
import { categoryOfStore, contentSaved, inOrder, revisedTranslations, sortedIds, type StoreKeys } from "../item/content";
import { takePositions } from "../store/positions";
import { countByCategory, countedWrite, factsChange, requestFactsRefresh, tallyChange } from "../store/facts";
import { BULK_ACTIONS, SELECTION_MAX } from "../item/schemas";
import { UserError } from "../shared/errors";
import { storeCommand } from "../command/store-command";
import { newId } from "../shared/ids";
import type { CategoryInfo } from "../category/category";
import { PromotionForm } from "./schemas";
import { TranslationsInfo, translationsInfo } from "../shared/translations-info";
import { promotionTarget } from "./translatable";

const Id = z.string().min(1).max(64);
/** A publish after a change of promotions: every publish reads them whole, no items to rebuild. */
const PROMOTIONS_ONLY = { categories: [] };

export const PromotionInfo = z.object({
  id: z.string(),
  company_id: z.string(),
  store_id: z.string(),
  category_id: z.string(),
  position: z.number(),
  header: z.string(),
  description: z.string(),
  banner: z.string().optional(),
  visible: z.boolean(),
  translations: TranslationsInfo,
  updated_at: z.string(),
});
export type PromotionInfo = z.infer<typeof PromotionInfo>;

export const ListPromotionsInput = z.object({ store_id: Id, category_id: Id });
export const CreatePromotionInput = PromotionForm.extend({ store_id: Id, category_id: Id });
export const UpdatePromotionInput = PromotionForm.extend({ store_id: Id, promotion_id: Id });
export const PromotionRef = z.object({ store_id: Id, promotion_id: Id });
export const SortPromotionsInput = z.object({ store_id: Id, category_id: Id, promotion_ids: z.array(Id).max(SELECTION_MAX) });
export const BulkPromotionsInput = z.object({ store_id: Id, action: z.enum(BULK_ACTIONS), promotion_ids: z.array(Id).max(SELECTION_MAX) });

type PromotionRecord = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["promotion"]["get"]>["go"]>>["data"]>;

const toInfo = (r: PromotionRecord): PromotionInfo => ({
  id: r.promotion_id,
  company_id: r.company_id,
  store_id: r.store_id,
  category_id: r.category_id,
  position: r.position ?? 0,
  header: r.header,
  description: r.description ?? "",
  ...(r.banner ? { banner: r.banner } : {}),
  visible: r.visible ?? true,
  translations: translationsInfo(r.translations),
  updated_at: r.updated_at,
});

function assertPromotionCategory(category: CategoryInfo) {
  if (category.section !== "promotions") throw new UserError("wrongCategoryForContent", 409);
}

/** Promotions live in the store's partition (tens per store); the category is a filter. */
async function promotionsOfCategory(keys: StoreKeys, category_id: string) {
  const { data } = await Db().entities.promotion.query.byStore(keys).where((a, op) => op.eq(a.category_id, category_id)).go({ pages: "all" });
  return inOrder(data.map(toInfo));
}

async function promotionOfStore(keys: StoreKeys, promotion_id: string) {
  const { data } = await Db().entities.promotion.get({ ...keys, promotion_id }).go();
  if (!data) throw new UserError("promotionNotFound", 404);
  return data;
}

/** admin-panel/promotions/{categoryid}: the category's promotions in order, hidden ones included. */
export const listPromotions = storeCommand(ListPromotionsInput, {}, async ({ keys }, { category_id }) => {
  assertPromotionCategory(await categoryOfStore(keys, category_id));
  return promotionsOfCategory(keys, category_id);
});

/** A new promotion goes to the end of its category. */
export const createPromotion = storeCommand(CreatePromotionInput, { publish: "named", translate: true }, async (ctx, { store_id: _store, category_id, ...form }) => {
  const { keys } = ctx;
  assertPromotionCategory(await categoryOfStore(keys, category_id));
  if (form.banner) await assertStoreMedia(form.banner, keys);
  const [position] = await takePositions(keys, category_id);
  const promotion_id = newId();
  await countedWrite((e) => [
    e.promotion.create({ ...keys, promotion_id, category_id, position, ...form }).commit(),
    e.category.check({ ...keys, category_id }).where((a, op) => op.exists(a.name)).commit(),
    tallyChange(e, keys, category_id, 1),
    factsChange(e, keys, { promotions: 1 }),
  ]);
  const saved = await promotionOfStore(keys, promotion_id);
  contentSaved(ctx, { target_type: "Promotion", target_id: promotion_id, target: promotionTarget(saved) }, PROMOTIONS_ONLY);
  return toInfo(saved);
});

export const updatePromotion = storeCommand(UpdatePromotionInput, { publish: "named", translate: true }, async (ctx, { store_id: _store, promotion_id, banner, ...form }) => {
  const { keys } = ctx;
  const promotion = await promotionOfStore(keys, promotion_id);
  const translations = await revisedTranslations(
    keys,
    promotion.translations,
    { title: promotion.header, description: promotion.description, picture: promotion.banner },
    { title: form.header, description: form.description, picture: banner },
  );
  const patch = Db()
    .entities.promotion.patch({ ...keys, promotion_id })
    .set({ ...form, ...(banner ? { banner } : {}), translations });
  const { data } = await (banner ? patch : patch.remove(["banner"])).go({ response: "all_new" });
  contentSaved(ctx, { target_type: "Promotion", target_id: promotion_id, target: promotionTarget(data as PromotionRecord) }, PROMOTIONS_ONLY);
  return toInfo(data as PromotionRecord);
});

/** Promotions deleted with their counts, a chunk per transaction (at most 100 writes each). */
async function deletePromotions(keys: StoreKeys, promotions: { promotion_id: string; category_id: string }[]) {
  for (let at = 0; at < promotions.length; at += 45) {
    const chunk = promotions.slice(at, at + 45);
    await countedWrite((e) => [
      ...chunk.map(({ promotion_id }) => e.promotion.remove({ ...keys, promotion_id }).commit()),
      ...[...countByCategory(chunk)].map(([category_id, n]) => tallyChange(e, keys, category_id, -n)),
      factsChange(e, keys, { promotions: -chunk.length }),
    ]);
  }
  await requestFactsRefresh(keys, promotions.map(({ promotion_id }) => ({ target_type: "Promotion", target_id: promotion_id })));
}

export const deletePromotion = storeCommand(PromotionRef, { publish: PROMOTIONS_ONLY }, async ({ keys }, { promotion_id }) => {
  await deletePromotions(keys, [await promotionOfStore(keys, promotion_id)]);
  return { id: promotion_id };
});

/** Puts the category's promotions in this order; an order that changes nothing is refused. */
export const sortPromotions = storeCommand(SortPromotionsInput, { publish: PROMOTIONS_ONLY }, async ({ keys }, { category_id, promotion_ids }) => {
  assertPromotionCategory(await categoryOfStore(keys, category_id));
  const changes = sortedIds(await promotionsOfCategory(keys, category_id), promotion_ids);
  await Promise.all(changes.map(({ id, position }) => Db().entities.promotion.patch({ ...keys, promotion_id: id }).set({ position }).go()));
  return promotionsOfCategory(keys, category_id);
});

export const bulkPromotions = storeCommand(BulkPromotionsInput, { publish: PROMOTIONS_ONLY }, async ({ keys }, { action, promotion_ids }) => {
  const ids = [...new Set(promotion_ids)];
  if (!ids.length) throw new UserError("selectAtLeastOne", 400);
  const { data } = await Db().entities.promotion.get(ids.map((promotion_id) => ({ ...keys, promotion_id }))).go();
  if (!data.length) throw new UserError("promotionNotFound", 404);
  const found = data.map((r) => r.promotion_id);
  if (action === "delete") await deletePromotions(keys, data);
  else await Promise.all(found.map((promotion_id) => Db().entities.promotion.patch({ ...keys, promotion_id }).set({ visible: action === "show" }).go()));
  return { action, ids: found };
});
