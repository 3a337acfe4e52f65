/** Queries, calls and changes of a category's items (typed through the API client). */
import type { ItemInfo } from "@menu/core/item/item";
import type { MarkItemsInput } from "@menu/core/item/manage";
import type { SearchHit } from "@menu/core/search/search";
import type { z } from "zod";
import type { BulkAction, ItemFormValues } from "@menu/core/item/schemas";
import type { Section } from "@menu/core/shared/model";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { api, unwrap } from "@/lib/api";
import { productMovementPendingAtom } from "@/state/menu-edit";
import { addPendingProductsAtom } from "@/state/translations";
import { categoriesKey } from "../categories/api";
import { translationsKey } from "../translations/keys";

export type { ItemInfo, SearchHit };
/** Marks to add to or remove from the selected items (POST /api/items/marks). */
export type MarkChange = Omit<z.input<typeof MarkItemsInput>, "store_id" | "item_ids">;

/** Whether the item is sold out now ("sold out today" ends by itself at the store's next opening). */
export const isSoldOut = (item: Pick<ItemInfo, "sold_out_until">, now = Date.now()) => !!item.sold_out_until && Date.parse(item.sold_out_until) > now;

export const itemsKey = (storeId: string, categoryId: string) => ["items", storeId, categoryId] as const;

export const itemsQueryOptions = (storeId: string, categoryId: string) =>
  queryOptions({
    queryKey: itemsKey(storeId, categoryId),
    queryFn: () => unwrap(api.api.items.$get({ query: { storeId, categoryId } })),
  });

export const itemSearchQueryOptions = (storeId: string, q: string) =>
  queryOptions({
    queryKey: ["items", storeId, "search", q] as const,
    queryFn: () => unwrap(api.api.items.search.$get({ query: { storeId, q } })),
    enabled: q.trim().length > 0,
    staleTime: 10_000,
  });

/** A section's categories, for choosing the one an item moves to. */
export const sectionCategoriesQueryOptions = (storeId: string, section: Section) =>
  queryOptions({
    queryKey: categoriesKey(storeId, section),
    queryFn: () => unwrap(api.api.categories.$get({ query: { storeId, section } })),
  });

/** The raw calls: the hooks below use them, and the card list (sorting, bulk actions) takes them. */
export const itemCalls = (storeId: string) => ({
  create: (categoryId: string, form: ItemFormValues) =>
    unwrap(api.api.items.$post({ json: { store_id: storeId, category_id: categoryId, ...form } })),
  update: (itemId: string, form: ItemFormValues) =>
    unwrap(api.api.items[":itemId"].$put({ param: { itemId }, json: { store_id: storeId, ...form } })),
  duplicate: (itemId: string) => unwrap(api.api.items[":itemId"].duplicate.$post({ param: { itemId }, json: { store_id: storeId } })),
  move: (itemId: string, categoryId: string) =>
    unwrap(api.api.items[":itemId"].move.$post({ param: { itemId }, json: { store_id: storeId, category_id: categoryId } })),
  sort: (categoryId: string, ids: string[]) =>
    unwrap(api.api.items.order.$post({ json: { store_id: storeId, category_id: categoryId, item_ids: ids } })),
  bulk: (action: BulkAction, ids: string[]) => unwrap(api.api.items.bulk.$post({ json: { store_id: storeId, action, item_ids: ids } })),
  soldOut: (ids: string[], soldOut: boolean) => unwrap(api.api.items["sold-out"].$post({ json: { store_id: storeId, item_ids: ids, sold_out: soldOut } })),
  marks: (ids: string[], change: MarkChange) => unwrap(api.api.items.marks.$post({ json: { store_id: storeId, item_ids: ids, ...change } })),
});

/** The category's items and the store's categories (their counts) are fetched again. */
const refetch = (queryClient: QueryClient, storeId: string, categoryId: string) => {
  void queryClient.invalidateQueries({ queryKey: itemsKey(storeId, categoryId) });
  void queryClient.invalidateQueries({ queryKey: ["categories", storeId] });
};

/**
 * Creates an item in the category, or saves `item`. The server queues its translation: it is polled
 * (SPEC section 4) and the queued badges show.
 */
export function useSaveItem(storeId: string, categoryId: string, item: ItemInfo | undefined) {
  const queryClient = useQueryClient();
  const addPending = useSetAtom(addPendingProductsAtom);
  return useMutation({
    mutationFn: (form: ItemFormValues) => (item ? itemCalls(storeId).update(item.id, form) : itemCalls(storeId).create(categoryId, form)),
    meta: { silentError: true },
    onSuccess: (saved) => {
      addPending(saved.id);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
      refetch(queryClient, storeId, categoryId);
    },
  });
}

export function useDuplicateItem(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ItemInfo) => itemCalls(storeId).duplicate(item.id),
    onSuccess: () => refetch(queryClient, storeId, categoryId),
  });
}

/** Moves an item to the end of another category; the pending movement shows in the toolbar meanwhile. */
export function useMoveItem(storeId: string) {
  const queryClient = useQueryClient();
  const setMovementPending = useSetAtom(productMovementPendingAtom);
  return useMutation({
    mutationFn: ({ item, to }: { item: ItemInfo; to: string }) => itemCalls(storeId).move(item.id, to),
    onMutate: () => setMovementPending(true),
    onSettled: () => setMovementPending(false),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["items", storeId] });
      void queryClient.invalidateQueries({ queryKey: ["categories", storeId] });
    },
  });
}

/** Marks items sold out (`on`) or on sale again. */
export function useSoldOut(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, on }: { ids: string[]; on: boolean }) => itemCalls(storeId).soldOut(ids, on),
    onSuccess: () => refetch(queryClient, storeId, categoryId),
  });
}

/** Adds marks to, or removes them from, the items. */
export function useMarkItems(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: string[]; change: MarkChange }) => itemCalls(storeId).marks(ids, change),
    onSuccess: () => refetch(queryClient, storeId, categoryId),
  });
}
