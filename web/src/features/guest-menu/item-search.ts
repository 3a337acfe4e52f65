import { useEffect, useMemo, useState } from "react";
import { trackSearch } from "./analytics";
import { useOnline } from "./browser-state";
import { itemsToFetch, descriptionWords, foldedTitles, knownWords, matchingItems, type SearchedCategory } from "./item-matches";
import type { PublishedCategory, PublishedItem } from "./model";
import { closestCategories } from "./search-match";
import type { BriefItem } from "./visible-menu";

/**
 * The shown items the query finds, best first (search-match.ts: titles and category names, in the menu's
 * language and in Russian, from the index for every item, descriptions of the items whose chunk is there), counted for the store's analytics.
 * Answers the matches whose chunk is there, in full, and the categories whose chunks it needs:
 * offline, it finds what the guest has loaded. While those chunks are on their way (after the
 * page's start, a language change, a filter) the search is `loading`: not yet "nothing found", no
 * count, no suggestions (issue 48). With nothing found, the categories that come closest
 * of those the guest can open now (`open`: not closed by a schedule or emptied by the filter).
 * `request` answers, once its fetches have settled, whether they all succeeded.
 */
export function useItemSearch(
  query: string,
  items: readonly BriefItem[],
  byId: ReadonlyMap<string, PublishedItem>,
  categories: readonly SearchedCategory[],
  open: (category: PublishedCategory) => boolean,
  storeId: string,
  request: (itemIds: string[]) => Promise<boolean>,
) {
  const searching = query.trim() !== "";
  const online = useOnline();
  // Folded once the guest searches, not before: a page's first render (the publish job's, the
  // hydration on a slow phone) does not pay for every title of the menu.
  const titles = useMemo(() => (searching ? foldedTitles(items) : []), [searching, items]);
  const known = useMemo(() => (searching ? knownWords(items, categories) : []), [searching, items, categories]);
  const descriptions = useMemo(() => (searching ? descriptionWords(byId) : new Map<string, string[]>()), [searching, byId]);
  const matches = useMemo(() => (searching ? matchingItems(query, items, titles, known, descriptions) : []), [searching, query, items, titles, known, descriptions]);
  /** The items whose chunks the search needs and the page does not have yet. */
  const missing = useMemo(() => (searching ? itemsToFetch(items, matches).filter((id) => !byId.has(id)) : []), [searching, items, matches, byId]);
  /** The `missing` whose fetch settled without bringing them (failed, or no chunk holds them): not waited for. */
  const [gaveUp, setGaveUp] = useState<readonly string[]>();
  useEffect(() => {
    if (!missing.length) return;
    let current = true;
    // Settled with these still missing (a chunk that came changes `missing` first): the search stops waiting.
    void request(missing).then(() => current && setGaveUp(missing));
    return () => {
      current = false;
    };
  }, [missing, request]);
  const loading = missing.length > 0 && online && gaveUp !== missing;
  const results = useMemo(() => matches.flatMap((i) => byId.get(i.id) ?? []), [matches, byId]);
  useEffect(() => {
    // Counted once the search has looked: a search still loading has found nothing yet, not nothing.
    if (!loading) trackSearch(storeId, query, results.length);
  }, [storeId, query, results.length, loading]);
  // Offered only when nothing is found once the search has looked (a match whose chunk is still loading, or a description not yet read, is not "nothing found").
  const suggestions = useMemo(
    () => (searching && !loading && !matches.length ? closestCategories(query, categories.filter(open)) : []),
    [searching, loading, matches.length, query, categories, open],
  );
  return { results, suggestions, loading };
}
