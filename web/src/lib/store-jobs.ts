/**
 * A store's background jobs and what they change beyond the menu lists (issue 46, point 4): an
 * import, a menu copy and machine translations change the overview's setup checklist and analytics.
 * When one ends (or starts), `afterStoreJob` makes them read again, so a page never goes on showing
 * an answer from before the job. The features call it where they see their job end; translation
 * runs end in whatever page polls the translation overview, so `watchStoreJobs` sees them in the
 * query cache. Keys live here because the overview (another feature) reads them.
 */
import type { Query, QueryClient } from "@tanstack/react-query";
import { menuKeys } from "./menu-keys";

export const storeJobKeys = {
  /** GET /api/setup-checklist. */
  checklist: (storeId: string) => ["setup-checklist", storeId] as const,
  /** Every analytics query of the store (its periods), and every company comparison. */
  storeAnalytics: (storeId: string) => ["analytics", storeId] as const,
  companyAnalytics: ["analytics", "company"] as const,
  /** The import's apply mutation: while one runs, the checklist holds back the steps it changes. */
  importApply: (storeId: string) => ["menu-import", "apply", storeId] as const,
};

/**
 * A job of the store ended (or started): the checklist and the analytics on screen are read again
 * (answers when they are), those off screen at their next showing; the checklist keeps no answer
 * off screen at all (its gcTime is 0, overview/api.ts).
 */
export async function afterStoreJob(queryClient: QueryClient, storeId: string) {
  await Promise.all(
    [storeJobKeys.checklist(storeId), storeJobKeys.storeAnalytics(storeId), storeJobKeys.companyAnalytics].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

type Jobs = { jobs?: readonly { status: string }[] } | undefined;
/** Translation jobs queued or in progress in an answer of GET /api/translations. */
export const translationsPending = (data: unknown) => !!(data as Jobs)?.jobs?.some((j) => j.status === "queued" || j.status === "in_progress");

/** The store of a translation overview query (`menuKeys.translations`), else undefined. */
function translationsStore(query: Query) {
  const [head, storeId] = query.queryKey;
  return head === menuKeys.allTranslations[0] && typeof storeId === "string" && query.queryKey.length === 2 ? storeId : undefined;
}

/**
 * Watches the query cache for translation runs ending: a store's translation overview that had jobs
 * queued or in progress and now has none. Answers the unsubscribe.
 */
export function watchStoreJobs(queryClient: QueryClient) {
  const pending = new Map<string, boolean>();
  return queryClient.getQueryCache().subscribe((event) => {
    const storeId = translationsStore(event.query);
    if (!storeId) return;
    if (event.type === "removed") {
      pending.delete(event.query.queryHash);
      return;
    }
    if (event.type !== "updated" || event.action.type !== "success") return;
    const before = pending.get(event.query.queryHash) ?? false;
    const now = translationsPending(event.query.state.data);
    pending.set(event.query.queryHash, now);
    if (before && !now) void afterStoreJob(queryClient, storeId);
  });
}
