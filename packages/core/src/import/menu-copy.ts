/**
 * Issue 36, point 6: a company manager starts a store's menu from another store of the company:
 * categories, items, portions, photos, marks, translations and the glossary. Like the spreadsheet
 * import (menu-import.ts) it previews, then applies in chunks (`from`, `count`) with the whole plan
 * validated again at every chunk: nothing is written while any source item is invalid. The source
 * is read as records, not as the export's rows: rows carry neither photos nor translations.
 * An item the target already has (same origin, or same section, category path and title) is
 * updated, its prices kept or taken by choice; everything else is created. The copy never deletes.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { storeCommand, type StoreContext } from "../command/store-command";
import { useActor } from "../shared/actor";
import { UserError } from "../shared/errors";
import { newId } from "../shared/ids";
import { MENU_LANGUAGES, SECTIONS, SOURCE_LANGUAGE } from "../shared/model";
import { canManageCompany } from "../shared/policy";
import { storeById } from "../store/store";
import { countByCategory, countedWrite, factsChange, requestFactsRefresh, tallyChange } from "../store/facts";
import { takePositions } from "../item/positions";
import { ItemForm } from "../item/schemas";
import { copyPhoto } from "../media/copy";
import { indexCategory, indexItem } from "../search/indexing";
import { glossaryOf, type TranslateRef } from "../translation/jobs";
import { targetOfRow } from "../translation/targets";

const Id = z.string().min(1).max(64);
export const CopyPreviewInput = z.object({ store_id: Id, source_store_id: Id });
export const COPY_PRICES = ["keep", "source"] as const;
export const CopyApplyInput = CopyPreviewInput.extend({ prices: z.enum(COPY_PRICES), from: z.number().int().min(0), count: z.number().int().min(1).max(100) });

type Keys = { company_id: string; store_id: string };
type Entities = ReturnType<typeof Db>["entities"];
type ItemRecord = Awaited<ReturnType<ReturnType<Entities["item"]["query"]["byStore"]>["go"]>>["data"][number];
type CategoryRecord = Awaited<ReturnType<ReturnType<Entities["category"]["query"]["byStore"]>["go"]>>["data"][number];

/** Items created per transaction, with their counts (a transaction holds at most 100 writes). */
const CREATE_CHUNK = 45;
/** Source items the preview names as invalid (the count is whole). */
const INVALID_LIST_MAX = 20;

/**
 * The source store, after the checks a chain copy needs beyond the target's gate: another store of
 * the same company, copied by one who manages the company (a store manager manages one store only).
 * Anything else is "store not found", as for a store that does not exist.
 */
async function sourceOf(keys: Keys, source_store_id: string): Promise<Keys> {
  if (source_store_id === keys.store_id) throw new UserError("copySameStore", 400);
  if (!canManageCompany(useActor(), keys.company_id)) throw new UserError("storeNotFound", 404);
  const source = await storeById(source_store_id);
  if (source.company_id !== keys.company_id) throw new UserError("storeNotFound", 404);
  return { company_id: source.company_id, store_id: source.store_id };
}

async function menuOf(keys: Keys) {
  const e = Db().entities;
  const [categories, items] = await Promise.all([e.category.query.byStore(keys).go({ pages: "all" }), e.item.query.byStore(keys).go({ pages: "all" })]);
  // Promotions are not items and keep to their store.
  return { categories: categories.data.filter((c) => c.section !== "promotions"), items: items.data };
}

const spaced = (s: string) => s.replace(/\s+/g, " ").trim().toLocaleLowerCase();

/** Categories in menu order (parents before their children) and "section:parent / name" of each. */
function categoryPaths(categories: CategoryRecord[]) {
  const byParent = new Map<string, CategoryRecord[]>();
  for (const c of categories) byParent.set(c.parent_id ?? "", [...(byParent.get(c.parent_id ?? "") ?? []), c]);
  const byPosition = (list: CategoryRecord[]) => [...list].sort((a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section) || (a.position ?? 0) - (b.position ?? 0));
  const ordered: CategoryRecord[] = [];
  const pathOf = new Map<string, string>();
  for (const top of byPosition(byParent.get("") ?? [])) {
    ordered.push(top);
    pathOf.set(top.category_id, `${top.section}:${spaced(top.name)}`);
    for (const child of byPosition(byParent.get(top.category_id) ?? [])) {
      ordered.push(child);
      pathOf.set(child.category_id, `${top.section}:${spaced(top.name)} / ${spaced(child.name)}`);
    }
  }
  return { ordered, pathOf };
}

/** What the copy would do; computed again by every chunk, so every chunk sees the same steps. */
async function copyPlan(keys: Keys, sourceKeys: Keys) {
  const [source, target, sourceGlossary, targetGlossary] = await Promise.all([menuOf(sourceKeys), menuOf(keys), glossaryOf(sourceKeys), glossaryOf(keys)]);
  const from = categoryPaths(source.categories);
  const to = categoryPaths(target.categories);
  const targetCategory = new Map([...to.pathOf].map(([id, path]) => [path, id]));
  const order = new Map(from.ordered.map((c, i) => [c.category_id, i]));
  const items = source.items
    .filter((i) => order.has(i.category_id))
    .sort((a, b) => order.get(a.category_id)! - order.get(b.category_id)! || (a.position ?? 0) - (b.position ?? 0) || a.item_id.localeCompare(b.item_id));
  // The same item: one of the group (its origin, or the origin itself), else the same place and title.
  const same = new Map<string, ItemRecord>();
  for (const t of target.items) {
    same.set(`title:${to.pathOf.get(t.category_id)}:${spaced(t.title)}`, t);
    same.set(`id:${t.item_id}`, t);
  }
  for (const t of target.items) if (t.origin_id) same.set(`id:${t.origin_id}`, t);
  const steps = items.map((item) => {
    const origin = item.origin_id ?? item.item_id;
    const path = from.pathOf.get(item.category_id)!;
    return { item, origin, path, match: same.get(`id:${origin}`) ?? same.get(`title:${path}:${spaced(item.title)}`) };
  });
  // The same rules as the item form: a record written under older rules is not copied as it is.
  const invalid = steps.filter(({ item }) => !ItemForm.safeParse({ ...item, photo: undefined, description: item.description ?? "" }).success).map(({ item }) => item.title);
  const known = new Set(targetGlossary.map((g) => g.abbreviation.toLocaleLowerCase()));
  return {
    source,
    steps,
    categories: from.ordered,
    sourcePath: from.pathOf,
    targetCategory,
    newCategories: from.ordered.filter((c) => !targetCategory.has(from.pathOf.get(c.category_id)!)),
    glossary: sourceGlossary,
    newGlossary: sourceGlossary.filter((g) => !known.has(g.abbreviation.toLocaleLowerCase())),
    invalid,
  };
}

/** POST /api/menu-copy/preview: what copying the source's menu into this store would bring and change. */
export const previewCopy = storeCommand(CopyPreviewInput, {}, async ({ keys }, { source_store_id }) => {
  const plan = await copyPlan(keys, await sourceOf(keys, source_store_id));
  const texts = [...plan.categories, ...plan.steps.map((s) => s.item)];
  const translations = Object.fromEntries(
    MENU_LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE).map((lang) => [lang, texts.filter((t) => (t.translations as Record<string, { title?: string } | undefined>)[lang]?.title).length]),
  );
  return {
    categories: plan.categories.length,
    new_categories: plan.newCategories.length,
    items: plan.steps.length,
    creates: plan.steps.filter((s) => !s.match).length,
    updates: plan.steps.filter((s) => s.match).length,
    portions: plan.steps.reduce((n, s) => n + s.item.portions.length, 0),
    photos: plan.steps.filter((s) => s.item.photo).length,
    translations,
    glossary: plan.glossary.length,
    new_glossary: plan.newGlossary.length,
    invalid: plan.invalid.length,
    invalid_titles: plan.invalid.slice(0, INVALID_LIST_MAX),
  };
});

/** The first chunk: the glossary merged (the target's own terms win) and the missing categories created, parents first. */
async function copyStructure(keys: Keys, plan: Awaited<ReturnType<typeof copyPlan>>, written: TranslateRef[]) {
  const e = Db().entities;
  await Promise.all(plan.newGlossary.map((g) => e.abbreviation.create({ ...keys, abbreviation_id: newId(), abbreviation: g.abbreviation, full_form: g.full_form, keep: !!g.keep }).go()));
  const next = new Map<string, number>();
  const state = await e.category.query.byStore(keys).go({ pages: "all" });
  for (const c of state.data) next.set(`${c.section}:${c.parent_id ?? ""}`, Math.max(next.get(`${c.section}:${c.parent_id ?? ""}`) ?? 0, (c.position ?? 0) + 1));
  for (const c of plan.newCategories) {
    const path = plan.sourcePath.get(c.category_id)!;
    const parent_id = c.parent_id ? (plan.targetCategory.get(plan.sourcePath.get(c.parent_id)!) ?? "") : "";
    const siblings = `${c.section}:${parent_id}`;
    const position = next.get(siblings) ?? 0;
    next.set(siblings, position + 1);
    const { category_id: _id, store_id: _store, company_id: _company, created_at: _c, updated_at: _u, parent_id: _p, position: _pos, ...fields } = c;
    const category = { ...keys, ...fields, category_id: newId(), parent_id, position };
    await countedWrite((t) => [t.category.create(category).commit(), factsChange(t, keys, { categories: 1 })]);
    await indexCategory(keys, undefined, category);
    written.push({ target_type: "Category", target_id: category.category_id, target: targetOfRow.Category({ ...category, updated_at: "" }) });
    plan.targetCategory.set(path, category.category_id);
  }
}

/**
 * POST /api/menu-copy/apply: validates the whole plan again (nothing is written while any source
 * item is invalid), then copies source items [from, from + count); the glossary and categories come
 * with the first chunk, the publish after the last. Answers how far it got and what it did.
 */
export const applyCopy = storeCommand(CopyApplyInput, { publish: "named", translate: true }, async (command: StoreContext, { source_store_id, prices, from, count }) => {
  const { keys } = command;
  const plan = await copyPlan(keys, await sourceOf(keys, source_store_id));
  if (plan.invalid.length) throw new UserError("copyInvalid", 400);
  const e = Db().entities;
  const written: TranslateRef[] = [];
  if (from === 0) await copyStructure(keys, plan, written);
  const chunk = plan.steps.slice(from, from + count);
  const categoryOf = (path: string) => plan.targetCategory.get(path)!;
  // Photos are copied into the target's folder (media/copy.ts), the chunk's at once (a chunk holds at most 100).
  const sources = [...new Set(chunk.flatMap(({ item }) => (item.photo ? [item.photo] : [])))];
  const photos = new Map(await Promise.all(sources.map(async (key) => [key, await copyPhoto(key, keys)] as const)));
  const texts = (item: ItemRecord) => ({
    title: item.title,
    description: item.description ?? "",
    ...(item.photo && photos.get(item.photo) ? { photo: photos.get(item.photo)! } : {}),
    allergens: item.allergens ?? [],
    tags: item.tags ?? [],
    translations: item.translations ?? {},
  });
  const creates = chunk.filter((s) => !s.match);
  const positions = new Map<string, number[]>();
  for (const [category_id, n] of countByCategory(creates.map((s) => ({ category_id: categoryOf(s.path) })))) positions.set(category_id, await takePositions(keys, category_id, n));
  const created = creates.map(({ item, origin, path }) => ({
    ...keys,
    ...texts(item),
    item_id: newId(),
    kind: item.kind,
    category_id: categoryOf(path),
    position: positions.get(categoryOf(path))!.shift()!,
    visible: item.visible ?? true,
    portions: item.portions.map((p) => ({ ...p, id: newId() })),
    origin_id: origin,
  }));
  for (let at = 0; at < created.length; at += CREATE_CHUNK) {
    const batch = created.slice(at, at + CREATE_CHUNK);
    await countedWrite((t) => [
      ...batch.map((record) => t.item.create(record).commit()),
      ...[...countByCategory(batch)].map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
      factsChange(t, keys, { items: batch.length, photos: batch.filter((r) => r.photo).length }),
    ]);
    await Promise.all(batch.map((record) => indexItem(keys, undefined, record)));
  }
  for (const record of created) written.push({ target_type: "Item", target_id: record.item_id, target: targetOfRow.Item({ ...record, updated_at: "" }) });
  const updated = chunk.filter((s) => s.match);
  await Promise.all(
    updated.map(async ({ item, origin, match }) => {
      const target = match!;
      const portions = prices === "source" ? item.portions.map((p, i) => ({ ...p, id: target.portions[i]?.id || newId() })) : target.portions;
      const values = { ...texts(item), portions, ...(target.item_id === origin ? {} : { origin_id: origin }) };
      await e.item.patch({ ...keys, item_id: target.item_id }).set(values).go();
      await indexItem(keys, target, { ...target, ...values });
      written.push({ target_type: "Item", target_id: target.item_id });
    }),
  );
  // The group's rows (item-origin.entity.ts): the source item and its copy, for "apply to other stores".
  const copyOf = new Map(creates.map((s, i) => [s.item.item_id, created[i]!.item_id]));
  const links = chunk.flatMap(({ item, origin, match }) => [
    { company_id: keys.company_id, origin_id: origin, store_id: item.store_id, item_id: item.item_id },
    { company_id: keys.company_id, origin_id: origin, store_id: keys.store_id, item_id: match?.item_id ?? copyOf.get(item.item_id)! },
  ]);
  if (links.length) await e.itemOrigin.put(links).go();
  command.translate(written);
  const done = Math.min(plan.steps.length, from + count);
  if (done >= plan.steps.length) {
    // Photos and visibility changed too: the facts are counted again store-wide, by the worker.
    await requestFactsRefresh(keys);
    command.publish();
  }
  return { done, total: plan.steps.length, created: created.length, updated: updated.length };
});
