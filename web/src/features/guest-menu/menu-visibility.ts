/**
 * The pure rules behind useVisibleMenu (visible-menu.ts): which categories a menu type and the
 * schedules allow, which the filter empties, what it hides, which section is shown and whether an
 * item is sold out. No React, so they are unit-tested on their own.
 */
import { scheduleAllows, type ZonedTime } from "@menu/core/shared/schedule";
import { MENU_SECTIONS, type IndexItem, type MenuSection, type PublishedCategory, type PublishedIndex } from "./model";
import type { MenuType } from "./state";

export type CategoryTree = { top: PublishedCategory; children: PublishedCategory[] }[];

/** The section's top categories that pass `available`, each with its subcategories that do too. */
export function treeOf(categories: readonly PublishedCategory[], section: string, available: (c: PublishedCategory) => boolean): CategoryTree {
  const tops = categories.filter((c) => c.section === section && !c.parent_id && available(c));
  return tops.map((top) => ({ top, children: categories.filter((c) => c.parent_id === top.id && available(c)) }));
}

/** Items the filter hides: in the chosen section, and in all the menu's sections. */
export type HiddenCounts = { section: number; menu: number };
export const NOTHING_HIDDEN: HiddenCounts = { section: 0, menu: 0 };

/**
 * Counted over the categories the menu type and schedules show (a category closed now hides its
 * items whatever the filter), so the note says what the filter takes away from what the guest would
 * see. `counts`: the items the filter lets through per category.
 */
export function hiddenByFilter(
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

/** How many of the items are in each category (the filter's survivors, by the index). */
export function countByCategory(items: readonly { category_id: string }[]) {
  const map = new Map<string, number>();
  for (const item of items) map.set(item.category_id, (map.get(item.category_id) ?? 0) + 1);
  return map;
}

/** Whether the filter leaves the category an item of its own or of a subcategory (`counts`: see countByCategory). */
export const keepsItems = (c: PublishedCategory, categories: readonly PublishedCategory[], counts: ReadonlyMap<string, number>) =>
  counts.has(c.id) || categories.some((child) => child.parent_id === c.id && counts.has(child.id));

/** Whether a category is open: always in the full menu; in the current one, when its schedule and its parent's allow `at`. */
export function categoryOpen(c: PublishedCategory, menuType: MenuType, byId: ReadonlyMap<string, PublishedCategory>, at: ZonedTime) {
  if (menuType === "full") return true;
  const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
  return scheduleAllows(c.schedule, at) && scheduleAllows(parent?.schedule, at);
}

/** An item (in full or in brief: the index has the mark) is sold out while its mark lies ahead of `now`. */
export const soldOutAt = (item: Pick<IndexItem, "sold_out_until">, now: Date) => !!item.sold_out_until && new Date(item.sold_out_until) > now;

/** The menu's sections that have a top category, in the guest's order. */
export const sectionsOf = (categories: readonly PublishedCategory[]) => MENU_SECTIONS.filter((s) => categories.some((c) => c.section === s && !c.parent_id));

/** The section shown: the address's (`?section=`) once mounted, if the menu has it; else the first one (as the server renders). */
export function shownSection(sections: readonly MenuSection[], addressSection: MenuSection | undefined, mounted: boolean): MenuSection {
  const wanted = mounted ? addressSection : undefined;
  return wanted && sections.includes(wanted) ? wanted : (sections[0] ?? "kitchen");
}
