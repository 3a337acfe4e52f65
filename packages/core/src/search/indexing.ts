/**
 * Keeping the staff search index (search.entity.ts) in step with titles and category names. The
 * write paths call `indexItem` / `indexCategory` with the record before and after a change: only
 * the terms that appear or disappear are written, so a save that keeps the texts writes nothing.
 * `rebuildSearchIndex` recounts a store from its records; a store without a built index is built
 * on its first search (`ensureSearchIndex`) or by the start-up step (`indexStoresWithoutIndex`).
 */
import { untilProcessed } from "../shared/batch";
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { onceForEveryStore } from "../store/every-store";
import { indexTermsOf, termKey, type IndexTerm } from "./words";

type StoreKeys = { company_id: string; store_id: string };
/** The titles of a record's translations (translation/targets.ts has the whole entry; it calls into here). */
type Translations = Record<string, { title?: string } | undefined>;
/** What the index reads of an item and of a category. */
export type TitledItem = { item_id: string; title: string; translations?: Translations | null };
export type NamedCategory = { category_id: string; name: string; translations?: Translations | null };
type RefType = "item" | "category";

/** Raise when the terms change (tokenising, what is indexed): stores built at a lower version are rebuilt. */
export const SEARCH_INDEX_VERSION = 1;

const translatedTitles = (t: Translations | null | undefined) => Object.values(t ?? {}).map((e) => e?.title ?? "");
export const itemTexts = (i: Omit<TitledItem, "item_id">) => [i.title, ...translatedTitles(i.translations)];
export const categoryTexts = (c: Omit<NamedCategory, "category_id">) => [c.name, ...translatedTitles(c.translations)];

const termsDb = () => Db().entities.searchIndexTerm;
type TermRow = StoreKeys & IndexTerm & { ref_type: RefType; ref_id: string };

/** Batch writes go 25 a request, this many requests at a time; what DynamoDB leaves unprocessed is sent again. */
const BATCHES_AT_ONCE = 4;
const putRows = (rows: TermRow[]) => untilProcessed(rows, (r) => termsDb().put(r).go({ concurrent: BATCHES_AT_ONCE }));
const deleteRows = (rows: TermRow[]) => untilProcessed(rows, (r) => termsDb().delete(r).go({ concurrent: BATCHES_AT_ONCE }));

async function writeChange(keys: StoreKeys, ref_type: RefType, ref_id: string, before: IndexTerm[], after: IndexTerm[]) {
  const { put, remove } = rowsOfChange(keys, ref_type, ref_id, before, after);
  await Promise.all([putRows(put), deleteRows(remove)]);
}

/** One record's change: its texts before (none: created) and after (none: deleted). */
export type IndexChange<T> = { before?: T; after?: T };
/** A row of the index, and what one record's change adds and removes: the rows `writeChange` writes for it. */
export type IndexRow = TermRow;
export type IndexRows = { put: IndexRow[]; remove: IndexRow[] };

function rowsOfChange(keys: StoreKeys, ref_type: RefType, ref_id: string, before: IndexTerm[], after: IndexTerm[]): IndexRows {
  const had = new Set(before.map(termKey));
  const has = new Set(after.map(termKey));
  const row = (t: IndexTerm): TermRow => ({ company_id: keys.company_id, store_id: keys.store_id, kind: t.kind, term: t.term, ref_type, ref_id });
  return { put: after.filter((t) => !had.has(termKey(t))).map(row), remove: before.filter((t) => !has.has(termKey(t))).map(row) };
}

/** The rows an item's change adds and removes, for a caller that writes them itself (in its own transaction). */
export const itemIndexRows = (keys: StoreKeys, { before, after }: IndexChange<TitledItem>) =>
  rowsOfChange(keys, "item", (after ?? before)!.item_id, before ? indexTermsOf(itemTexts(before)) : [], after ? indexTermsOf(itemTexts(after)) : []);

/** The rows a category's change adds and removes, for a caller that writes them itself. */
export const categoryIndexRows = (keys: StoreKeys, { before, after }: IndexChange<NamedCategory>) =>
  rowsOfChange(keys, "category", (after ?? before)!.category_id, before ? indexTermsOf(categoryTexts(before)) : [], after ? indexTermsOf(categoryTexts(after)) : []);

/** Many records' rows (each record once) in batches: 25 a request, four requests at a time. */
export async function writeIndexRows(changes: IndexRows[]) {
  // A batch may not name one key twice.
  const unique = (rows: TermRow[]) => [...new Map(rows.map((r) => [`${refKey(r.ref_type, r.ref_id)}|${r.kind}:${r.term}`, r])).values()];
  const put = unique(changes.flatMap((c) => c.put));
  const remove = unique(changes.flatMap((c) => c.remove));
  await Promise.all([put.length ? putRows(put) : undefined, remove.length ? deleteRows(remove) : undefined]);
}

/** After an item was created (`before` undefined) or its title or translations were written. */
export async function indexItem(keys: StoreKeys, before: TitledItem | undefined, after: TitledItem) {
  await writeChange(keys, "item", after.item_id, before ? indexTermsOf(itemTexts(before)) : [], indexTermsOf(itemTexts(after)));
}

/** After items were deleted. */
export async function unindexItems(keys: StoreKeys, items: TitledItem[]) {
  await Promise.all(items.map((i) => writeChange(keys, "item", i.item_id, indexTermsOf(itemTexts(i)), [])));
}

/** After a category was created (`before` undefined) or its name or translations were written. */
export async function indexCategory(keys: StoreKeys, before: NamedCategory | undefined, after: NamedCategory) {
  await writeChange(keys, "category", after.category_id, before ? indexTermsOf(categoryTexts(before)) : [], indexTermsOf(categoryTexts(after)));
}

/** After a category was deleted. */
export async function unindexCategory(keys: StoreKeys, category: NamedCategory) {
  await writeChange(keys, "category", category.category_id, indexTermsOf(categoryTexts(category)), []);
}

const PAGE = 100;
const refKey = (ref_type: string, ref_id: string) => `${ref_type}:${ref_id}`;

/**
 * Builds a store's index from its items and categories, a page at a time: their terms are written,
 * then terms no record has any more are deleted, then the store is marked built.
 */
export async function rebuildSearchIndex(keys: StoreKeys) {
  const expected = new Map<string, Set<string>>();
  /** One page's terms go in batches of 25, four at a time. */
  const index = async (refs: { ref_type: RefType; ref_id: string; terms: IndexTerm[] }[]) => {
    for (const { ref_type, ref_id, terms } of refs) expected.set(refKey(ref_type, ref_id), new Set(terms.map(termKey)));
    await putRows(refs.flatMap(({ ref_type, ref_id, terms }) => terms.map((t) => ({ company_id: keys.company_id, store_id: keys.store_id, ...t, ref_type, ref_id }))));
  };
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: { data: TitledItem[]; cursor: string | null } = await Db()
      .entities.item.query.byStore(keys)
      .go({ cursor, limit: PAGE, attributes: ["item_id", "title", "translations"] });
    await index(page.data.map((i) => ({ ref_type: "item", ref_id: i.item_id, terms: indexTermsOf(itemTexts(i)) })));
    cursor = page.cursor;
  }
  const { data: categories } = await Db()
    .entities.category.query.byStore(keys)
    .go({ pages: "all", attributes: ["category_id", "name", "translations"] });
  await index(categories.map((c) => ({ ref_type: "category", ref_id: c.category_id, terms: indexTermsOf(categoryTexts(c)) })));
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: { data: TermRow[]; cursor: string | null } = await termsDb().query.byTerm(keys).go({ cursor, limit: 5 * PAGE });
    await deleteRows(page.data.filter((r) => !expected.get(refKey(r.ref_type, r.ref_id))?.has(termKey(r))));
    cursor = page.cursor;
  }
  await Db().entities.searchIndexState.put({ ...keys, version: SEARCH_INDEX_VERSION, built_at: clock.now().toISOString() }).go();
}

/** Stores this process knows to have a built index (the marker is never removed). */
const built = new Set<string>();

/** Builds the store's index unless it is marked built at the current version; answers whether it built it. */
export async function ensureSearchIndex(keys: StoreKeys) {
  if (built.has(keys.store_id)) return false;
  const { data } = await Db().entities.searchIndexState.get(keys).go();
  const stale = !data || data.version < SEARCH_INDEX_VERSION;
  if (stale) await rebuildSearchIndex(keys);
  built.add(keys.store_id);
  return stale;
}

/** Start-up step: every store without a built index gets one, once per table. Answers how many it built. */
export const indexStoresWithoutIndex = () => onceForEveryStore(`search-index-v${SEARCH_INDEX_VERSION}`, ensureSearchIndex);
