/** Queries, calls and changes of a category's items (types from the API client). */
import { toCard } from "@menu/core/item/card";
import { ALLERGENS, DIET_TAGS, type Mark } from "@menu/core/item/marks";
import type { Section } from "@menu/core/shared/model";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";
import { productMovementPendingAtom } from "../cards/edit-state";
import { chunks } from "../translations/api";
import { addPendingProductsAtom } from "../translations/pending";

const readPage = (query: { storeId: string; categoryId: string; limit: string; cursor?: string }) => api.api.items.$get({ query });
type ItemPage = SuccessBody<Awaited<ReturnType<typeof readPage>>>;
export type ItemCard = ItemPage["items"][number];
const readItem = (storeId: string, itemId: string) => api.api.items[":itemId"].$get({ param: { itemId }, query: { storeId } });
export type ItemInfo = SuccessBody<Awaited<ReturnType<typeof readItem>>>;
const search = (storeId: string, q: string) => api.api.items.search.$get({ query: { storeId, q } });
export type SearchHit = SuccessBody<Awaited<ReturnType<typeof search>>>[number];
/** An item's form as the calls send it (without the store and category, which they add). */
export type ItemFormValues = Omit<JsonBody<typeof api.api.items.$post>, "store_id" | "category_id">;
export type BulkAction = JsonBody<typeof api.api.items.bulk.$post>["action"];
/** Marks to add to or remove from the selected items (POST /api/items/marks). */
export type MarkChange = Omit<JsonBody<typeof api.api.items.marks.$post>, "store_id" | "item_ids">;

/** Whether the item is sold out now ("sold out today" ends by itself at the store's next opening). */
export const isSoldOut = (item: Pick<ItemInfo, "sold_out_until">, now = Date.now()) => !!item.sold_out_until && Date.parse(item.sold_out_until) > now;

/** Cards per page of the editor's list (the server's default). */
export const PAGE_SIZE = 50;
export type ItemPages = InfiniteData<ItemPage, unknown>;

/** A category's cards, a page at a time in display order (issue 31): more load as the list scrolls. */
export const itemsQueryOptions = (storeId: string, categoryId: string) =>
  infiniteQueryOptions({
    queryKey: menuKeys.itemPages(storeId, categoryId),
    queryFn: ({ pageParam }) => unwrap(readPage({ storeId, categoryId, limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })),
    // "": the first page (no cursor).
    initialPageParam: "",
    getNextPageParam: (last) => last.next,
  });

/** One whole item (its form; the list has its card only). */
export const itemQueryOptions = (storeId: string, itemId: string) =>
  queryOptions({
    queryKey: menuKeys.item(storeId, itemId),
    queryFn: () => unwrap(readItem(storeId, itemId)),
  });

/** The loaded cards of a category's pages, in order. */
export const cardsOf = (data: ItemPages | undefined) => data?.pages.flatMap((p) => p.items) ?? [];

/**
 * Changes the loaded cards in place of a refetch (which would read every loaded page again):
 * `change` gets the loaded cards in order and answers them changed; pages keep their sizes where
 * they can, and the count moves by `added`.
 */
export function updateCards(queryClient: QueryClient, storeId: string, categoryId: string, change: (cards: ItemCard[]) => ItemCard[], added = 0) {
  queryClient.setQueryData<ItemPages>(menuKeys.itemPages(storeId, categoryId), (data) => {
    if (!data) return data;
    const cards = change(cardsOf(data));
    let at = 0;
    const pages = data.pages.map((page, i) => {
      const items = i === data.pages.length - 1 ? cards.slice(at) : cards.slice(at, at + page.items.length);
      at += items.length;
      return { ...page, items, total: page.total + added };
    });
    return { ...data, pages };
  });
}

/** A saved item's card (the list's form of it). */
export const cardOf = (item: ItemInfo): ItemCard => toCard(item);

const withMarks = <M extends Mark>(order: readonly M[], current: readonly string[], change: { add?: M[]; remove?: M[] } | undefined) =>
  order.filter((m) => (current.includes(m) || !!change?.add?.includes(m)) && !change?.remove?.includes(m));
/** The marks the server gives the selected items for a bulk change (the same rule: a mark both added and removed is removed). */
export const markedCard = (card: ItemCard, change: MarkChange): ItemCard => ({
  ...card,
  allergens: withMarks(ALLERGENS, card.allergens, change.allergens),
  tags: withMarks(DIET_TAGS, card.tags, change.tags),
});

export const itemSearchQueryOptions = (storeId: string, q: string) =>
  queryOptions({
    queryKey: menuKeys.itemSearch(storeId, q),
    queryFn: () => unwrap(search(storeId, q)),
    enabled: q.trim().length > 0,
    staleTime: 10_000,
  });

/** A section's categories, for choosing the one an item moves to. */
export const sectionCategoriesQueryOptions = (storeId: string, section: Section) =>
  queryOptions({
    queryKey: menuKeys.sectionCategories(storeId, section),
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
  get: (itemId: string) => unwrap(readItem(storeId, itemId)),
  toPosition: (itemId: string, position: number) =>
    unwrap(api.api.items[":itemId"].position.$post({ param: { itemId }, json: { store_id: storeId, position } })),
  sort: (categoryId: string, ids: string[]) =>
    unwrap(api.api.items.order.$post({ json: { store_id: storeId, category_id: categoryId, item_ids: ids } })),
  bulk: (action: BulkAction, ids: string[]) => unwrap(api.api.items.bulk.$post({ json: { store_id: storeId, action, item_ids: ids } })),
  soldOut: (ids: string[], soldOut: boolean) => unwrap(api.api.items["sold-out"].$post({ json: { store_id: storeId, item_ids: ids, sold_out: soldOut } })),
  marks: (ids: string[], change: MarkChange) => unwrap(api.api.items.marks.$post({ json: { store_id: storeId, item_ids: ids, ...change } })),
});

/** The store's categories (their counts) are fetched again. */
const refetchCounts = (queryClient: QueryClient, storeId: string) => void queryClient.invalidateQueries({ queryKey: menuKeys.categories(storeId) });

/** Whether every card of the category is loaded (a new one at the end then shows). */
const allLoaded = (queryClient: QueryClient, storeId: string, categoryId: string) => {
  const data = queryClient.getQueryData<ItemPages>(menuKeys.itemPages(storeId, categoryId));
  return !!data && !data.pages.at(-1)?.next;
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
      void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
      queryClient.setQueryData(menuKeys.item(storeId, saved.id), saved);
      const card = cardOf(saved);
      if (item) updateCards(queryClient, storeId, categoryId, (cards) => cards.map((c) => (c.id === saved.id ? card : c)));
      else updateCards(queryClient, storeId, categoryId, (cards) => (allLoaded(queryClient, storeId, categoryId) ? [...cards, card] : cards), 1);
      refetchCounts(queryClient, storeId);
    },
  });
}

/** The copy shows right after the original. */
export function useDuplicateItem(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ItemCard) => itemCalls(storeId).duplicate(item.id),
    onSuccess: (copy, item) => {
      updateCards(queryClient, storeId, categoryId, (cards) => cards.flatMap((c) => (c.id === item.id ? [c, cardOf(copy)] : [c])), 1);
      refetchCounts(queryClient, storeId);
    },
  });
}

/** Moves an item to the end of another category; the pending movement shows in the toolbar meanwhile. */
export function useMoveItem(storeId: string) {
  const queryClient = useQueryClient();
  const setMovementPending = useSetAtom(productMovementPendingAtom);
  return useMutation({
    mutationFn: ({ item, to }: { item: ItemCard; to: string }) => itemCalls(storeId).move(item.id, to),
    onMutate: () => setMovementPending(true),
    onSettled: () => setMovementPending(false),
    onSuccess: (_, { item, to }) => {
      updateCards(queryClient, storeId, item.category_id, (cards) => cards.filter((c) => c.id !== item.id), -1);
      void queryClient.invalidateQueries({ queryKey: menuKeys.itemPages(storeId, to) });
      refetchCounts(queryClient, storeId);
    },
  });
}

/**
 * "Move to position N" (1-based): the card leaves its place and shows at N when N is among the
 * loaded cards (else a later page brings it).
 */
export function useMoveToPosition(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, position }: { item: ItemCard; position: number }) => itemCalls(storeId).toPosition(item.id, position),
    // The dialog shows the refusal ("There is no such position in this category").
    meta: { silentError: true },
    onSuccess: ({ item: moved, index }) =>
      updateCards(queryClient, storeId, categoryId, (cards) => {
        const rest = cards.filter((c) => c.id !== moved.id);
        const shown = index - 1 < rest.length || allLoaded(queryClient, storeId, categoryId);
        return shown ? [...rest.slice(0, index - 1), moved, ...rest.slice(index - 1)] : rest;
      }),
  });
}

/** Hides, shows or deletes cards in the loaded pages as a bulk action did on the server. */
export function applyBulk(queryClient: QueryClient, storeId: string, categoryId: string, action: BulkAction, ids: string[]) {
  const done = new Set(ids);
  if (action === "delete") updateCards(queryClient, storeId, categoryId, (cards) => cards.filter((c) => !done.has(c.id)), -ids.length);
  else updateCards(queryClient, storeId, categoryId, (cards) => cards.map((c) => (done.has(c.id) ? { ...c, visible: action === "show" } : c)));
  refetchCounts(queryClient, storeId);
}

/** Marks items sold out (`on`) or on sale again. */
export function useSoldOut(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, on }: { ids: string[]; on: boolean }) => itemCalls(storeId).soldOut(ids, on),
    onSuccess: ({ ids, sold_out_until }) => {
      const done = new Set(ids);
      updateCards(queryClient, storeId, categoryId, (cards) =>
        cards.map((c) => {
          if (!done.has(c.id)) return c;
          const { sold_out_until: _, ...rest } = c;
          return sold_out_until ? { ...rest, sold_out_until } : rest;
        }),
      );
    },
  });
}

/** Adds marks to, or removes them from, the items. */
export function useMarkItems(storeId: string, categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: string[]; change: MarkChange }) => itemCalls(storeId).marks(ids, change),
    onSuccess: ({ ids }, { change }) => {
      const done = new Set(ids);
      updateCards(queryClient, storeId, categoryId, (cards) => cards.map((c) => (done.has(c.id) ? markedCard(c, change) : c)));
    },
  });
}

/**
 * Items whose machine translation came back, read again into their category's list (their cards)
 * and their form's cache (the translation poll calls it: translations/use-translation-polling.ts).
 */
export async function refetchItems(queryClient: QueryClient, ids: string[]) {
  const items = (await Promise.all(chunks(ids).map((part) => unwrap(api.api.products["several-get"].$post({ json: { ids: part } }))))).flat();
  for (const item of items) {
    const card = cardOf(item);
    updateCards(queryClient, item.store_id, item.category_id, (cards) => (cards.some((c) => c.id === item.id) ? cards.map((c) => (c.id === item.id ? { ...c, ...card } : c)) : cards));
    queryClient.setQueryData<ItemInfo>(menuKeys.item(item.store_id, item.id), (cached) => (cached ? { ...cached, ...item } : cached));
  }
}
