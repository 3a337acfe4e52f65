import { useEffect, type ReactNode } from "react";
import { FIRST_VIEW_CARDS } from "@menu/core/shared/published-menu";
import { useIntl } from "../intl";
import type { IndexItem, PublishedCategory, PublishedItem } from "../model";
import { useCardBudget } from "../progressive";
import type { MenuType } from "../state";
import type { CategoryTree } from "../menu-visibility";
import { Foreign } from "./text-lang";

/** The switch between what is served now and the whole menu. */
export function MenuTypeSwitch({ menuType, onMenuType }: { menuType: MenuType; onMenuType: (menuType: MenuType) => void }) {
  const intl = useIntl();
  return (
    <div className="menu-type" role="group" aria-label={intl.formatMessage({ id: "menu.typeLabel" })}>
      {(["actual", "full"] as const).map((t) => (
        <button key={t} type="button" aria-pressed={menuType === t} data-testid={`menu-type-${t}`} onClick={() => onMenuType(t)}>
          {intl.formatMessage({ id: `menu.type.${t}` })}
        </button>
      ))}
    </div>
  );
}

/** Categories whose first chunk is fetched ahead of the list's end (after the last one shown). */
const PREFETCHED = 2;
/**
 * Titles (from the index) listed after the cards until their cards come: a guest who scrolls ahead
 * reads what follows at once. A category cut short by this ends the list.
 */
export const BRIEF_ROWS = 120;

/** Items in brief: a card's box with its title, before the item's chunk or turn comes. */
function BriefList({ items }: { items: readonly IndexItem[] }) {
  return (
    <div className="item-list item-brief-list">
      {items.map((item) => (
        <div key={item.id} className="item-brief">
          <span className="photo item-brief__photo" />
          <h3 className="item-brief__title">
            <Foreign lang={item.title_lang}>{item.title}</Foreign>
          </h3>
        </div>
      ))}
    </div>
  );
}

type Props = {
  tree: CategoryTree;
  /** Items (the filter's) per category, by the index. */
  counts: ReadonlyMap<string, number>;
  /** A category's loaded items (from its start) the filter lets through; undefined while its first chunk is not there. */
  itemsOf: (categoryId: string) => PublishedItem[] | undefined;
  /** Whether a category's items are loaded to its end. */
  complete: (categoryId: string) => boolean;
  /** A category's items in the index the filter lets through, in order (chunk or not). */
  briefOf: (categoryId: string) => readonly IndexItem[];
  /** Fetches the next chunk of the category the list waits for, and the first one of the categories after it. */
  requestAhead: (waiting: string | undefined, following: Iterable<string>) => void;
  /** Hydrated: more cards may follow. */
  mounted: boolean;
  /** A category to render down to at once (a chip chosen below the list's end). */
  goal: string | undefined;
  /** Told each time the list is settled (everything there, or waiting for the guest to scroll). */
  onComplete: () => void;
  menuType: MenuType;
  card: (item: PublishedItem) => ReactNode;
};

/**
 * The section's categories and subcategories with their items, in order, as many cards as the
 * budget allows (the first view: FIRST_VIEW_CARDS); the cards stop where a category's next chunk is
 * not there yet, which is asked for with the next categories' (one chunk each). Once mounted, up to BRIEF_ROWS titles in
 * brief follow the cards under their categories' headings. Until then (the server's markup and
 * hydration) one empty element (`.menu-later`, `data-n`: BRIEF_ROWS) holds their place, which the
 * page's early script (early.ts) fills with the same sections and rows from the index while the
 * app is on its way; React leaves its content alone and replaces it once mounted.
 */
export function MenuCategories({ tree, counts, itemsOf, complete, briefOf, requestAhead, mounted, goal, onComplete, menuType, card }: Props) {
  const intl = useIntl();
  const order = tree.flatMap(({ top, children }) => [top, ...children]);
  // What the budget would show: the categories in order until the cards run out or a chunk is missing.
  const plan = (budget: number) => {
    const shown: { category: PublishedCategory; items: PublishedItem[] }[] = [];
    let left = budget;
    for (const category of order) {
      if (left <= 0) return { shown, missing: undefined as string | undefined, rendered: false };
      const items = itemsOf(category.id) ?? (counts.get(category.id) ? undefined : []);
      if (!items) return { shown, missing: category.id, rendered: false };
      shown.push({ category, items: items.slice(0, left) });
      left -= items.length;
      // A big category's cards go as far as its chunks are there; its next one is asked for.
      if (left > 0 && !complete(category.id)) return { shown, missing: category.id, rendered: false };
    }
    return { shown, missing: undefined, rendered: left >= 0 };
  };
  const cardsThrough = (id: string) => {
    const top = tree.findIndex(({ top: t, children }) => t.id === id || children.some((c) => c.id === id));
    return tree.slice(0, top + 1).reduce((n, { top: t, children }) => [t, ...children].reduce((m, c) => m + (counts.get(c.id) ?? 0), n), 0) + FIRST_VIEW_CARDS;
  };
  const { budget, rendered, sentinel, reach, settled } = useCardBudget(mounted, (n) => {
    const p = plan(n);
    return { rendered: p.rendered, blocked: !!p.missing };
  });
  const { shown, missing } = plan(budget);
  const lastShown = shown.at(-1)?.category.id;
  const following = order.slice(order.findIndex((c) => c.id === (missing ?? lastShown)) + 1).slice(0, PREFETCHED);
  const followingKey = following.map((c) => c.id).join(",");
  // Asked again as each chunk comes (requestAhead changes): a category the list still waits for gets its next one.
  useEffect(() => {
    if (mounted) requestAhead(missing, followingKey.split(",").filter(Boolean));
  }, [mounted, missing, followingKey, requestAhead]);
  useEffect(() => {
    if (goal) reach(cardsThrough(goal));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [goal]);
  useEffect(() => {
    if (mounted && settled) onComplete();
  }, [mounted, settled, onComplete]);

  const scheduleNote = (c: PublishedCategory) =>
    c.schedule?.enabled ? <p className="menu-category__note">{intl.formatMessage({ id: "menu.availableFrom" }, { start: c.schedule.start, end: c.schedule.end })}</p> : null;
  if (!tree.length) return <p className="empty-state">{intl.formatMessage({ id: menuType === "actual" ? "menu.empty.actual" : "menu.empty.section" })}</p>;
  const items = new Map(shown.map((s) => [s.category.id, s.items]));
  // The titles after the cards, in order, up to BRIEF_ROWS; the list ends with the category they run out in.
  const briefs = new Map<string, readonly IndexItem[]>();
  const listed = new Set<string>();
  let room = BRIEF_ROWS;
  for (const category of order) {
    const carded = new Set((items.get(category.id) ?? []).map((i) => i.id));
    const rest = briefOf(category.id).filter((i) => !carded.has(i.id));
    if (rest.length && room <= 0) break;
    listed.add(category.id);
    if (rest.length) briefs.set(category.id, rest.slice(0, room));
    room -= rest.length;
    if (room < 0) break;
  }
  const later = briefs.size > 0 || listed.size > items.size;
  // Before the app is mounted: the categories with cards only, and the early script's place after them.
  if (!mounted) {
    briefs.clear();
    for (const id of listed) if (!items.has(id)) listed.delete(id);
  }
  // Further cards come as the guest nears where the cards end: the first titles in brief, or the end.
  const more = rendered ? null : <div key={`more-${budget}`} ref={sentinel} className="menu-more" aria-hidden="true" data-testid="menu-more" />;
  const moreAt = briefs.keys().next().value;
  const body = (id: string) => {
    const brief = briefs.get(id);
    return [
      items.has(id) ? (
        <div key="cards" className="item-list">
          {items.get(id)!.map(card)}
        </div>
      ) : null,
      id === moreAt ? more : null,
      brief ? <BriefList key="brief" items={brief} /> : null,
    ];
  };
  return (
    <>
      {tree
        .filter(({ top }) => listed.has(top.id))
        .map(({ top, children }) => (
          <section key={top.id} className="menu-category" id={`cat-${top.id}`} data-category-id={children.length ? undefined : top.id}>
            <h2 className="menu-category__title" tabIndex={-1}>
              <Foreign lang={top.name_lang}>{top.name}</Foreign>
            </h2>
            {scheduleNote(top)}
            {body(top.id)}
            {children
              .filter((child) => listed.has(child.id))
              .map((child) => (
                <section key={child.id} className="menu-subcategory" id={`cat-${child.id}`} data-category-id={child.id}>
                  <h3 className="menu-subcategory__title" tabIndex={-1}>
                    <Foreign lang={child.name_lang}>{child.name}</Foreign>
                  </h3>
                  {scheduleNote(child)}
                  {body(child.id)}
                </section>
              ))}
          </section>
        ))}
      {moreAt ? null : more}
      {!mounted && later ? (
        // Not React's to compare: the early script may have filled it while the app was on its way.
        <div className="menu-later" data-n={BRIEF_ROWS} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      ) : null}
    </>
  );
}
