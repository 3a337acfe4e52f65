import { useEffect, useMemo } from "react";
import { trackSearch } from "./analytics";
import { plainText, type PublishedCategory, type PublishedItem } from "./model";
import { closestCategories, fold, matchesAll, words } from "./search-match";
import type { BriefItem } from "./visible-menu";

/** Below this many items a search fetches every chunk (descriptions are searched too); above, those of the first matches. */
const SMALL_MENU = 500;
/** How many title matches a search fetches the chunks of. */
const FETCHED_MATCHES = 60;

type SearchedCategory = PublishedCategory & { source_name?: string };
/** A category's names: in the menu's language and in Russian. */
const names = (c: SearchedCategory | undefined) => (c ? [...words(c.name), ...words(c.source_name ?? "")] : []);

/** The words each category is known by in search: its names and its supercategory's. */
function categoryWords(categories: readonly SearchedCategory[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return new Map(categories.map((c) => [c.id, [...names(c), ...names(c.parent_id ? byId.get(c.parent_id) : undefined)]]));
}

/**
 * The shown items the query finds (search-match.ts: titles and category names, in the menu's
 * language and in Russian, from the index for every item, descriptions of the items whose chunk is there), counted for the store's analytics.
 * Answers the matches whose chunk is there, in full, and the categories whose chunks it needs:
 * offline, it finds what the guest has loaded. With nothing found, the categories that come closest
 * of those the guest can open now (`open`: not closed by a schedule or emptied by the filter).
 */
export function useItemSearch(
  query: string,
  items: readonly BriefItem[],
  byId: ReadonlyMap<string, PublishedItem>,
  categories: readonly SearchedCategory[],
  open: (category: PublishedCategory) => boolean,
  storeId: string,
  request: (categories: Iterable<string>) => void,
) {
  const titles = useMemo(() => items.map((i) => fold(i.title)), [items]);
  const known = useMemo(() => {
    const ofCategory = categoryWords(categories);
    return items.map((i) => [...words(i.title), ...words(i.source_title ?? ""), ...(ofCategory.get(i.category_id) ?? [])]);
  }, [items, categories]);
  const descriptions = useMemo(() => new Map([...byId].map(([id, item]) => [id, words(plainText(item.description))])), [byId]);
  const matches = useMemo(() => {
    const q = fold(query);
    const queryWords = words(query);
    if (!q) return [];
    return items.filter((item, n) => titles[n]!.includes(q) || matchesAll(queryWords, [...known[n]!, ...(descriptions.get(item.id) ?? [])]));
  }, [query, items, titles, known, descriptions]);
  const searching = query.trim() !== "";
  useEffect(() => {
    if (!searching) return;
    request(items.length <= SMALL_MENU ? items.map((i) => i.category_id) : matches.slice(0, FETCHED_MATCHES).map((i) => i.category_id));
  }, [searching, items, matches, request]);
  const results = useMemo(() => matches.flatMap((i) => byId.get(i.id) ?? []), [matches, byId]);
  useEffect(() => trackSearch(storeId, query, results.length), [storeId, query, results.length]);
  // Offered only when the index matches nothing (a match whose chunk is still loading is not "nothing found").
  const suggestions = useMemo(() => (searching && !matches.length ? closestCategories(query, categories.filter(open)) : []), [searching, matches.length, query, categories, open]);
  return { results, suggestions };
}
