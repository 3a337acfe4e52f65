import { useEffect, useMemo } from "react";
import { trackSearch } from "./analytics";
import { normalize, plainText, type PublishedItem } from "./model";

/** The shown items whose title or description holds the query (counted for the store's analytics). */
export function useItemSearch(query: string, items: readonly PublishedItem[], storeId: string) {
  const results = useMemo(() => {
    const q = normalize(query);
    if (!q) return [];
    return items.filter((i) => normalize(`${i.title} ${plainText(i.description)}`).includes(q));
  }, [query, items]);
  useEffect(() => trackSearch(storeId, query, results.length), [storeId, query, results.length]);
  return results;
}
