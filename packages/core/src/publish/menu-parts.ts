/**
 * The guest menu of one language as its parts (format 2): the index and each category's chunks of
 * CHUNK_ITEMS items. A category the publish does not touch keeps its chunks and its index entry
 * from the previous index, so its files are neither read, built nor written again; a category
 * whose items were only changed in place or appended at its end (`patches`) reads back and builds
 * again only the chunks that hold them, giving the same chunks a whole rebuild would.
 */
import { createHash } from "node:crypto";
import type { ItemInfo } from "../item/item";
import { SOURCE_LANGUAGE } from "../shared/model";
import { marksOf, publishedHead, publishedItems } from "./build";
import type { StoreState } from "./store-state";
import {
  CHUNK_ITEMS,
  chunkNames,
  firstViewCategories,
  type IndexCategory,
  type IndexItem,
  type PublishedChunk,
  type PublishedIndex,
  type PublishedItem,
} from "../shared/published-menu";

const hash = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);
const indexItem = ({ id, title, title_lang, allergens, tags, sold_out_until }: PublishedItem, source_title: string | undefined): IndexItem => ({
  id,
  title,
  ...(source_title && source_title !== title ? { source_title } : {}),
  ...(title_lang ? { title_lang } : {}),
  ...(allergens ? { allergens } : {}),
  ...(tags ? { tags } : {}),
  ...(sold_out_until ? { sold_out_until } : {}),
});

export type LanguageParts = {
  index: PublishedIndex;
  /** The chunks this publish built, by name (their JSON text): those the previous index lacks are written. */
  chunks: Map<string, { text: string; chunk: PublishedChunk }>;
  /** The categories the menu page's first view may show (their chunks are what the page is rendered with). */
  firstView: string[];
  /** Names of pages whose key changed: they are rendered again. */
  changedPages: Set<string>;
};

type Input = {
  state: StoreState;
  lang: string;
  qr: (text: string) => { size: number; path: string };
  now: Date;
  /** The store's guest pages by name ("menu", "promotions/0", "reviews"). */
  pages: string[];
  /** The renderer's build: pages of another build are rendered again. */
  build: string;
  /** The language's index as last published; categories not in `touched` are taken from it. */
  previous?: PublishedIndex;
  /** Categories whose items `state.items` holds and that are built anew; "all": every one (and every page). */
  touched: ReadonlySet<string> | "all";
  /** Per category not touched: its items changed in place (listed in the previous index) and new ones after its last (by position). */
  patches?: ReadonlyMap<string, CategoryPatch>;
  /** A chunk of the previous index, read back (a patch rebuilds the chunks it changes from them). */
  readChunk: (name: string) => Promise<PublishedChunk>;
};

export type CategoryPatch = { replace: ItemInfo[]; append: ItemInfo[] };

export async function languageParts({ state, lang, qr, now, pages, build, previous, touched, patches, readChunk }: Input): Promise<LanguageParts> {
  const { categories, promotions, ...head } = publishedHead(state, lang, qr, now);
  const before = new Map((previous?.categories ?? []).map((c) => [c.id, c]));
  const itemsOf = new Map<string, ItemInfo[]>();
  for (const item of state.items) {
    const list = itemsOf.get(item.category_id);
    if (list) list.push(item);
    else itemsOf.set(item.category_id, [item]);
  }
  const chunks: LanguageParts["chunks"] = new Map();
  /** The names of the chunks of a category's items in full, in order: built and kept for writing. */
  const chunked = (categoryId: string, items: PublishedItem[]) => {
    const names: string[] = [];
    for (let start = 0; start < items.length; start += CHUNK_ITEMS) {
      const chunk: PublishedChunk = { format: 2, category_id: categoryId, items: items.slice(start, start + CHUNK_ITEMS) };
      const text = JSON.stringify(chunk);
      const name = hash(text);
      chunks.set(name, { text, chunk });
      names.push(name);
    }
    return names;
  };
  /** An item's index entry, with the source's title (`sources`: the items it was published from). */
  const briefs = (sources: readonly ItemInfo[]) => {
    const sourceTitles = new Map(sources.map((i) => [i.id, i.title]));
    return (i: PublishedItem) => indexItem(i, lang === SOURCE_LANGUAGE ? undefined : sourceTitles.get(i.id));
  };
  const withChunks = <C extends object>(category: C, names: string[], items: IndexItem[]): C & Pick<IndexCategory, "chunk" | "more_chunks" | "items"> => ({
    ...category,
    ...(names.length ? { chunk: names[0] } : {}),
    ...(names.length > 1 ? { more_chunks: names.slice(1) } : {}),
    items,
  });
  const sourceNames = new Map(state.categories.map((c) => [c.id, c.name]));
  const entries: IndexCategory[] = [];
  for (const named of categories) {
    const source_name = sourceNames.get(named.id);
    const category = lang !== SOURCE_LANGUAGE && source_name && source_name !== named.name ? { ...named, source_name } : named;
    const old = before.get(category.id);
    const patch = patches?.get(category.id);
    if (old && touched !== "all" && !touched.has(category.id)) {
      entries.push(patch ? await patched(category, old, patch) : withChunks(category, chunkNames(old), old.items));
      continue;
    }
    const sources = itemsOf.get(category.id) ?? [];
    const items = publishedItems(sources, new Set([category.id]), lang, now);
    entries.push(withChunks(category, chunked(category.id, items), items.map(briefs(sources))));
  }

  /** A category's chunks with items replaced in place and appended: only the chunks holding them are read and built. */
  async function patched(category: Omit<IndexCategory, "items">, old: IndexCategory, { replace, append }: CategoryPatch) {
    const names = chunkNames(old);
    const last = names.length - 1;
    const at = new Map(old.items.map((item, i) => [item.id, i]));
    const fresh = new Map(publishedItems(replace, new Set([category.id]), lang, now).map((i) => [i.id, i]));
    const added = publishedItems(append, new Set([category.id]), lang, now);
    const slices = new Set([...fresh.keys()].map((id) => Math.floor(at.get(id)! / CHUNK_ITEMS)));
    // Appended items fill the last chunk first, then new ones: the chunks a whole rebuild would cut.
    const fillLast = added.length > 0 && old.items.length % CHUNK_ITEMS !== 0;
    if (fillLast) slices.add(last);
    const result = [...names];
    for (const k of slices) {
      const items = (await readChunk(names[k]!)).items.map((i) => fresh.get(i.id) ?? i);
      result.splice(k, 1, ...chunked(category.id, k === last && fillLast ? [...items, ...added] : items));
    }
    if (added.length && !fillLast) result.push(...chunked(category.id, added));
    const brief = briefs([...replace, ...append]);
    return withChunks(category, result, [...old.items.map((i) => (fresh.has(i.id) ? brief(fresh.get(i.id)!) : i)), ...added.map(brief)]);
  }

  const marks = marksOf(entries.flatMap((c) => c.items), lang);
  const firstView = firstViewCategories(entries);
  // A page's key: everything it is rendered from (the menu page: and its first view's chunks).
  const headKey = hash(JSON.stringify({ build, head, categories, promotions, marks }));
  const namesOf = new Map(entries.map((c) => [c.id, chunkNames(c).join("+")]));
  const keys = Object.fromEntries(pages.map((page) => [page, page === "menu" ? hash(headKey + firstView.map((id) => namesOf.get(id)).join(",")) : headKey]));
  const changedPages = new Set(pages.filter((page) => touched === "all" || previous?.pages?.[page] !== keys[page]));
  const body = { format: 2 as const, ...head, categories: entries, promotions, marks, pages: keys };
  return { index: { ...body, version: hash(JSON.stringify(body)) }, chunks, firstView, changedPages };
}
