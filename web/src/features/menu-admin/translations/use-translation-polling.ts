import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useAtomValue, useStore, type PrimitiveAtom } from "jotai";
import { useEffect, useRef } from "react";
import { menuKeys } from "@/lib/menu-keys";
import { isApiError } from "@/lib/api";
import { pendingCategoryIdsAtom, pendingProductIdsAtom } from "./pending";
import { CATEGORY_POLL, PRODUCT_POLL, type PollTiming } from "./constants";
import { translationCalls, type TranslationStatus } from "./api";
import { createPollScheduler, settlePoll, type PollScheduler } from "./scheduler";

type Kind = {
  list: PrimitiveAtom<string[]>;
  timing: PollTiming;
  statuses: (ids: string[]) => Promise<TranslationStatus[]>;
  refetch: (ids: string[]) => Promise<void>;
};

function usePendingPoll({ list, timing, statuses, refetch }: Kind, onPolled: () => void) {
  const store = useStore();
  const pending = useAtomValue(list);
  const scheduler = useRef<PollScheduler>(undefined);
  const latest = useRef({ statuses, refetch, onPolled });
  useEffect(() => {
    latest.current = { statuses, refetch, onPolled };
  });

  useEffect(() => {
    const poll = async () => {
      const ids = store.get(list);
      if (ids.length) {
        let done: Set<string>;
        try {
          const settled = settlePoll(ids, await latest.current.statuses(ids));
          if (settled.completed.length) await latest.current.refetch(settled.completed);
          done = settled.done;
        } catch (error) {
          // Refused (signed out, no longer the caller's): asking again will not help. Anything else is tried on the next poll.
          if (!(isApiError(error) && error.status >= 400 && error.status < 500)) throw error;
          done = new Set(ids);
        }
        // Ids added while the poll ran stay for the next one.
        if (done.size) store.set(list, (current) => current.filter((id) => !done.has(id)));
        latest.current.onPolled();
      }
      return store.get(list).length > 0;
    };
    const s = createPollScheduler(timing, poll);
    scheduler.current = s;
    return () => s.stop();
  }, [store, list, timing]);

  // Every addition (a new list) restarts the debounce; a list left from another page starts it too.
  useEffect(() => {
    if (pending.length) scheduler.current?.notify();
  }, [pending]);
}

/** Reads contents whose translation completed again into the caches that show them. */
type Refetch = (queryClient: QueryClient, ids: string[]) => Promise<void>;

/**
 * Client polling of translations (SPEC sections 4 and 9): pending items every 10 s after a 3 s
 * debounce (max wait 10 s), pending categories every 10 s after 2.5 s (max wait 10.5 s). Completed
 * contents are re-fetched into their lists by the features that own them (`refetch`: the page
 * above passes them, so this module depends on none of them); the overview (badges) is refreshed
 * after each poll.
 */
export function useTranslationPolling(refetch: { items: Refetch; categories: Refetch }) {
  const queryClient = useQueryClient();
  const refreshBadges = () => void queryClient.invalidateQueries({ queryKey: menuKeys.allTranslations });
  usePendingPoll(
    {
      list: pendingProductIdsAtom,
      timing: PRODUCT_POLL,
      statuses: (ids) => translationCalls.statuses(ids),
      refetch: (ids) => refetch.items(queryClient, ids),
    },
    refreshBadges,
  );
  usePendingPoll(
    {
      list: pendingCategoryIdsAtom,
      timing: CATEGORY_POLL,
      statuses: (ids) => translationCalls.statuses(ids, "Category"),
      refetch: (ids) => refetch.categories(queryClient, ids),
    },
    refreshBadges,
  );
}
