/** Chains (issue 36): the menu copy's server calls, and "apply to other stores" for a saved item. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";

/** Items copied per call: the dialog shows progress between calls. */
const CHUNK = 50;

export type CopyPrices = "keep" | "source";

/** The company's stores to copy from (the company managers' list of stores). */
export const companyStoresQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: ["stores", companyId], queryFn: () => unwrap(api.api.stores.$get({ query: { companyId } })) });

const preview = (storeId: string, sourceId: string) => api.api["menu-copy"].preview.$post({ json: { store_id: storeId, source_store_id: sourceId } });
export type CopyPreview = SuccessBody<Awaited<ReturnType<typeof preview>>>;

export const copyPreviewQueryOptions = (storeId: string, sourceId: string) =>
  queryOptions({ queryKey: ["menu-copy", storeId, sourceId], queryFn: () => unwrap(preview(storeId, sourceId)), staleTime: 0, gcTime: 0 });

/** Copies the whole menu chunk by chunk; answers what was created and updated in all. The menu's lists are read again after. */
export function useApplyCopy(storeId: string, onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sourceId, prices }: { sourceId: string; prices: CopyPrices }) => {
      const sum = { created: 0, updated: 0 };
      for (let from = 0; ; ) {
        const step = await unwrap(api.api["menu-copy"].apply.$post({ json: { store_id: storeId, source_store_id: sourceId, prices, from, count: CHUNK } }));
        sum.created += step.created;
        sum.updated += step.updated;
        onProgress(step.done, step.total);
        if (step.done >= step.total) return sum;
        from = step.done;
      }
    },
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all(
        [menuKeys.items(storeId), menuKeys.categories(storeId), menuKeys.translations(storeId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** How many other stores hold a copy of this item (0: the item was never copied). */
export const linkedStoresQueryOptions = (storeId: string, itemId: string) =>
  queryOptions({
    queryKey: ["menu-copy", "linked", storeId, itemId],
    queryFn: () => unwrap(api.api["menu-copy"].linked.$get({ query: { storeId, itemId } })),
  });

export const APPLY_CHOICES = ["title", "description", "photo", "marks", "prices", "sold_out"] as const;
export type ApplyChoice = (typeof APPLY_CHOICES)[number];

export const applyToStores = (storeId: string, itemId: string, fields: ApplyChoice[]) =>
  unwrap(api.api["menu-copy"]["apply-to-stores"].$post({ json: { store_id: storeId, item_id: itemId, fields } }));
