/** The reviews widget feature's server calls: the store's widget, saved or removed. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";

const read = (storeId: string) => api.api["reviews-widget"].$get({ query: { storeId } });
export type WidgetState = SuccessBody<Awaited<ReturnType<typeof read>>>;

export const reviewsWidgetKeys = { widget: (storeId: string) => ["reviews-widget", storeId] as const };

export const reviewsWidgetQueryOptions = (storeId: string) =>
  queryOptions({ queryKey: reviewsWidgetKeys.widget(storeId), queryFn: () => unwrap(read(storeId)) });

/** A change of the widget; the answer is the new state, put straight into the cache. */
function useWidgetChange<T>(storeId: string, change: (value: T) => Promise<WidgetState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(reviewsWidgetKeys.widget(storeId), saved),
  });
}

export const useSaveReviewsWidget = (storeId: string) =>
  useWidgetChange(storeId, (widget_code: string) => unwrap(api.api["reviews-widget"].$put({ json: { store_id: storeId, widget_code } })));

export const useRemoveReviewsWidget = (storeId: string) =>
  useWidgetChange(storeId, () => unwrap(api.api["reviews-widget"].$delete({ query: { storeId } })));
