import { useEffect, useMemo } from "react";
import { trackSearch } from "./analytics";
import { itemsToFetch, descriptionWords, knownWords, matchingItems, type SearchedCategory } from "./item-matches";
import type { PublishedCategory, PublishedItem } from "./model";
import { closestCategories, fold } from "./search-match";
import type { BriefItem } from "./visible-menu";

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
  request: (itemIds: Iterable<string>) => void,
) {
  const searching = query.trim() !== "";
  // Folded once the guest searches, not before: a page's first render (the publish job's, the
  // hydration on a slow phone) does not pay for every title of the menu.
  const titles = useMemo(() => (searching ? items.map((i) => fold(i.title)) : []), [searching, items]);
  const known = useMemo(() => (searching ? knownWords(items, categories) : []), [searching, items, categories]);
  const descriptions = useMemo(() => (searching ? descriptionWords(byId) : new Map<string, string[]>()), [searching, byId]);
  const matches = useMemo(() => (searching ? matchingItems(query, items, titles, known, descriptions) : []), [searching, query, items, titles, known, descriptions]);
  useEffect(() => {
    if (!searching) return;
    request(itemsToFetch(items, matches));
  }, [searching, items, matches, request]);
  const results = useMemo(() => matches.flatMap((i) => byId.get(i.id) ?? []), [matches, byId]);
  useEffect(() => trackSearch(storeId, query, results.length), [storeId, query, results.length]);
  // Offered only when the index matches nothing (a match whose chunk is still loading is not "nothing found").
  const suggestions = useMemo(() => (searching && !matches.length ? closestCategories(query, categories.filter(open)) : []), [searching, matches.length, query, categories, open]);
  return { results, suggestions };
}
