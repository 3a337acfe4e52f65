import { useCallback, useMemo } from "react";
import { passesFilter } from "@menu/core/item/marks";
import { scheduleAllows, type ZonedTime } from "@menu/core/menu/schedule";
import { filterSize, useMarkFilter } from "./filter";
import type { Loaded } from "./menu-data";
import { MENU_SECTIONS, type IndexItem, type MenuSection, type PublishedCategory, type PublishedIndex, type PublishedItem } from "./model";
import type { MenuType } from "./state";

export type CategoryTree = { top: PublishedCategory; children: PublishedCategory[] }[];

function treeOf(categories: readonly PublishedCategory[], section: string, available: (c: PublishedCategory) => boolean): CategoryTree {
  const tops = categories.filter((c) => c.section === section && !c.parent_id && available(c));
  return tops.map((top) => ({ top, children: categories.filter((c) => c.parent_id === top.id && available(c)) }));
}

const NO_MARKS: PublishedIndex["marks"] = {};

/** Items the filter hides: in the chosen section, and in all the menu's sections. */
export type HiddenCounts = { section: number; menu: number };
const NOTHING_HIDDEN: HiddenCounts = { section: 0, menu: 0 };

/**
 * Counted over the categories the menu type and schedules show (a category closed now hides its
 * items whatever the filter), so the note says what the filter takes away from what the guest would see.
 */
function hiddenByFilter(
  categories: PublishedIndex["categories"],
  byId: ReadonlyMap<string, PublishedCategory>,
  counts: ReadonlyMap<string, number>,
  available: (c: PublishedCategory) => boolean,
  section: MenuSection,
): HiddenCounts {
  const out = { section: 0, menu: 0 };
  for (const c of categories) {
    const top = c.parent_id ? byId.get(c.parent_id) : c;
    if (!top || !(MENU_SECTIONS as readonly string[]).includes(top.section) || !available(c) || (top !== c && !available(top))) continue;
    const n = c.items.length - (counts.get(c.id) ?? 0);
    out.menu += n;
    if (top.section === section) out.section += n;
  }
  return out;
}

type Options = {
  menu: PublishedIndex;
  /** The chunks the page has: items in full by category. */
  loaded: Loaded;
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
export function useVisibleMenu({ menu, loaded, menuType, now, at, mounted, addressSection }: Options) {
  const brief = useMemo(() => menu.categories.flatMap((c) => c.items.map((i): BriefItem => ({ ...i, category_id: c.id }))), [menu.categories]);
  const byId = useMemo(() => new Map(Object.values(loaded).flatMap((items) => items.map((i) => [i.id, i] as const))), [loaded]);
  // The visitor's allergen and tag filter (remembered across visits and venues) narrows the lists.
  const filter = useMarkFilter();
  const filtering = filterSize(filter) > 0;
  const shownItems = useMemo(() => (filtering ? brief.filter((i) => passesFilter(i, filter)) : brief), [filtering, filter, brief]);
  /** Items the filter lets through per category, by the index (whether or not its chunk is there). */
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const item of shownItems) map.set(item.category_id, (map.get(item.category_id) ?? 0) + 1);
    return map;
  }, [shownItems]);
  /** The loaded items the filter lets through, per category; absent: its chunk is not there yet. */
  const byCategory = useMemo(() => {
    const map = new Map<string, PublishedItem[]>();
    for (const [id, items] of Object.entries(loaded)) map.set(id, filtering ? items.filter((i) => passesFilter(i, filter)) : items);
    return map;
  }, [loaded, filtering, filter]);
  // An item in full or in brief (the index has the mark, so a cart line knows without its chunk).
  const isSoldOut = (item: Pick<IndexItem, "sold_out_until">) => !!item.sold_out_until && new Date(item.sold_out_until) > now;
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
    (c: PublishedCategory) => available(c) && (!filtering || counts.has(c.id) || menu.categories.some((child) => child.parent_id === c.id && counts.has(child.id))),
    [available, filtering, counts, menu.categories],
  );
  const sections = MENU_SECTIONS.filter((s) => menu.categories.some((c) => c.section === s && !c.parent_id));
  // The chosen section lives in the address (`?section=`); the server-rendered page shows the first one.
  const wanted = mounted ? addressSection : undefined;
  const section: MenuSection = wanted && sections.includes(wanted) ? wanted : (sections[0] ?? "kitchen");
  const tree = treeOf(menu.categories, section, shown);
  const promotionCategories = menu.categories.filter((c) => c.section === "promotions" && !c.parent_id);
  const hidden = filtering ? hiddenByFilter(menu.categories, categoriesById, counts, available, section) : NOTHING_HIDDEN;
  return { brief, byId, filter, filtering, shownItems, counts, byCategory, isSoldOut, marks, sections, section, tree, promotionCategories, hidden, shown };
}
