import type { AdminCategory } from "@menu/core/category/manage";
import type { Section } from "@menu/core/shared/model";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

export type { AdminCategory };
/** The sections with categories in the admin panel; promotions have their own route. */
export const CATEGORY_SECTIONS = ["kitchen", "drinks", "hookahs", "games"] as const satisfies readonly Section[];
export type CategorySection = (typeof CATEGORY_SECTIONS)[number];
export const isCategorySection = (value: string): value is CategorySection => (CATEGORY_SECTIONS as readonly string[]).includes(value);

export const categoriesKey = (storeId: string, section: Section) => ["categories", storeId, section] as const;

/** A section's categories in tree order (each supercategory followed by its categories), hidden ones too. */
export const categoriesQueryOptions = (storeId: string, section: Section) =>
  queryOptions({
    queryKey: categoriesKey(storeId, section),
    queryFn: () => unwrap(api.api.categories.$get({ query: { storeId, section } })),
    staleTime: 30_000,
  });

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
