/** Queries and changes of a section's categories (types from the API client). */
import type { Section } from "@menu/core/shared/model";
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { chunks, replaceRows } from "../translations/api";
import { addPendingCategoriesAtom } from "../translations/pending";
import { menuKeys } from "@/lib/menu-keys";

const list = (storeId: string, section: Section) => api.api.categories.$get({ query: { storeId, section } });
export type AdminCategory = SuccessBody<Awaited<ReturnType<typeof list>>>[number];
type ScheduleForm = JsonBody<(typeof api.api.categories)[":categoryId"]["schedule"]["$put"]>["schedule"];
/** The sections with categories in the admin panel; promotions have their own route. */
export const CATEGORY_SECTIONS = ["kitchen", "drinks", "hookahs", "games"] as const satisfies readonly Section[];
export type CategorySection = (typeof CATEGORY_SECTIONS)[number];
export const isCategorySection = (value: string): value is CategorySection => CATEGORY_SECTIONS.some((s) => s === value);

/** A section's categories in tree order (each supercategory followed by its categories), hidden ones too. */
export const categoriesQueryOptions = (storeId: string, section: Section) =>
  queryOptions({
    queryKey: menuKeys.sectionCategories(storeId, section),
    queryFn: () => unwrap(list(storeId, section)),
    staleTime: 30_000,
  });

type CategoryValues = { name: string; icon: string; visible: boolean; parent_id: string };

/**
 * Creates a category in the section, or saves `category` (its name, icon and visibility). A new or
 * renamed one is queued for translation on the server: it is polled (SPEC section 4). The section's
 * list is fetched again after.
 */
export function useSaveCategory(storeId: string, section: Section, category: AdminCategory | undefined) {
  const queryClient = useQueryClient();
  const addPending = useSetAtom(addPendingCategoriesAtom);
  return useMutation({
    mutationFn: async (values: CategoryValues) => {
      if (category) {
        const json = { store_id: storeId, name: values.name, icon: values.icon, visible: values.visible };
        return unwrap(api.api.categories[":categoryId"].$patch({ param: { categoryId: category.id }, json }));
      }
      return unwrap(api.api.categories.$post({ json: { store_id: storeId, section, ...values } }));
    },
    meta: { silentError: true },
    onSuccess: (saved, values) => {
      if (!category || values.name !== category.name) addPending(category?.id ?? saved.id);
      void queryClient.invalidateQueries({ queryKey: menuKeys.translations(storeId) });
      return queryClient.invalidateQueries({ queryKey: menuKeys.sectionCategories(storeId, section) });
    },
  });
}

/** Moves `category` under another supercategory ("" = the top level); the section's list is fetched again after. */
export function useMoveCategory(storeId: string, section: Section, category: AdminCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parent_id: string) =>
      unwrap(api.api.categories[":categoryId"].move.$post({ param: { categoryId: category.id }, json: { store_id: storeId, parent_id } })),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.sectionCategories(storeId, section) }),
  });
}

/** Saves the order of each changed sibling group (`parent_id` "" is the top level); the section's list is fetched again after, saved or not. */
export function useSaveCategoryOrder(storeId: string, section: Section) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (groups: { parent_id: string; category_ids: string[] }[]) => {
      for (const group of groups) await unwrap(api.api.categories.order.$post({ json: { store_id: storeId, section, ...group } }));
    },
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKeys.sectionCategories(storeId, section) }),
  });
}

/** Saves `category`'s schedule, or removes it (null); the section's list is fetched again after. */
export function useSaveSchedule(storeId: string, section: Section, category: AdminCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ScheduleForm | null) =>
      unwrap(api.api.categories[":categoryId"].schedule.$put({ param: { categoryId: category.id }, json: { store_id: storeId, schedule } })),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKeys.sectionCategories(storeId, section) }),
  });
}

/**
 * Deletes a category. The section's list is fetched again after, without waiting for it: the dialog
 * closes and the page leaves the deleted category first.
 */
export function useDeleteCategory(storeId: string, section: Section) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: AdminCategory) =>
      unwrap(api.api.categories[":categoryId"].$delete({ param: { categoryId: category.id }, query: { storeId } })),
    meta: { silentError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: menuKeys.sectionCategories(storeId, section) }),
  });
}

/** Supercategories and top-level categories, with their categories, in display order. */
export function treeOf(list: AdminCategory[]) {
  const ids = new Set(list.map((c) => c.id));
  return list
    .filter((c) => !c.parent_id || !ids.has(c.parent_id))
    .map((top) => ({ category: top, children: list.filter((c) => c.parent_id === top.id) }));
}
export type TreeNode = ReturnType<typeof treeOf>[number];

/** The category a section opens on: the first one that holds items rather than categories. */
export function firstCategory(list: AdminCategory[]) {
  return list.find((c) => !list.some((x) => x.parent_id === c.id)) ?? list[0];
}

/**
 * Categories whose machine translation came back, read again into their section's list, keeping
 * the admin's counts (the translation poll calls it: translations/use-translation-polling.ts).
 */
export async function refetchCategories(queryClient: QueryClient, ids: string[]) {
  const categories = (await Promise.all(chunks(ids).map((part) => unwrap(api.api.categories["several-get"].$post({ json: { ids: part } }))))).flat();
  for (const category of categories) {
    queryClient.setQueryData(menuKeys.sectionCategories(category.store_id, category.section), replaceRows(new Map([[category.id, category]])));
  }
}
