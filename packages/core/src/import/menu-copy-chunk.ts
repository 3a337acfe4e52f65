/**
 * The writes of a menu copy (issue 36, point 6), a chunk of the plan's steps at a time, and their
 * undo. Before a chunk writes any record, its undo rows name what it creates and hold, one row per
 * item, what it overwrites; a failed copy undoes every row, last first, and leaves the target as it
 * was. (A photo copied just before its undo row is written stays an unnamed file if the process
 * stops right then: no record names it, so no guest or staff member sees it.)
 */
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { isWriteConflict } from "../shared/conflict";
import { newId } from "../shared/ids";
import { countByCategory, countedWrite, factsChange, tallyChange } from "../store/facts";
import { deleteItems } from "../item/removal";
import { takePositions } from "../store/positions";
import { removeEmptyCategory } from "../category/manage";
import { copyPhoto, deletePhoto, newPhotoKey } from "../media/copy";
import { indexCategory, indexItem, unindexItems } from "../search/indexing";
import type { CopyPlan, ItemRecord, Keys } from "./menu-copy-plan";

/** Items created per transaction, with their counts (a transaction holds at most 100 writes). */
const CREATE_CHUNK = 45;

export type CopyRef = Keys & { copy_id: string };
export type CopyPrices = "keep" | "source";

/** What a copy writes on an item the target already has; its undo puts these back. */
type Before = Pick<ItemRecord, "item_id" | "title" | "description" | "photo" | "allergens" | "tags" | "translations" | "portions" | "origin_id">;
const beforeOf = ({ item_id, title, description, photo, allergens, tags, translations, portions, origin_id }: ItemRecord): Before => ({
  item_id,
  title,
  description,
  photo,
  allergens,
  tags,
  translations,
  portions,
  origin_id,
});

/** Undo rows live as long as their copy's row. */
const UNDO_DAYS = 7;

/** Categories created for the copy, parents first, at the end of their siblings; the glossary's new terms. */
async function structureOf(keys: Keys, plan: CopyPlan) {
  const next = new Map<string, number>();
  const { data } = await Db().entities.category.query.byStore(keys).go({ pages: "all" });
  for (const c of data) next.set(`${c.section}:${c.parent_id ?? ""}`, Math.max(next.get(`${c.section}:${c.parent_id ?? ""}`) ?? 0, (c.position ?? 0) + 1));
  const categories = plan.newCategories.map((c) => {
    const category_id = newId();
    const parent_id = c.parent_id ? (plan.targetCategory.get(plan.sourcePath.get(c.parent_id)!) ?? "") : "";
    const siblings = `${c.section}:${parent_id}`;
    const position = next.get(siblings) ?? 0;
    next.set(siblings, position + 1);
    plan.targetCategory.set(plan.sourcePath.get(c.category_id)!, category_id);
    const { category_id: _id, store_id: _store, company_id: _company, created_at: _c, updated_at: _u, parent_id: _p, position: _pos, ...fields } = c;
    return { ...keys, ...fields, category_id, parent_id, position };
  });
  const glossary = plan.newGlossary.map((g) => ({ ...keys, abbreviation_id: newId(), abbreviation: g.abbreviation, full_form: g.full_form, keep: !!g.keep }));
  return { categories, glossary };
}

/**
 * Copies the plan's steps [from, from + count): with the first chunk the glossary and the missing
 * categories. `step` names the chunk's undo rows (a retried chunk writes its own). Answers what it
 * created and updated.
 */
export async function copyChunk(ref: CopyRef, step: string, plan: CopyPlan, from: number, count: number, prices: CopyPrices) {
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  const e = Db().entities;
  const structure = from === 0 ? await structureOf(keys, plan) : { categories: [], glossary: [] };
  const chunk = plan.steps.slice(from, from + count);
  const categoryOf = (path: string) => plan.targetCategory.get(path)!;
  const photos = new Map([...new Set(chunk.flatMap(({ item }) => (item.photo ? [item.photo] : [])))].map((key) => [key, newPhotoKey(keys)]));
  const creates = chunk.filter((s) => !s.match);
  const updates = chunk.filter((s) => s.match);
  const positions = new Map<string, number[]>();
  for (const [category_id, n] of countByCategory(creates.map((s) => ({ category_id: categoryOf(s.path) })))) positions.set(category_id, await takePositions(keys, category_id, n));
  const created = creates.map(({ item, origin, path }) => ({
    ...keys,
    item_id: newId(),
    kind: item.kind,
    category_id: categoryOf(path),
    position: positions.get(categoryOf(path))!.shift()!,
    visible: item.visible ?? true,
    portions: item.portions.map((p) => ({ ...p, id: newId() })),
    origin_id: origin,
  }));

  // The undo first: what this chunk creates, and each overwritten item as it is now.
  const expiresAt = Math.ceil(Date.now() / 1000) + UNDO_DAYS * 86_400;
  const undo = { ...keys, copy_id: ref.copy_id, expiresAt };
  await untilProcessed(
    [
      {
        ...undo,
        step,
        items: created.map((c) => c.item_id),
        categories: structure.categories.map((c) => c.category_id),
        glossary: structure.glossary.map((g) => g.abbreviation_id),
        photos: [...photos.values()],
      },
      ...updates.map(({ match }) => ({ ...undo, step: `${step}/${match!.item_id}`, before: JSON.stringify(beforeOf(match!)) })),
    ],
    (rows) => e.menuCopyUndo.put(rows).go(),
  );

  await Promise.all(structure.glossary.map((g) => e.abbreviation.create(g).go()));
  for (const category of structure.categories) {
    await countedWrite((t) => [t.category.create(category).commit(), factsChange(t, keys, { categories: 1 })]);
    await indexCategory(keys, undefined, category);
  }
  const copied = new Set(
    (await Promise.all([...photos].map(async ([key, copy]) => ((await copyPhoto(key, copy)) ? [key] : [])))).flat(),
  );
  const texts = (item: ItemRecord) => ({
    title: item.title,
    description: item.description ?? "",
    ...(item.photo && copied.has(item.photo) ? { photo: photos.get(item.photo)! } : {}),
    allergens: item.allergens ?? [],
    tags: item.tags ?? [],
    translations: item.translations ?? {},
  });
  const records = created.map((record, i) => ({ ...record, ...texts(creates[i]!.item) }));
  for (let at = 0; at < records.length; at += CREATE_CHUNK) {
    const batch = records.slice(at, at + CREATE_CHUNK);
    await countedWrite((t) => [
      ...batch.map((record) => t.item.create(record).commit()),
      ...[...countByCategory(batch)].map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
      factsChange(t, keys, { items: batch.length, photos: batch.filter((r) => r.photo).length }),
    ]);
    await Promise.all(batch.map((record) => indexItem(keys, undefined, record)));
  }
  await Promise.all(
    updates.map(async ({ item, origin, match }) => {
      const target = match!;
      const portions = prices === "source" ? item.portions.map((p, i) => ({ ...p, id: target.portions[i]?.id || newId() })) : target.portions;
      const values = { ...texts(item), portions, ...(target.item_id === origin ? {} : { origin_id: origin }) };
      await e.item.patch({ ...keys, item_id: target.item_id }).set(values).go();
      await indexItem(keys, target, { ...target, ...values });
    }),
  );
  // The group's rows (item-origin.entity.ts): the source item and its copy, for "apply to other stores".
  const copyOf = new Map(creates.map((s, i) => [s.item.item_id, created[i]!.item_id]));
  const links = chunk.flatMap(({ item, origin, match }) => [
    { company_id: keys.company_id, origin_id: origin, store_id: item.store_id, item_id: item.item_id },
    { company_id: keys.company_id, origin_id: origin, store_id: keys.store_id, item_id: match?.item_id ?? copyOf.get(item.item_id)! },
  ]);
  if (links.length) await e.itemOrigin.put(links).go();
  return { created: created.length, updated: updates.length };
}

/** The target's item records of these ids (BatchGetItem; ids already gone are left out). */
const itemRecords = (keys: Keys, ids: string[]) => untilProcessed(ids.map((item_id) => ({ ...keys, item_id })), (batch) => Db().entities.item.get(batch).go());

/**
 * Undoes everything a copy wrote, its chunks last first: overwritten items get their values back,
 * created items, categories (if still empty), glossary terms, copied photos and group rows go.
 */
export async function undoCopy(ref: CopyRef) {
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  const e = Db().entities;
  const unlink = (item: { item_id: string; origin_id?: string }) =>
    item.origin_id ? e.itemOrigin.delete({ company_id: keys.company_id, origin_id: item.origin_id, store_id: keys.store_id, item_id: item.item_id }).go() : undefined;
  const { data } = await e.menuCopyUndo.query.byCopy(ref).go({ pages: "all" });
  for (const row of data.sort((a, b) => (a.step < b.step ? 1 : -1))) {
    if (row.before && row.before !== "[]") {
      const { item_id, ...before } = JSON.parse(row.before) as Before;
      const [now] = await itemRecords(keys, [item_id]);
      if (now) {
        const absent = (["photo", "origin_id"] as const).filter((f) => before[f] === undefined);
        const patch = e.item.patch({ ...keys, item_id }).set(Object.fromEntries(Object.entries(before).filter(([, v]) => v !== undefined)));
        await (absent.length ? patch.remove([...absent]) : patch).go();
        await indexItem(keys, now, { item_id, title: before.title, translations: before.translations });
        if (now.origin_id !== before.origin_id) await unlink(now);
      }
    }
    const items = await itemRecords(keys, row.items ?? []);
    await deleteItems(keys, items);
    await unindexItems(keys, items);
    await Promise.all(items.map(unlink));
    const categories = await Promise.all((row.categories ?? []).map(async (category_id) => (await e.category.get({ ...keys, category_id }).go()).data));
    for (const category of categories.reverse()) {
      // One a staff member filled meanwhile stays, with what they put in it.
      if (category) await removeEmptyCategory(keys, category).catch((error: unknown) => (isWriteConflict(error) ? undefined : Promise.reject(error)));
    }
    await Promise.all((row.glossary ?? []).map((abbreviation_id) => e.abbreviation.delete({ ...keys, abbreviation_id }).go()));
    await Promise.all((row.photos ?? []).map(deletePhoto));
  }
}
