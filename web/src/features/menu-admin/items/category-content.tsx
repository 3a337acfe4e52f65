import type { CategoryInfo } from "@menu/core/category/category";
import type { CsObject } from "@/lib/admin-scope";

/**
 * The right-hand pane of a category page: the items (or promotions) of one category.
 * Placeholder agreed between the categories and items work; the items work replaces it.
 */
export function CategoryContent(_: { cs: CsObject; category: CategoryInfo }) {
  return null;
}
