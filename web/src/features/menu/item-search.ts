import { useEffect, useMemo } from "react";
import { trackSearch } from "./analytics";
import { normalize, plainText, type PublishedItem } from "./model";
import type { BriefItem } from "./visible-menu";

/** Below this many items a search fetches every chunk (descriptions are searched too); above, those of the first matches. */
const SMALL_MENU = 500;
/** How many title matches a search fetches the chunks of. */
const FETCHED_MATCHES = 60;

/**
 * The shown items whose title (from the index, for every item) or description (of the items whose
 * chunk is there) holds the query, counted for the store's analytics. Answers the matches whose
 * chunk is there, in full, and the categories whose chunks it needs: offline, it finds what the
 * guest has loaded.
 */
export function useItemSearch(query: string, items: readonly BriefItem[], byId: ReadonlyMap<string, PublishedItem>, storeId: string, request: (categories: Iterable<string>) => void) {
  const titles = useMemo(() => items.map((i) => normalize(i.title)), [items]);
  const matches = useMemo(() => {
    const q = normalize(query);
    if (!q) return [];
    return items.filter((item, n) => {
      if (titles[n]!.includes(q)) return true;
      const full = byId.get(item.id);
      return !!full && normalize(plainText(full.description)).includes(q);
    });
  }, [query, items, titles, byId]);
  const searching = query.trim() !== "";
  useEffect(() => {
    if (!searching) return;
    request(items.length <= SMALL_MENU ? items.map((i) => i.category_id) : matches.slice(0, FETCHED_MATCHES).map((i) => i.category_id));
  }, [searching, items, matches, request]);
  const results = useMemo(() => matches.flatMap((i) => byId.get(i.id) ?? []), [matches, byId]);
  useEffect(() => trackSearch(storeId, query, results.length), [storeId, query, results.length]);
  return results;
}
