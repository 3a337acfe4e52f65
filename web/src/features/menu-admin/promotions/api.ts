/** Queries, calls and changes of a promotions category (types from the API client). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";

const list = (storeId: string, categoryId: string) => api.api.promotions.$get({ query: { storeId, categoryId } });
export type PromotionInfo = SuccessBody<Awaited<ReturnType<typeof list>>>[number];
/** A promotion's form as the calls send it (without the store and category, which they add). */
export type PromotionFormValues = Omit<JsonBody<typeof api.api.promotions.$post>, "store_id" | "category_id">;
type BulkAction = JsonBody<typeof api.api.promotions.bulk.$post>["action"];

export const promotionsQueryOptions = (storeId: string, categoryId: string) =>
  queryOptions({
    queryKey: menuKeys.categoryPromotions(storeId, categoryId),
    queryFn: () => unwrap(list(storeId, categoryId)),
  });

/** The raw calls: the hooks below use them, and the card list (sorting, bulk actions) takes them. */
export const promotionCalls = (storeId: string) => ({
  create: (categoryId: string, form: PromotionFormValues) =>
    unwrap(api.api.promotions.$post({ json: { store_id: storeId, category_id: categoryId, ...form } })),
  update: (promotionId: string, form: PromotionFormValues) =>
    unwrap(api.api.promotions[":promotionId"].$put({ param: { promotionId }, json: { store_id: storeId, ...form } })),
  sort: (categoryId: string, ids: string[]) =>
    unwrap(api.api.promotions.order.$post({ json: { store_id: storeId, category_id: categoryId, promotion_ids: ids } })),
  bulk: (action: BulkAction, ids: string[]) => unwrap(api.api.promotions.bulk.$post({ json: { store_id: storeId, action, promotion_ids: ids } })),
});

/**
 * Creates a promotion in the category, or saves `promotion`. The server queues its translation: the
 * badges show it.
 */
export function useSavePromotion(storeId: string, categoryId: string, promotion: PromotionInfo | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: PromotionFormValues) =>
      promotion ? promotionCalls(storeId).update(promotion.id, form) : promotionCalls(storeId).create(categoryId, form),
    meta: { silentError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
      void queryClient.invalidateQueries({ queryKey: menuKeys.categoryPromotions(storeId, categoryId) });
      void queryClient.invalidateQueries({ queryKey: menuKeys.categories(storeId) });
    },
  });
}
