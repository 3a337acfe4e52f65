/** Calls and cache updates of translations (typed through the API client). */
import type { CategoryInfo } from "@menu/core/category/category";
import type { ItemInfo } from "@menu/core/item/item";
import type { ManualTranslationValues, TargetType, TranslationLanguage, TranslationsInfo, TranslationStatus } from "@menu/core/translation/schemas";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api, unwrap } from "@/lib/api";
import { categoriesKey } from "../categories/api";
import { toCard } from "@menu/core/item/card";
import { itemsKey } from "../items/api";
import { translationsKey } from "./keys";
import { statusReader, type TranslationOverview } from "./status";
import { useSetAtom } from "jotai";
import { addPendingCategoriesAtom, addPendingProductsAtom } from "./pending";

export type { TranslationStatus };

/** GET /api/translations: the store's languages and every job (badges in lists and dialogs). */
export const translationOverviewQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: translationsKey(storeId),
    queryFn: () => unwrap(api.api.translations.$get({ query: { storeId } })),
    // Badges are an extra: a failure leaves them out rather than raising a toast.
    meta: { silentError: true },
  });

/** The overview and a reader of each content's per-language statuses. */
export function useTranslationOverview(storeId: string) {
  const query = useQuery(translationOverviewQueryOptions(storeId));
  const statusesOf = useMemo(() => statusReader(query.data), [query.data]);
  return { overview: query.data, languages: query.data?.languages ?? [], statusesOf };
}

/** At most 100 ids per call (SPEC section 7 bodies). */
const chunks = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100));

export const translationCalls = {
  /** POST /api/translations/statuses: items without a type, categories with "Category". */
  statuses: async (ids: string[], type?: "Category" | "Promotion") =>
    (await Promise.all(chunks(ids).map((part) => unwrap(api.api.translations.statuses.$post({ json: { ids: part, ...(type ? { type } : {}) } }))))).flat() as TranslationStatus[],
  severalItems: async (ids: string[]) =>
    (await Promise.all(chunks(ids).map((part) => unwrap(api.api.products["several-get"].$post({ json: { ids: part } }))))).flat() as ItemInfo[],
  severalCategories: async (ids: string[]) =>
    (await Promise.all(chunks(ids).map((part) => unwrap(api.api.categories["several-get"].$post({ json: { ids: part } }))))).flat() as CategoryInfo[],
  /** A hand-made translation (marked manual: auto-translation keeps it). */
  save: (storeId: string, type: TargetType, id: string, language: TranslationLanguage, values: ManualTranslationValues) =>
    unwrap(api.api.translations[":type"][":targetId"][":language"].$put({ param: { type, targetId: id, language }, json: { store_id: storeId, ...values } })),
  /** "Checked": staff vouch for the translation against today's source (no longer outdated; kept from the engine). */
  check: (storeId: string, type: TargetType, id: string, language: TranslationLanguage) =>
    unwrap(api.api.translations[":type"][":targetId"][":language"].check.$post({ param: { type, targetId: id, language }, json: { store_id: storeId } })),
  /** "Back to automatic": drops the hand-made translation and queues the language. */
  reset: (storeId: string, type: TargetType, id: string, language: TranslationLanguage) =>
    unwrap(api.api.translations[":type"][":targetId"][":language"].$delete({ param: { type, targetId: id, language }, query: { storeId } })),
};

type Row = { id: string };
type Fresh<T> = Map<string, Partial<T> | { translations: TranslationsInfo }>;
const replaceInList = <T extends Row>(fresh: Fresh<T>, rows: unknown[]) =>
  rows.some((r) => fresh.has((r as Row).id)) ? (rows as T[]).map((r) => (fresh.has(r.id) ? { ...r, ...fresh.get(r.id) } : r)) : rows;
/** Cached data of a list (an array), a list in pages (items: `{ pages: [{ items }] }`) or one record (an item's form). */
const replaceRows = <T extends Row>(fresh: Fresh<T>) => (data: unknown) => {
  if (Array.isArray(data)) return replaceInList(fresh, data);
  if (!data || typeof data !== "object") return data;
  if ("pages" in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((p: { items: unknown[] }) => (Array.isArray(p?.items) ? { ...p, items: replaceInList(fresh, p.items) } : p)) };
  }
  const id = (data as Partial<Row>).id;
  return id && fresh.has(id) ? { ...data, ...fresh.get(id) } : data;
};

/** Re-fetched items take the place of the old ones in their category's list (itemsKey) and in their form's cache. */
export function replaceItems(queryClient: QueryClient, items: ItemInfo[]) {
  for (const item of items) {
    queryClient.setQueryData(itemsKey(item.store_id, item.category_id), replaceRows<ItemInfo>(new Map([[item.id, toCard(item)]])));
    queryClient.setQueryData(["items", item.store_id, "item", item.id], replaceRows<ItemInfo>(new Map([[item.id, item]])));
  }
}

/** Re-fetched categories take the place of the old ones in their section's list (categoriesKey), keeping the admin's counts. */
export function replaceCategories(queryClient: QueryClient, categories: CategoryInfo[]) {
  for (const category of categories) {
    queryClient.setQueryData(categoriesKey(category.store_id, category.section), replaceRows<CategoryInfo>(new Map([[category.id, category]])));
  }
}

/** The cached queries that show a content's translations: its lists, or for the store's texts its settings. */
const LIST_PREFIX: Record<TargetType, string> = { Item: "items", Category: "categories", Promotion: "promotions", Store: "store-settings" };

/**
 * After "back to automatic" the language's job is queued again. Written into the cached overview
 * rather than re-fetched: a re-fetch could already answer "completed" while the cached record still
 * lacks the machine text (the poll re-fetches the record first, then the overview).
 */
export function markQueued(queryClient: QueryClient, storeId: string, type: TargetType, id: string, language: string) {
  queryClient.setQueryData<TranslationOverview>(translationsKey(storeId), (overview) => {
    if (!overview) return overview;
    const others = overview.jobs.filter((j) => !(j.target_type === type && j.target_id === id && j.language === language));
    return { ...overview, jobs: [...others, { target_type: type, target_id: id, language, status: "queued", updated_at: new Date().toISOString() }] };
  });
}

/** The translations a save or reset answered, written into every cached list of the store that shows the content. */
export function patchTranslations(queryClient: QueryClient, storeId: string, type: TargetType, id: string, translations: TranslationsInfo) {
  queryClient.setQueriesData({ queryKey: [LIST_PREFIX[type], storeId] }, replaceRows(new Map([[id, { translations }]])));
}

/** The translations tab's changes to one content's translation into one language: each writes the answered translations into the cached lists. */
type Target = { storeId: string; type: TargetType; id: string; language: string };

/** "Checked": staff vouch for the translation; the badges are read again. */
export function useCheckTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => translationCalls.check(storeId, type, id, language as TranslationLanguage),
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}

/** Saves a hand-made translation; the badges are read again. */
export function useSaveTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualTranslationValues) => translationCalls.save(storeId, type, id, language as TranslationLanguage, input),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}

/** "Back to automatic": the hand-made text goes and the language is queued again. */
export function useResetTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  const addProducts = useSetAtom(addPendingProductsAtom);
  const addCategories = useSetAtom(addPendingCategoriesAtom);
  return useMutation({
    mutationFn: () => translationCalls.reset(storeId, type, id, language as TranslationLanguage),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      markQueued(queryClient, storeId, type, id, language);
      // The language is queued again: poll it like a saved item or category (the poll refreshes the
      // record, then the badges). Promotions are not polled (SPEC section 4): re-read the badges once.
      if (type === "Item") addProducts(id);
      else if (type === "Category") addCategories(id);
      else void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}
