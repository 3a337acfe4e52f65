import { useCallback, useMemo } from "react";
import { passesFilter } from "@menu/core/item/marks";
import type { ZonedTime } from "@menu/core/shared/schedule";
import { filterSize, useMarkFilter } from "./filter";
import type { Loaded } from "./menu-data";
import { categoryOpen, countByCategory, hiddenByFilter, keepsItems, NOTHING_HIDDEN, sectionsOf, shownSection, soldOutAt, treeOf } from "./menu-visibility";
import type { IndexItem, MenuSection, PublishedCategory, PublishedIndex, PublishedItem } from "./model";
import type { MenuType } from "./state";

const NO_MARKS: PublishedIndex["marks"] = {};

type Options = {
  menu: PublishedIndex;
  /** The chunks the page has: each category's items from its start, without a gap. */
  loaded: Loaded;
  /** Every item the page has in full. */
  byId: ReadonlyMap<string, PublishedItem>;
  menuType: MenuType;
  now: Date;
  at: ZonedTime;
  mounted: boolean;
  /** `?section=` of the address. */
  addressSection: MenuSection | undefined;
};

/** An item of the index with its category (what search and the filter read for every item). */
export type BriefItem = IndexItem & { category_id: string };

/**
 * What the guest sees of the menu: the items the filter lets through, the categories the menu type
 * and schedules allow in the chosen section. The index says which items there are (for every
 * category); the chunks loaded so far give them in full.
 */
export function useVisibleMenu({ menu, loaded, byId, menuType, now, at, mounted, addressSection }: Options) {
  const brief = useMemo(() => menu.categories.flatMap((c) => c.items.map((i): BriefItem => ({ ...i, category_id: c.id }))), [menu.categories]);
  // The visitor's allergen and tag filter (remembered across visits and venues) narrows the lists.
  const filter = useMarkFilter();
  const filtering = filterSize(filter) > 0;
  const shownItems = useMemo(() => (filtering ? brief.filter((i) => passesFilter(i, filter)) : brief), [filtering, filter, brief]);
  /** Items the filter lets through per category, by the index (whether or not its chunk is there). */
  const counts = useMemo(() => countByCategory(shownItems), [shownItems]);
  /** The loaded items the filter lets through, per category; absent: its chunk is not there yet. */
  const byCategory = useMemo(() => {
    const map = new Map<string, PublishedItem[]>();
    for (const [id, items] of Object.entries(loaded)) map.set(id, filtering ? items.filter((i) => passesFilter(i, filter)) : items);
    return map;
  }, [loaded, filtering, filter]);
  // An item in full or in brief (the index has the mark, so a cart line knows without its chunk).
  const isSoldOut = (item: Pick<IndexItem, "sold_out_until">) => soldOutAt(item, now);
  // Menus published before marks existed have no table.
  const marks = menu.marks ?? NO_MARKS;
  const categoriesById = useMemo(() => new Map(menu.categories.map((c) => [c.id, c])), [menu.categories]);
  const available = useCallback(
    (c: PublishedCategory) => categoryOpen(c, menuType, categoriesById, at),
    // `at` changes every tick; its minute is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [menuType, categoriesById, at.day, at.minutes],
  );
  /** With a filter on, a category none of whose items (or its subcategories' items) pass is left out. */
  const shown = useCallback(
    (c: PublishedCategory) => available(c) && (!filtering || keepsItems(c, menu.categories, counts)),
    [available, filtering, counts, menu.categories],
  );
  const sections = sectionsOf(menu.categories);
  // The chosen section lives in the address (`?section=`); the server-rendered page shows the first one.
  const section = shownSection(sections, addressSection, mounted);
  const tree = treeOf(menu.categories, section, shown);
  const promotionCategories = menu.categories.filter((c) => c.section === "promotions" && !c.parent_id);
  const hidden = filtering ? hiddenByFilter(menu.categories, categoriesById, counts, available, section) : NOTHING_HIDDEN;
  // Cart lines are marked sold out from the index (the page keeps it current), chunk or not.
  const briefById = useMemo(() => new Map(brief.map((i) => [i.id, i])), [brief]);
  /** The titles a category lists before its cards come. */
  const briefByCategory = useMemo(() => {
    const map = new Map<string, BriefItem[]>();
    for (const item of shownItems) {
      const list = map.get(item.category_id);
      if (list) list.push(item);
      else map.set(item.category_id, [item]);
    }
    return map;
  }, [shownItems]);
  return { brief, briefById, briefByCategory, byId, filter, filtering, shownItems, counts, byCategory, isSoldOut, marks, sections, section, tree, promotionCategories, hidden, shown };
}
