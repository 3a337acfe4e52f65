/** Calls and cache updates of translations (types from the API client, no casts). */
import { TRANSLATION_TARGETS } from "@menu/core/shared/model";
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { useSetAtom } from "jotai";
import { useMemo } from "react";
import { scopeKeys } from "@/lib/admin-scope";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";
import { addPendingCategoriesAtom, addPendingProductsAtom } from "./pending";
import { statusReader, type TranslationOverview } from "./status";

const translationOf = api.api.translations[":type"][":targetId"][":language"];
type TranslationParam = InferRequestType<typeof translationOf.$put>["param"];
type TargetType = TranslationParam["type"];
type TranslationLanguage = TranslationParam["language"];
/** A hand-made translation's texts. */
export type ManualTranslationValues = Omit<JsonBody<typeof translationOf.$put>, "store_id">;
type TranslationsInfo = SuccessBody<Awaited<ReturnType<typeof translationOf.$put>>>["translations"];
const statusesCall = (ids: string[], type?: "Category" | "Promotion") => api.api.translations.statuses.$post({ json: { ids, ...(type ? { type } : {}) } });
export type TranslationStatus = SuccessBody<Awaited<ReturnType<typeof statusesCall>>>[number];

/** GET /api/translations: the store's languages and every job (badges in lists and dialogs). */
export const translationOverviewQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: menuKeys.translations(storeId),
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
export const chunks = (ids: string[]) => Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100));

/** The overview's languages are strings; a translation's calls take only the languages the engine translates into. */
function targetLanguage(language: string): TranslationLanguage {
  const target = TRANSLATION_TARGETS.find((l) => l === language);
  if (!target) throw new Error(`Not a translation language: ${language}`);
  return target;
}

export const translationCalls = {
  /** POST /api/translations/statuses: items without a type, categories with "Category". */
  statuses: async (ids: string[], type?: "Category" | "Promotion") => (await Promise.all(chunks(ids).map((part) => unwrap(statusesCall(part, type))))).flat(),
  /** A hand-made translation (marked manual: auto-translation keeps it). */
  save: (storeId: string, type: TargetType, id: string, language: string, values: ManualTranslationValues) =>
    unwrap(translationOf.$put({ param: { type, targetId: id, language: targetLanguage(language) }, json: { store_id: storeId, ...values } })),
  /** "Checked": staff vouch for the translation against today's source (no longer outdated; kept from the engine). */
  check: (storeId: string, type: TargetType, id: string, language: string) =>
    unwrap(translationOf.check.$post({ param: { type, targetId: id, language: targetLanguage(language) }, json: { store_id: storeId } })),
  /** "Back to automatic": drops the hand-made translation and queues the language. */
  reset: (storeId: string, type: TargetType, id: string, language: string) =>
    unwrap(translationOf.$delete({ param: { type, targetId: id, language: targetLanguage(language) }, query: { storeId } })),
};

type Row = { id: string };
const isRow = (value: unknown): value is Row => typeof value === "object" && value !== null && "id" in value && typeof value.id === "string";
/** What replaces a row's fields, by id. */
type Fresh = Map<string, object>;
const withFresh = (fresh: Fresh, row: unknown) => (isRow(row) && fresh.has(row.id) ? { ...row, ...fresh.get(row.id) } : row);
const replaceInList = (fresh: Fresh, rows: unknown[]) => (rows.some((r) => isRow(r) && fresh.has(r.id)) ? rows.map((r) => withFresh(fresh, r)) : rows);
/** Cached data of a list (an array), a list in pages (items: `{ pages: [{ items }] }`) or one record (an item's form). */
export const replaceRows = (fresh: Fresh) => (data: unknown) => {
  if (Array.isArray(data)) return replaceInList(fresh, data);
  if (typeof data !== "object" || data === null) return data;
  if ("pages" in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((p: unknown) => (typeof p === "object" && p !== null && "items" in p && Array.isArray(p.items) ? { ...p, items: replaceInList(fresh, p.items) } : p)) };
  }
  return withFresh(fresh, data);
};

/** The cached queries that show a content's translations: its lists, or for the store's texts its settings. */
const listsOf = (type: TargetType, storeId: string) =>
  ({ Item: menuKeys.items, Category: menuKeys.categories, Promotion: menuKeys.promotions, Store: scopeKeys.storeSettings })[type](storeId);

/**
 * After "back to automatic" the language's job is queued again. Written into the cached overview
 * rather than re-fetched: a re-fetch could already answer "completed" while the cached record still
 * lacks the machine text (the poll re-fetches the record first, then the overview).
 */
export function markQueued(queryClient: QueryClient, storeId: string, type: TargetType, id: string, language: string) {
  queryClient.setQueryData<TranslationOverview>(menuKeys.translations(storeId), (overview) => {
    if (!overview) return overview;
    const others = overview.jobs.filter((j) => !(j.target_type === type && j.target_id === id && j.language === language));
    return { ...overview, jobs: [...others, { target_type: type, target_id: id, language, status: "queued", updated_at: new Date().toISOString() }] };
  });
}

/** The translations a save or reset answered, written into every cached list of the store that shows the content. */
export function patchTranslations(queryClient: QueryClient, storeId: string, type: TargetType, id: string, translations: TranslationsInfo) {
  queryClient.setQueriesData({ queryKey: listsOf(type, storeId) }, replaceRows(new Map([[id, { translations }]])));
}

/** The translations tab's changes to one content's translation into one language: each writes the answered translations into the cached lists. */
type Target = { storeId: string; type: TargetType; id: string; language: string };

/** "Checked": staff vouch for the translation; the badges are read again. */
export function useCheckTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => translationCalls.check(storeId, type, id, language),
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
    },
  });
}

/** Saves a hand-made translation; the badges are read again. */
export function useSaveTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualTranslationValues) => translationCalls.save(storeId, type, id, language, input),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
    },
  });
}

/** "Back to automatic": the hand-made text goes and the language is queued again. */
export function useResetTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  const addProducts = useSetAtom(addPendingProductsAtom);
  const addCategories = useSetAtom(addPendingCategoriesAtom);
  return useMutation({
    mutationFn: () => translationCalls.reset(storeId, type, id, language),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      markQueued(queryClient, storeId, type, id, language);
      // The language is queued again: poll it like a saved item or category (the poll refreshes the
      // record, then the badges). Promotions are not polled (SPEC section 4): re-read the badges once.
      if (type === "Item") addProducts(id);
      else if (type === "Category") addCategories(id);
      else void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
    },
  });
}
