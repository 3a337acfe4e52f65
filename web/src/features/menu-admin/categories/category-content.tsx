import type { CategoryInfo } from "@menu/core/category/category";
import type { CsObject } from "@/lib/admin-scope";
import { PromotionsPane } from "../promotions/promotions-pane";
import { ItemsPane } from "../items/items-pane";
import "../items/items.css";

/**
 * The main pane of a category page (/admin-panel/{section}/{categoryid} and
 * /admin-panel/promotions/{categoryid}): the category's items, or its promotions.
 */
export function CategoryContent({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  // Keyed by category: selection, search and dialogs start afresh on another category.
  return category.type === "promotions" ? <PromotionsPane key={category.id} cs={cs} category={category} /> : <ItemsPane key={category.id} cs={cs} category={category} />;
}
