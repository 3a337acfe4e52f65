/**
 * The writes of a menu copy (issue 36, point 6), a chunk of the plan's steps at a time, and their
 * undo. Before a chunk writes any record, its undo rows name what it creates and hold, one row per
 * item, what it overwrites; a failed copy undoes every row, last first, and leaves the target as it
 * was. (A photo copied just before its undo row is written stays an unnamed file if the process
 * stops right then: no record names it, so no guest or staff member sees it.)
 *
 * Within a chunk the items are written in batches, in the plan's order, each batch whole (photos,
 * records with their counts, search terms, group rows) before it is reported, so the dialog's count
 * moves every second or so whatever the machine's speed (issue 46, point 4), and a delivery that
 * stops halfway goes on from the last batch reported (the plan, read again, finds the items a cut
 * batch created and updates them).
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

/** Categories created per transaction, with the store's count (a transaction holds at most 100 writes). */
const CATEGORY_CHUNK = 90;
/** The most items a batch holds (a transaction of creates with their counts stays below 100 writes). */
export const BATCH_MAX = 25;
/** Items of a delivery's first batch: the count moves soon after the copy starts. */
const BATCH_FIRST = 2;
/** What a batch should take; the next batch is sized from how long this one took. */
const BATCH_MS = 1000;

/** A delivery's batch size, carried from chunk to chunk. */
export type Pace = { size: number };
export const newPace = (): Pace => ({ size: BATCH_FIRST });

/** The next batch's size: about BATCH_MS of work at the pace just seen, at most double the last, 1 to BATCH_MAX items. */
function nextBatchSize(size: number, elapsedMs: number) {
  return Math.max(1, Math.min(BATCH_MAX, size * 2, Math.floor((size * BATCH_MS) / Math.max(1, elapsedMs))));
}

/** Told after each batch: how many of the chunk's steps are written, and what they created and updated. */
type OnBatch = (written: number, tally: { created: number; updated: number }) => Promise<void>;

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
 * categories. `step` names the chunk's undo rows (a retried chunk writes its own). The items go in
 * batches sized by `pace`, `onBatch` told after each. Answers what the chunk created and updated.
 */
export async function copyChunk(ref: CopyRef, step: string, plan: CopyPlan, from: number, count: number, prices: CopyPrices, pace: Pace = newPace(), onBatch?: OnBatch) {
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  const e = Db().entities;
  const structure = from === 0 ? await structureOf(keys, plan) : { categories: [], glossary: [] };
  const chunk = plan.steps.slice(from, from + count);
  const categoryOf = (path: string) => plan.targetCategory.get(path)!;
  const photos = new Map([...new Set(chunk.flatMap(({ item }) => (item.photo ? [item.photo] : [])))].map((key) => [key, newPhotoKey(keys)]));
  const creates = chunk.filter((s) => !s.match);
  const updates = chunk.filter((s) => s.match);
  // Positions are taken batch by batch (below): a chunk may span dozens of categories.
  const created = creates.map(({ item, origin, path }) => ({
    ...keys,
    item_id: newId(),
    kind: item.kind,
    category_id: categoryOf(path),
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
  for (let at = 0; at < structure.categories.length; at += CATEGORY_CHUNK) {
    const batch = structure.categories.slice(at, at + CATEGORY_CHUNK);
    await countedWrite((t) => [...batch.map((category) => t.category.create(category).commit()), factsChange(t, keys, { categories: batch.length })]);
    await Promise.all(batch.map((category) => indexCategory(keys, undefined, category)));
  }
  const texts = (item: ItemRecord, copied: Set<string>) => ({
    title: item.title,
    description: item.description ?? "",
    ...(item.photo && copied.has(item.photo) ? { photo: photos.get(item.photo)! } : {}),
    allergens: item.allergens ?? [],
    tags: item.tags ?? [],
    translations: item.translations ?? {},
  });
  const createdOf = new Map(creates.map((s, i) => [s, created[i]!]));
  const tally = { created: 0, updated: 0 };
  /** The photos copied so far (an item's photo may be shared with one of an earlier batch). */
  const copied = new Set<string>();
  const tried = new Set<string>();
  for (let at = 0; at < chunk.length; ) {
    const started = Date.now();
    const steps = chunk.slice(at, at + pace.size);
    const toCopy = [...new Set(steps.flatMap(({ item }) => (item.photo && !tried.has(item.photo) ? [item.photo] : [])))];
    for (const key of toCopy) tried.add(key);
    for (const key of (await Promise.all(toCopy.map(async (key) => ((await copyPhoto(key, photos.get(key)!)) ? [key] : [])))).flat()) copied.add(key);
    const creating = steps.filter((s) => !s.match);
    // The end of each category, in the plan's order: one ADD per category of the batch, side by side.
    const positions = new Map(
      await Promise.all(
        [...countByCategory(creating.map((s) => createdOf.get(s)!))].map(async ([category_id, n]) => [category_id, await takePositions(keys, category_id, n)] as const),
      ),
    );
    const records = creating.map((s) => {
      const record = createdOf.get(s)!;
      return { ...record, position: positions.get(record.category_id)!.shift()!, ...texts(s.item, copied) };
    });
    if (records.length) {
      await countedWrite((t) => [
        ...records.map((record) => t.item.create(record).commit()),
        ...[...countByCategory(records)].map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
        factsChange(t, keys, { items: records.length, photos: records.filter((r) => r.photo).length }),
      ]);
      await Promise.all(records.map((record) => indexItem(keys, undefined, record)));
    }
    await Promise.all(
      steps
        .filter((s) => s.match)
        .map(async ({ item, origin, match }) => {
          const target = match!;
          const portions = prices === "source" ? item.portions.map((p, i) => ({ ...p, id: target.portions[i]?.id || newId() })) : target.portions;
          const values = { ...texts(item, copied), portions, ...(target.item_id === origin ? {} : { origin_id: origin }) };
          await e.item.patch({ ...keys, item_id: target.item_id }).set(values).go();
          await indexItem(keys, target, { ...target, ...values });
        }),
    );
    // The group's rows (item-origin.entity.ts): the source item and its copy, for "apply to other stores".
    const links = steps.flatMap((s) => [
      { company_id: keys.company_id, origin_id: s.origin, store_id: s.item.store_id, item_id: s.item.item_id },
      { company_id: keys.company_id, origin_id: s.origin, store_id: keys.store_id, item_id: s.match?.item_id ?? createdOf.get(s)!.item_id },
    ]);
    if (links.length) await untilProcessed(links, (rows) => e.itemOrigin.put(rows).go());
    at += steps.length;
    tally.created += records.length;
    tally.updated += steps.length - records.length;
    await onBatch?.(at, tally);
    pace.size = nextBatchSize(steps.length, Date.now() - started);
  }
  return tally;
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
