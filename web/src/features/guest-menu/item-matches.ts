/**
 * What a guest search finds (search-match.ts says how words match): the pure part of useItemSearch
 * (item-search.ts), which memoizes each step and fetches the chunks asked for here.
 */
import { plainText, type PublishedCategory, type PublishedItem } from "./model";
import { bestMatch, textWords, words } from "./search-match";
import type { BriefItem } from "./visible-menu";

/** Below this many items a search fetches every chunk (descriptions are searched too); above, those of the first matches. */
const SMALL_MENU = 500;
/** How many title matches a search fetches the chunks of. */
const FETCHED_MATCHES = 60;

export type SearchedCategory = PublishedCategory & { source_name?: string };
/** A category's names: in the menu's language and in Russian. */
const names = (c: SearchedCategory | undefined) => (c ? [...textWords(c.name), ...textWords(c.source_name ?? "")] : []);

/** The words each category is known by in search: its names and its supercategory's. */
function categoryWords(categories: readonly SearchedCategory[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return new Map(categories.map((c) => [c.id, [...names(c), ...names(c.parent_id ? byId.get(c.parent_id) : undefined)]]));
}

/** What an item is known by in the index: the words of its titles (the menu's language and Russian) and of its categories' names. */
export type KnownWords = { title: string[]; category: string[] };

/** Per item (same order), the words it is known by from the index. */
export function knownWords(items: readonly BriefItem[], categories: readonly SearchedCategory[]): KnownWords[] {
  const ofCategory = categoryWords(categories);
  return items.map((i) => ({ title: [...textWords(i.title), ...textWords(i.source_title ?? "")], category: ofCategory.get(i.category_id) ?? [] }));
}

/** Each item's title as the whole-query substring rule reads it (folded, same order as items). */
export const foldedTitles = (items: readonly BriefItem[]) => items.map((i) => words(i.title).join(" "));

/** The words of each loaded item's description. */
export const descriptionWords = (byId: ReadonlyMap<string, PublishedItem>) => new Map([...byId].map(([id, item]) => [id, textWords(plainText(item.description))]));

/** Points of a query word's match in the title and in a category name, by `wordMatch` (none, one letter wrong, start, whole word). */
const TITLE = [0, 4, 6, 8];
const CATEGORY = [0, 2, 3, 4];

/**
 * How well an item matches the query words, 0 when it does not: every word must start a word of the
 * item's title, categories or (typed exactly) description, or the whole query be inside the title.
 * Whole words of the title rank first, then starts of its words, then category names (an item in
 * "Soups" or "汤" before one that has 汤 in its name only), then descriptions.
 */
export function matchScore(q: string, queryWords: readonly string[], title: string, known: KnownWords, description: readonly string[] = []) {
  let score = 0;
  let whole = queryWords.length > 0;
  let all = true;
  for (const w of queryWords) {
    const t = bestMatch(w, known.title);
    const c = bestMatch(w, known.category);
    // A description: 1 point.
    const d = bestMatch(w, description, true) ? 1 : 0;
    whole &&= t === 3;
    all &&= t + c + d > 0;
    score += TITLE[t]! + CATEGORY[c]! + d;
  }
  const inside = q !== "" && title.includes(q);
  if (!all && !inside) return 0;
  // The whole query inside the title ("erit" in "Margherita"): 2; every query word a whole word of the title: first.
  return score + (inside ? 2 : 0) + (whole ? 100 : 0);
}

/**
 * The items the query finds, best first (`matchScore`; the menu's order among equals): `titles`
 * from `foldedTitles`, `known` from `knownWords` (same order as items), and the descriptions of the
 * items whose chunk is there.
 */
export function matchingItems(query: string, items: readonly BriefItem[], titles: readonly string[], known: readonly KnownWords[], descriptions: ReadonlyMap<string, string[]>) {
  const queryWords = words(query);
  const q = queryWords.join(" ");
  if (!q) return [];
  return items
    .map((item, n) => ({ item, score: matchScore(q, queryWords, titles[n]!, known[n]!, descriptions.get(item.id)) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((m) => m.item);
}

/** The items whose chunks a search needs: all of a small menu's, else the first matches. */
export const itemsToFetch = (items: readonly BriefItem[], matches: readonly BriefItem[]) =>
  items.length <= SMALL_MENU ? items.map((i) => i.id) : matches.slice(0, FETCHED_MATCHES).map((i) => i.id);
