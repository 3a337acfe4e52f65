/**
 * Categories and supercategories of a menu section (issue 4, part 1): list, create, edit, delete,
 * move, sort and schedule. Every call is a store command (the policy's gate: denied = not found) that
 * asks for a publish after a change guests can see.
 */
import { translationsInfo } from "../shared/translations-info";
import { z } from "zod";
import { Db } from "../db/service";
import { categoryTarget } from "./translatable";
import { indexCategory, unindexCategory, type NamedCategory } from "../search/indexing";
import { UserError } from "../shared/errors";
import { storeCommand } from "../command/store-command";
import { newId } from "../shared/ids";
import { contentCounts, countedWrite, factsChange, requestFactsRefresh } from "../store/facts";
import type { StoreRecord } from "../store/store";
import { CategoryInfo, toCategoryInfo } from "./category";
import { CategoryForm, categoryIcon, categoryName, ScheduleForm, section, TYPE_OF_SECTION } from "./schemas";

const Id = z.string().min(1).max(64);
/** A parent id, or "" for the top level (a supercategory, or a category without one). */
const ParentId = z.string().max(64);

/** A category as staff see it, with how many items (or promotions) it holds. */
export const AdminCategory = CategoryInfo.extend({ content_count: z.number() });
export type AdminCategory = z.infer<typeof AdminCategory>;

export const CreateCategoryInput = CategoryForm.extend({
  store_id: Id,
  section,
  parent_id: ParentId.default(""),
  icon: categoryIcon.default(""),
  visible: z.boolean().default(true),
});
export const UpdateCategoryInput = z.object({
  store_id: Id,
  name: categoryName.optional(),
  icon: categoryIcon.optional(),
  visible: z.boolean().optional(),
});
export const MoveCategoryInput = z.object({ store_id: Id, parent_id: ParentId });
export const SortCategoriesInput = z.object({
  store_id: Id,
  section,
  parent_id: ParentId,
  category_ids: z.array(Id).min(1).max(500),
});
export const ScheduleInput = z.object({ store_id: Id, schedule: ScheduleForm.nullable() });

type Store = StoreRecord;
/** A publish after a change of categories themselves: every publish reads them whole, no items to rebuild. */
const CATEGORIES_ONLY = { categories: [] };
type Category = CategoryInfo;


async function categoriesOf(store: Store) {
  const { data } = await Db()
    .entities.category.query.byStore({ company_id: store.company_id, store_id: store.store_id })
    .go({ pages: "all" });
  return data.map(toCategoryInfo);
}

/** The store's category, or 404: ids of other stores find nothing. */
async function categoryOf(store: Store, category_id: string) {
  const { data } = await Db().entities.category.get({ company_id: store.company_id, store_id: store.store_id, category_id }).go();
  if (!data) throw new UserError("categoryNotFound", 404);
  return { category: toCategoryInfo(data), record: data };
}

/** Siblings in display order: by position, then by id (the order of the key query, as guests get it). */
const inOrder = (list: Category[]) => [...list].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const siblingsOf = (all: Category[], of: Pick<Category, "section" | "parent_id">) =>
  inOrder(all.filter((c) => c.section === of.section && c.parent_id === of.parent_id));
const nextPosition = (siblings: Category[]) => siblings.reduce((max, c) => Math.max(max, c.position + 1), 0);

/**
 * A category that holds items (or promotions) cannot take categories under it: guests would find
 * its items beside a list of categories, and the tree would nest content at two levels.
 */
function assertParentHoldsNoContent(parent_id: string, counts: Map<string, number>) {
  if (parent_id && (counts.get(parent_id) ?? 0) > 0) throw new UserError("categoryParentHasItems", 409);
}

/** A supercategory a category may go under: the store's top-level category of the same section. */
function parentFor(all: Category[], parent_id: string, child: Pick<Category, "section"> & { id?: string }) {
  if (!parent_id) return { ok: true as const, parent: undefined };
  const parent = all.find((c) => c.id === parent_id);
  const ok = !!parent && parent.id !== child.id && parent.section === child.section && !parent.parent_id && child.section !== "promotions";
  return ok ? { ok: true as const, parent } : { ok: false as const, parent: undefined };
}

/** The section's categories in tree order (each supercategory followed by its categories), hidden ones too. */
export const listCategories = storeCommand(z.object({ store_id: Id, section }), {}, async ({ store }, { section }) => {
  const [all, counts] = await Promise.all([categoriesOf(store), contentCounts(store)]);
  const ofSection = all.filter((c) => c.section === section);
  const top = inOrder(ofSection.filter((c) => !c.parent_id || !ofSection.some((p) => p.id === c.parent_id)));
  return top
    .flatMap((c) => [c, ...inOrder(ofSection.filter((x) => x.parent_id === c.id))])
    .map((c): AdminCategory => ({ ...c, content_count: counts.get(c.id) ?? 0 }));
});

/** A new category goes to the end of its siblings. A parent must be a top-level category of the same section. */
export const createCategory = storeCommand(CreateCategoryInput, { publish: CATEGORIES_ONLY, translate: true }, async ({ store, translate }, { store_id: _store, parent_id, ...fields }) => {
  const [all, counts] = await Promise.all([categoriesOf(store), contentCounts(store)]);
  if (!parentFor(all, parent_id, fields).ok) throw new UserError("categoryAddFailed", 409, { reason: "parent" });
  assertParentHoldsNoContent(parent_id, counts);
  const keys = { company_id: store.company_id, store_id: store.store_id };
  const category_id = newId();
  const position = nextPosition(siblingsOf(all, { section: fields.section, parent_id }));
  await countedWrite((e) => [
    e.category.create({ ...keys, category_id, type: TYPE_OF_SECTION[fields.section], parent_id, position, ...fields }).commit(),
    factsChange(e, keys, { categories: 1 }),
  ]);
  await indexCategory(keys, undefined, { category_id, name: fields.name });
  const { data } = await Db().entities.category.get({ ...keys, category_id }).go();
  translate([{ target_type: "Category", target_id: category_id, target: categoryTarget(data!) }]);
  return { ...toCategoryInfo(data!), content_count: 0 } satisfies AdminCategory;
});

/**
 * Name, icon and visibility. A new name drops the automatic translations of the old one (guests would
 * see a stale name); translations staff wrote by hand are kept.
 */
export const updateCategory = storeCommand(UpdateCategoryInput.extend({ category_id: Id }), { publish: "named", translate: true }, async (ctx, { store_id: _store, category_id, ...patch }) => {
  const { store } = ctx;
  const { category, record } = await categoryOf(store, category_id);
  const changes: Record<string, unknown> = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (patch.name !== undefined && patch.name !== category.name) {
    // Hand-made and checked ones stay with their source hashes (so they show as outdated).
    changes.translations = Object.fromEntries(Object.entries(record.translations ?? {}).filter(([, t]) => t?.manual || t?.checked));
  }
  if (!Object.keys(changes).length) return category;
  try {
    await Db().entities.category.patch({ company_id: store.company_id, store_id: store.store_id, category_id }).set(changes).go();
  } catch (error) {
    // The row went away meanwhile (deleted in another tab).
    throw new UserError("categoryUpdateFailed", 409, { cause: String((error as Error).message) });
  }
  await indexCategory({ company_id: store.company_id, store_id: store.store_id }, record, { ...record, ...changes });
  ctx.publish(CATEGORIES_ONLY);
  if (changes.translations) ctx.translate([{ target_type: "Category", target_id: category_id }]);
  return { ...category, ...changes, ...(changes.translations ? { translations: translationsInfo(changes.translations as Category["translations"]) } : {}) } as Category;
});

/**
 * Deletes an empty category. One holding items, promotions or categories is refused: deleting
 * a menu's dishes as a side effect is too easy to regret, and moving them first is quick.
 */
export const deleteCategory = storeCommand(z.object({ store_id: Id, category_id: Id }), { publish: CATEGORIES_ONLY }, async ({ store }, { category_id }) => {
  const { record } = await categoryOf(store, category_id);
  const [all, counts] = await Promise.all([categoriesOf(store), contentCounts(store)]);
  const categories = all.filter((c) => c.parent_id === category_id).length;
  const items = counts.get(category_id) ?? 0;
  if (categories || items) throw new UserError("categoryDeleteFailed", 409, { categories, items });
  await removeEmptyCategory({ company_id: store.company_id, store_id: store.store_id }, record);
  return { id: category_id };
});

/** Deletes a category that holds no items or promotions, with its counts and search words (a copy's undo also uses it). */
export async function removeEmptyCategory(keys: { company_id: string; store_id: string }, record: NamedCategory) {
  const { category_id } = record;
  await countedWrite((e) => [
    e.category.remove({ ...keys, category_id }).commit(),
    // Still empty: an item created meanwhile fails the delete instead of being left without a category.
    e.categoryTally.delete({ ...keys, category_id }).where((a, op) => `${op.notExists(a.content_count)} OR ${op.eq(a.content_count, 0)}`).commit(),
    factsChange(e, keys, { categories: -1 }),
  ]);
  await unindexCategory(keys, record);
  await requestFactsRefresh(keys, [{ target_type: "Category", target_id: category_id }]);
}

/**
 * Moves a category under another supercategory of its section, or to the top level (parent_id "").
 * Categories nest one level: a supercategory that has categories cannot go under another one.
 */
export const moveCategory = storeCommand(MoveCategoryInput.extend({ category_id: Id }), { publish: "named" }, async ({ store, publish }, { category_id, parent_id }) => {
  const { category } = await categoryOf(store, category_id);
  if (parent_id === category.parent_id) return category;
  const [all, counts] = await Promise.all([categoriesOf(store), contentCounts(store)]);
  if (parent_id && all.some((c) => c.parent_id === category_id)) throw new UserError("categoryNestingTooDeep", 409);
  const { ok, parent } = parentFor(all, parent_id, category);
  if (!ok) throw new UserError("categoryUpdateFailed", 409, { reason: "parent" });
  assertParentHoldsNoContent(parent_id, counts);
  if (parent?.schedule && category.schedule) throw new UserError("parentHasSchedule", 409);
  const position = nextPosition(siblingsOf(all, { section: category.section, parent_id }));
  await Db().entities.category.patch({ company_id: store.company_id, store_id: store.store_id, category_id }).set({ parent_id, position }).go();
  publish(CATEGORIES_ONLY);
  return { ...category, parent_id, position };
});

/**
 * Puts one parent's categories in the given order (ids of other parents are ignored, unlisted
 * siblings follow in their order). An order that changes nothing is refused (SPEC.md section 5).
 */
export const sortCategories = storeCommand(SortCategoriesInput, { publish: CATEGORIES_ONLY }, async ({ store }, { section, parent_id, category_ids }) => {
  const siblings = siblingsOf(await categoriesOf(store), { section, parent_id });
  const ids = new Set(siblings.map((c) => c.id));
  const listed = [...new Set(category_ids)].filter((id) => ids.has(id));
  const order = [...listed, ...siblings.map((c) => c.id).filter((id) => !listed.includes(id))];
  if (order.every((id, i) => siblings[i]!.id === id)) throw new UserError("sortingUnchanged", 409);
  const byId = new Map(siblings.map((c) => [c.id, c]));
  await Promise.all(
    order
      .map((id, position) => ({ id, position }))
      .filter(({ id, position }) => byId.get(id)!.position !== position)
      .map(({ id, position }) =>
        Db().entities.category.patch({ company_id: store.company_id, store_id: store.store_id, category_id: id }).set({ position }).go(),
      ),
  );
  return order;
});

/**
 * Sets (or, with null, removes) a category's schedule. A schedule is refused when the parent has its
 * own, and on a supercategory when one of its categories has its own: guests would see both windows
 * combined, which nobody reading one of them expects.
 */
export const setCategorySchedule = storeCommand(ScheduleInput.extend({ category_id: Id }), { publish: CATEGORIES_ONLY }, async ({ store }, { category_id, schedule }) => {
  const { category } = await categoryOf(store, category_id);
  const keys = { company_id: store.company_id, store_id: store.store_id, category_id };
  if (!schedule) {
    if (category.schedule) await Db().entities.category.patch(keys).remove(["schedule"]).go();
  } else {
    const all = await categoriesOf(store);
    const parent = category.parent_id ? all.find((c) => c.id === category.parent_id) : undefined;
    if (parent?.schedule) throw new UserError("parentHasSchedule", 409);
    if (all.some((c) => c.parent_id === category_id && c.schedule)) throw new UserError("childHasSchedule", 409);
    await Db().entities.category.patch(keys).set({ schedule }).go();
  }
  const { schedule: _, ...rest } = category;
  return schedule ? { ...rest, schedule } : rest;
});
