/**
 * The guest menu of one language as its parts (format 2): the index and one chunk per category.
 * A category the publish does not touch keeps its chunk and its index entry from the previous
 * index, so its file is neither read, built nor written again.
 */
import { createHash } from "node:crypto";
import type { ItemInfo } from "../item/item";
import { SOURCE_LANGUAGE } from "../shared/model";
import { marksOf, publishedHead, publishedItems, type StoreState } from "./build";
import { firstViewCategories, type IndexCategory, type IndexItem, type PublishedChunk, type PublishedIndex, type PublishedItem } from "./published";

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
};

export function languageParts({ state, lang, qr, now, pages, build, previous, touched }: Input): LanguageParts {
  const { categories, promotions, ...head } = publishedHead(state, lang, qr, now);
  const before = new Map((previous?.categories ?? []).map((c) => [c.id, c]));
  const itemsOf = new Map<string, ItemInfo[]>();
  for (const item of state.items) {
    const list = itemsOf.get(item.category_id);
    if (list) list.push(item);
    else itemsOf.set(item.category_id, [item]);
  }
  const chunks: LanguageParts["chunks"] = new Map();
  const sourceNames = new Map(state.categories.map((c) => [c.id, c.name]));
  const entries: IndexCategory[] = categories.map((named) => {
    const source_name = sourceNames.get(named.id);
    const category = lang !== SOURCE_LANGUAGE && source_name && source_name !== named.name ? { ...named, source_name } : named;
    const old = before.get(category.id);
    if (old && touched !== "all" && !touched.has(category.id)) return { ...category, ...(old.chunk ? { chunk: old.chunk } : {}), items: old.items };
    const items = publishedItems(itemsOf.get(category.id) ?? [], new Set([category.id]), lang, now);
    if (!items.length) return { ...category, items: [] };
    const chunk: PublishedChunk = { format: 2, category_id: category.id, items };
    const text = JSON.stringify(chunk);
    const name = hash(text);
    chunks.set(name, { text, chunk });
    const sourceTitles = new Map((itemsOf.get(category.id) ?? []).map((i) => [i.id, i.title]));
    return { ...category, chunk: name, items: items.map((i) => indexItem(i, lang === SOURCE_LANGUAGE ? undefined : sourceTitles.get(i.id))) };
  });
  const marks = marksOf(entries.flatMap((c) => c.items), lang);
  const firstView = firstViewCategories(entries);
  // A page's key: everything it is rendered from (the menu page: and its first view's chunks).
  const headKey = hash(JSON.stringify({ build, head, categories, promotions, marks }));
  const chunkNames = new Map(entries.map((c) => [c.id, c.chunk ?? ""]));
  const keys = Object.fromEntries(pages.map((page) => [page, page === "menu" ? hash(headKey + firstView.map((id) => chunkNames.get(id)).join(",")) : headKey]));
  const changedPages = new Set(pages.filter((page) => touched === "all" || previous?.pages?.[page] !== keys[page]));
  const body = { format: 2 as const, ...head, categories: entries, promotions, marks, pages: keys };
  return { index: { ...body, version: hash(JSON.stringify(body)) }, chunks, firstView, changedPages };
}
