/**
 * What a change requires, decided before anything is built, as data (PublishPlan): the store's
 * pages, the categories built anew ("all": a whole build, every page rendered), the items patched
 * into the chunks that hold them, and whether the plain whole-menu page may be written now. Reads
 * what is published (previous.ts) and, for patches, the items the scope names; writes nothing.
 * publication.ts builds what the plan says; after a run, `nextRuns` says when the next one is due.
 */
import { Db } from "../db/service";
import { toItemInfo } from "../item/item";
import { untilProcessed } from "../shared/batch";
import { nextBoundary } from "../shared/schedule";
import type { GuestPage, IndexItem, PublishedIndex } from "../shared/published-menu";
import type { PublishScope } from "./request";
import { publishedCategories } from "./build";
import type { CategoryPatch } from "./menu-parts";
import type { Previous } from "./previous";
import { reviewsOrgOf, type StoreState } from "./store-state";

type Keys = { company_id: string; store_id: string };

/** When the plain whole-menu page was last written, and whether the menu changed since. */
export type FullPageState = { written_at?: string; stale?: boolean };
/** How often at most a scoped publish writes the plain whole-menu page again (it reads every chunk). */
export const FULL_PAGE_EVERY_MS = 5 * 60_000;

export type PublishPlan = {
  pages: GuestPage[];
  /** Categories built anew from their items; "all": every category, and every page rendered again. */
  touched: ReadonlySet<string> | "all";
  /** Per category not touched: its items changed in place and those appended after its last. */
  patches?: ReadonlyMap<string, CategoryPatch>;
  /** The plain whole-menu page as the last run left it, and whether it may be written now. */
  fullPage: FullPageState & { due: boolean };
};

/** The store's guest pages: the menu, each promotions position, and reviews where a widget is set up (no tab leads to an empty page). */
function guestPages(state: StoreState): GuestPage[] {
  const positions = state.hidden ? [] : [...new Set(state.categories.filter((c) => c.section === "promotions" && c.visible).map((c) => c.position))];
  return [{ kind: "menu" }, ...positions.map((position) => ({ kind: "promotions" as const, position })), ...(reviewsOrgOf(state) ? [{ kind: "reviews" as const }] : [])];
}

/**
 * Without `scope`, everything. With one, only the scope's categories and those the previous
 * publication lacks are built anew, and the scope's items are patched where they can be; that needs
 * every language's previous index, and a menu hidden or shown as before (else everything again).
 */
export async function planPublication(keys: Keys, state: StoreState, previous: Previous, scope: PublishScope | undefined, fullPage: FullPageState, now: Date): Promise<PublishPlan> {
  const pages = guestPages(state);
  let touched: PublishPlan["touched"] = "all";
  let patches: PublishPlan["patches"];
  if (scope && previous.indexes.size === state.languages.length && previous.manifest?.hidden === state.hidden) {
    const visible = publishedCategories(state, state.languages[0]!).map((c) => c.id);
    const known = [...previous.indexes.values()].map((index) => new Set(index.categories.map((c) => c.id))).reduce((a, b) => new Set([...a].filter((id) => b.has(id))));
    const whole = new Set(visible.filter((id) => scope.categories.includes(id) || !known.has(id)));
    const patched = await itemPatches(keys, scope, previous.indexes.get(state.languages[0]!)!, whole);
    for (const id of patched.whole) whole.add(id);
    patches = patched.patches;
    touched = whole;
  }
  // The plain whole-menu page reads every chunk back: after a scoped run, at most every FULL_PAGE_EVERY_MS.
  const due = touched === "all" || !fullPage.written_at || now.getTime() - Date.parse(fullPage.written_at) >= FULL_PAGE_EVERY_MS;
  return { pages, touched, ...(patches ? { patches } : {}), fullPage: { ...fullPage, due } };
}

/**
 * What a scope's items change in their categories, from the previous index (the same items in the
 * same order in every language): an item listed there and still visible in its category is
 * replaced in place; a visible one it lacks, after the category's last by position, is appended.
 * Anything else (moved away, hidden, deleted, put in the middle) rebuilds the category (`whole`).
 * Reads the named items and each patched category's last item (BatchGetItem), nothing more.
 */
async function itemPatches(keys: Keys, scope: PublishScope, previous: PublishedIndex, rebuilt: ReadonlySet<string>) {
  const patches = new Map<string, CategoryPatch>();
  const whole = new Set<string>();
  const entries = new Map(previous.categories.map((c) => [c.id, c]));
  const wanted = (scope.items ?? []).filter((i) => !rebuilt.has(i.category_id) && entries.has(i.category_id));
  if (!wanted.length) return { patches, whole };
  const lastOf = (id: string) => entries.get(id)!.items.at(-1)?.id;
  const ids = [...new Set([...wanted.map((i) => i.item_id), ...wanted.flatMap((i) => lastOf(i.category_id) ?? [])])];
  const records = await untilProcessed(
    ids.map((item_id) => ({ ...keys, item_id })),
    (batch) => Db().entities.item.get(batch).go({ consistent: true }),
  );
  const found = new Map(records.map(toItemInfo).map((i) => [i.id, i]));
  const byCategory = new Map<string, string[]>();
  for (const { category_id, item_id } of wanted) byCategory.set(category_id, [...(byCategory.get(category_id) ?? []), item_id]);
  for (const [category_id, ids] of byCategory) {
    const listed = new Set(entries.get(category_id)!.items.map((i) => i.id));
    const lastPosition = found.get(lastOf(category_id) ?? "")?.position ?? -Infinity;
    const patch: CategoryPatch = { replace: [], append: [] };
    for (const item_id of new Set(ids)) {
      const item = found.get(item_id);
      const shown = item?.visible && item.category_id === category_id;
      if (listed.has(item_id) && shown) patch.replace.push(item);
      else if (!listed.has(item_id) && shown && item.position > lastPosition) patch.append.push(item);
      else if (listed.has(item_id) || shown) whole.add(category_id);
    }
    if (!whole.has(category_id) && (patch.replace.length || patch.append.length)) patches.set(category_id, patch);
  }
  return { patches, whole };
}

/**
 * When the next runs are due after one that published `items`: the pages show the current menu and
 * "open now", so they go stale at the next schedule or hours boundary, or when a "sold out today"
 * mark ends (`due`); a plain whole-menu page left stale waits for its time (`fullDue`), when a run
 * with nothing else to do writes it.
 */
export function nextRuns(state: StoreState, items: readonly IndexItem[], full: FullPageState, now: Date) {
  const times = [
    ...state.categories.filter((c) => c.schedule?.enabled).flatMap((c) => [c.schedule!.start, c.schedule!.end]),
    ...(state.store.working_hours ?? []).flatMap((h: { open: string; close: string }) => [h.open, h.close]),
  ];
  const boundary = nextBoundary(times, now, state.store.time_zone ?? "Europe/Minsk");
  const soldOutEnds = items.map((i) => i.sold_out_until && new Date(i.sold_out_until)).filter((d): d is Date => !!d && d > now);
  const stale = [boundary, ...soldOutEnds].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    due: stale ? new Date(stale.getTime() + 1000) : undefined,
    fullDue: full.stale && full.written_at ? new Date(Date.parse(full.written_at) + FULL_PAGE_EVERY_MS) : undefined,
  };
}
