/** Queries, calls and changes of a promotions category (typed through the API client). */
import type { BulkAction } from "@menu/core/item/schemas";
import type { PromotionInfo } from "@menu/core/promotion/manage";
import type { PromotionFormValues } from "@menu/core/promotion/schemas";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";

export type { PromotionInfo };

export const promotionsQueryOptions = (storeId: string, categoryId: string) =>
  queryOptions({
    queryKey: menuKeys.categoryPromotions(storeId, categoryId),
    queryFn: () => unwrap(api.api.promotions.$get({ query: { storeId, categoryId } })),
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
