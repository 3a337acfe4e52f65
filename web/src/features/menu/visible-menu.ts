import { useCallback, useMemo } from "react";
import { passesFilter } from "@menu/core/item/marks";
import { scheduleAllows, type ZonedTime } from "@menu/core/menu/schedule";
import { filterSize, useMarkFilter } from "./filter";
import { MENU_SECTIONS, itemsByCategory, type MenuSection, type PublishedCategory, type PublishedItem, type PublishedMenu } from "./model";
import type { MenuType } from "./state";

export type CategoryTree = { top: PublishedCategory; children: PublishedCategory[] }[];

function treeOf(categories: readonly PublishedCategory[], section: string, available: (c: PublishedCategory) => boolean): CategoryTree {
  const tops = categories.filter((c) => c.section === section && !c.parent_id && available(c));
  return tops.map((top) => ({ top, children: categories.filter((c) => c.parent_id === top.id && available(c)) }));
}

const NO_MARKS: PublishedMenu["marks"] = {};

type Options = {
  menu: PublishedMenu;
  menuType: MenuType;
  now: Date;
  at: ZonedTime;
  mounted: boolean;
  /** `?section=` of the address. */
  addressSection: MenuSection | undefined;
};

/**
 * What the guest sees of the menu: the items the filter lets through, the categories the menu type
 * and schedules allow in the chosen section.
 */
export function useVisibleMenu({ menu, menuType, now, at, mounted, addressSection }: Options) {
  const byId = useMemo(() => new Map(menu.items.map((i) => [i.id, i])), [menu.items]);
  // The visitor's allergen and tag filter (remembered across visits and venues) narrows the lists.
  const filter = useMarkFilter();
  const filtering = filterSize(filter) > 0;
  const shownItems = useMemo(() => (filtering ? menu.items.filter((i) => passesFilter(i, filter)) : menu.items), [filtering, filter, menu.items]);
  const byCategory = useMemo(() => itemsByCategory(shownItems), [shownItems]);
  const isSoldOut = (item: PublishedItem) => !!item.sold_out_until && new Date(item.sold_out_until) > now;
  // Menus published before marks existed have no table.
  const marks = menu.marks ?? NO_MARKS;
  const categoriesById = useMemo(() => new Map(menu.categories.map((c) => [c.id, c])), [menu.categories]);
  const available = useCallback(
    (c: PublishedCategory) => {
      if (menuType === "full") return true;
      const parent = c.parent_id ? categoriesById.get(c.parent_id) : undefined;
      return scheduleAllows(c.schedule, at) && scheduleAllows(parent?.schedule, at);
    },
    // `at` changes every tick; its minute is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [menuType, categoriesById, at.day, at.minutes],
  );
  /** With a filter on, a category none of whose items (or its subcategories' items) pass is left out. */
  const shown = useCallback(
    (c: PublishedCategory) => available(c) && (!filtering || byCategory.has(c.id) || menu.categories.some((child) => child.parent_id === c.id && byCategory.has(child.id))),
    [available, filtering, byCategory, menu.categories],
  );
  const sections = MENU_SECTIONS.filter((s) => menu.categories.some((c) => c.section === s && !c.parent_id));
  // The chosen section lives in the address (`?section=`); the server-rendered page shows the first one.
  const wanted = mounted ? addressSection : undefined;
  const section: MenuSection = wanted && sections.includes(wanted) ? wanted : (sections[0] ?? "kitchen");
  const tree = treeOf(menu.categories, section, shown);
  /** Items per top category (with its subcategories): what the category list renders step by step. */
  const sizes = tree.map(({ top, children }) => [top, ...children].reduce((n, c) => n + (byCategory.get(c.id)?.length ?? 0), 0));
  const promotionCategories = menu.categories.filter((c) => c.section === "promotions" && !c.parent_id);
  return { byId, filter, filtering, shownItems, byCategory, isSoldOut, marks, sections, section, tree, sizes, promotionCategories };
}
