/** Queries and calls of a category's items (typed through the API client). */
import type { ItemInfo } from "@menu/core/item/item";
import type { MarkItemsInput, SearchHit } from "@menu/core/item/manage";
import type { z } from "zod";
import type { BulkAction, ItemFormValues } from "@menu/core/item/schemas";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

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
