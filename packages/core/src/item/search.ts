/**
 * Staff search in a store's menu (GET /api/items/search): items whose title, a translated title,
 * or whose category's name (in any language) has every word of the query (words.ts). Answers come
 * from the store's search index, not from reading the menu: each query word's index lookups are
 * bounded, the candidates of the most selective word are read by key and checked against all
 * query words, so a store of 5,000 items costs a search what one of 150 does.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { toItemInfo, ItemInfo } from "./item";
import { storeCommand } from "../command/store-command";
import { categoryTexts, ensureSearchIndex, itemTexts } from "../search/indexing";
import { queryTermsOf, searchable, termMatches, type IndexTerm, type QueryTerm } from "../search/words";

const Id = z.string().min(1).max(64);
export const SearchItemsInput = z.object({ store_id: Id, q: z.string().trim().min(1).max(100) });
export const SearchHit = ItemInfo.extend({ category: z.object({ id: z.string(), name: z.string(), section: z.string() }) });
export type SearchHit = z.infer<typeof SearchHit>;

const SEARCH_LIMIT = 50;
/** Index entries one lookup reads; items a search reads. Beyond them a broad query answers a part of its matches. */
const ENTRIES_PER_LOOKUP = 200;
const CANDIDATES_MAX = 100;
/** Lookups per search: a long query is narrowed by its longest words and checked against all of them. */
const LOOKUPS_MAX = 4;

type StoreKeys = { company_id: string; store_id: string };
type Refs = { items: Set<string>; categories: Set<string>; complete: boolean };

async function lookup(keys: StoreKeys, source: IndexTerm) {
  const { data } = await Db()
    .entities.searchIndexTerm.query.byTerm({ ...keys, kind: source.kind })
    .begins({ term: source.term })
    .go({ limit: ENTRIES_PER_LOOKUP + 1 });
  return { rows: data.slice(0, ENTRIES_PER_LOOKUP), complete: data.length <= ENTRIES_PER_LOOKUP };
}

/**
 * Sets of records that hold every match of one query word: a word's lookups (whole words and
 * parts) together, or any one character of a run of Han, kana or Hangul.
 */
function candidateSets(terms: QueryTerm[]): IndexTerm[][] {
  const byLength = [...terms].sort((a, b) => [...b.text].length - [...a.text].length);
  const sets = byLength.flatMap((t) => (t.kind === "word" ? [t.sources] : t.sources.map((s) => [s])));
  const chosen: IndexTerm[][] = [];
  let lookups = 0;
  for (const set of sets) {
    if (chosen.length && lookups + set.length > LOOKUPS_MAX) break;
    chosen.push(set);
    lookups += set.length;
  }
  return chosen;
}

async function refsOf(keys: StoreKeys, sources: IndexTerm[]): Promise<Refs> {
  const results = await Promise.all(sources.map((s) => lookup(keys, s)));
  const refs: Refs = { items: new Set(), categories: new Set(), complete: results.every((r) => r.complete) };
  for (const row of results.flatMap((r) => r.rows)) (row.ref_type === "item" ? refs.items : refs.categories).add(row.ref_id);
  return refs;
}

/** The smallest set that is complete, else the smallest. */
const narrowest = (sets: Refs[]) =>
  [...sets].sort((a, b) => Number(b.complete) - Number(a.complete) || a.items.size + a.categories.size - (b.items.size + b.categories.size))[0]!;

type ItemRecord = Parameters<typeof toItemInfo>[0];

/** The candidates' records: items named by the index read by key, items of named categories by category (gsi2). */
async function candidateItems(keys: StoreKeys, refs: Refs): Promise<ItemRecord[]> {
  const ids = [...refs.items].slice(0, CANDIDATES_MAX);
  const { data: named } = ids.length ? await Db().entities.item.get(ids.map((item_id) => ({ ...keys, item_id }))).go() : { data: [] };
  const found = new Map(named.map((r) => [r.item_id, r]));
  for (const category_id of refs.categories) {
    const room = CANDIDATES_MAX - found.size;
    if (room <= 0) break;
    const { data } = await Db().entities.item.query.byCategory({ store_id: keys.store_id, category_id }).go({ limit: room });
    // gsi2 is keyed by store and category; the company check keeps the tenant rule explicit.
    for (const r of data) if (r.company_id === keys.company_id) found.set(r.item_id, r);
  }
  return [...found.values()];
}

export const searchItems = storeCommand(SearchItemsInput, {}, async ({ keys }, { q }) => {
  const terms = queryTermsOf(q);
  if (!terms.length) return [];
  await ensureSearchIndex(keys);
  const refs = narrowest(await Promise.all(candidateSets(terms).map((set) => refsOf(keys, set))));
  const items = await candidateItems(keys, refs);
  const categoryIds = [...new Set(items.map((i) => i.category_id))];
  const { data: categories } = categoryIds.length
    ? await Db().entities.category.get(categoryIds.map((category_id) => ({ ...keys, category_id }))).go()
    : { data: [] };
  const categoryOf = new Map(categories.map((c) => [c.category_id, c]));
  return items
    .flatMap((item): SearchHit[] => {
      const c = categoryOf.get(item.category_id);
      if (!c) return [];
      const s = searchable([...itemTexts(item), ...categoryTexts(c)]);
      if (!terms.every((t) => termMatches(t, s))) return [];
      return [{ ...toItemInfo(item), category: { id: c.category_id, name: c.name, section: c.section } }];
    })
    // By title, then id: the same answer every time when two items share a title.
    .sort((a, b) => a.title.localeCompare(b.title, "ru") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, SEARCH_LIMIT);
});
