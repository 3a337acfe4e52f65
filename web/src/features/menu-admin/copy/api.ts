/** Chains (issue 36): the menu copy's server calls, and "apply to other stores" for a saved item. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";
import { afterStoreJob } from "@/lib/store-jobs";

/** How often the dialog looks at a copy that is planning or copying (the worker records progress about every second). */
const POLL_MS = 1000;
/** …and at a planned one, which another tab may start meanwhile. */
const READY_POLL_MS = 3000;

export type CopyPrices = "keep" | "source";

const copyKeys = {
  /** The company's stores, as the dialog lists them (read again each time it opens). */
  stores: (companyId: string) => ["menu-copy", "stores", companyId] as const,
  latest: (storeId: string) => ["menu-copy", storeId, "latest"] as const,
  job: (storeId: string, copyId: string) => ["menu-copy", storeId, copyId] as const,
  linked: (storeId: string, itemId: string) => ["menu-copy", "linked", storeId, itemId] as const,
};

/** The company's stores to copy from (the company managers' list of stores). */
export const companyStoresQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: copyKeys.stores(companyId), queryFn: () => unwrap(api.api.stores.$get({ query: { companyId } })) });

const copyJob = (storeId: string, copyId: string) => api.api["menu-copy"][":copyId"].$get({ param: { copyId }, query: { storeId } });
export type CopyJob = SuccessBody<Awaited<ReturnType<typeof copyJob>>>;
export const isRunning = (job: CopyJob | null | undefined) => job?.status === "planning" || job?.status === "copying" || job?.status === "undoing";

/** The store's latest copy: a copy under way shows its progress when the dialog opens again. */
export const latestCopyQueryOptions = (storeId: string) =>
  queryOptions({ queryKey: copyKeys.latest(storeId), queryFn: () => unwrap(api.api["menu-copy"].$get({ query: { storeId } })), staleTime: 0 });

/** A copy that has ended: done, or failed (and its writes undone). */
export const hasEnded = (job: CopyJob | null | undefined) => job?.status === "done" || job?.status === "failed";

/** A copy job as the dialog shows it, put in the cache (one answered by a refusal: the copy under way). */
export const seedCopyJob = (queryClient: QueryClient, storeId: string, job: CopyJob) => queryClient.setQueryData(copyKeys.job(storeId, job.id), job);

/**
 * A copy job, polled while it plans or copies; once it has ended the menu's lists, the setup
 * checklist and the overview are read again (issue 46, point 4).
 */
export function useCopyJob(storeId: string, copyId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: copyKeys.job(storeId, copyId ?? ""),
    queryFn: async () => {
      const before = queryClient.getQueryData<CopyJob>(copyKeys.job(storeId, copyId!));
      const job = await unwrap(copyJob(storeId, copyId!));
      if (hasEnded(job) && !hasEnded(before)) {
        await Promise.all([
          ...[menuKeys.items(storeId), menuKeys.categories(storeId), menuKeys.translations(storeId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          afterStoreJob(queryClient, storeId),
        ]);
      }
      return job;
    },
    enabled: !!copyId,
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : query.state.data?.status === "ready" ? READY_POLL_MS : false),
  });
}

/** Plans a copy from another store: answers the job, planning. */
export const useStartCopy = (storeId: string) =>
  useMutation({
    mutationFn: (sourceId: string) => unwrap(api.api["menu-copy"].$post({ json: { store_id: storeId, source_store_id: sourceId } })),
    meta: { silentError: true },
  });

/** Starts copying what a ready job previewed; the checklist learns that the menu is being copied. */
export function useConfirmCopy(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ copyId, prices }: { copyId: string; prices: CopyPrices }) =>
      unwrap(api.api["menu-copy"][":copyId"].start.$post({ param: { copyId }, json: { store_id: storeId, prices } })),
    meta: { silentError: true },
    onSuccess: (job) => {
      seedCopyJob(queryClient, storeId, job);
      void afterStoreJob(queryClient, storeId);
    },
  });
}

/** How many other stores hold a copy of this item (0: the item was never copied). */
export const linkedStoresQueryOptions = (storeId: string, itemId: string) =>
  queryOptions({
    queryKey: copyKeys.linked(storeId, itemId),
    queryFn: () => unwrap(api.api["menu-copy"].linked.$get({ query: { storeId, itemId } })),
  });

export const APPLY_CHOICES = ["title", "description", "photo", "marks", "prices", "sold_out"] as const;
export type ApplyChoice = (typeof APPLY_CHOICES)[number];

export const applyToStores = (storeId: string, itemId: string, fields: ApplyChoice[]) =>
  unwrap(api.api["menu-copy"]["apply-to-stores"].$post({ json: { store_id: storeId, item_id: itemId, fields } }));
