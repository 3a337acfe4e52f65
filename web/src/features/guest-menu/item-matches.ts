/**
 * What a guest search finds (search-match.ts says how words match): the pure part of useItemSearch
 * (item-search.ts), which memoizes each step and fetches the chunks asked for here.
 */
import { plainText, type PublishedCategory, type PublishedItem } from "./model";
import { fold, matchesAll, words } from "./search-match";
import type { BriefItem } from "./visible-menu";

/** Below this many items a search fetches every chunk (descriptions are searched too); above, those of the first matches. */
const SMALL_MENU = 500;
/** How many title matches a search fetches the chunks of. */
const FETCHED_MATCHES = 60;

export type SearchedCategory = PublishedCategory & { source_name?: string };
/** A category's names: in the menu's language and in Russian. */
const names = (c: SearchedCategory | undefined) => (c ? [...words(c.name), ...words(c.source_name ?? "")] : []);

/** The words each category is known by in search: its names and its supercategory's. */
function categoryWords(categories: readonly SearchedCategory[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return new Map(categories.map((c) => [c.id, [...names(c), ...names(c.parent_id ? byId.get(c.parent_id) : undefined)]]));
}

/** Per item (same order), the words it is known by from the index: its titles in the menu's language and in Russian, its categories' names. */
export function knownWords(items: readonly BriefItem[], categories: readonly SearchedCategory[]) {
  const ofCategory = categoryWords(categories);
  return items.map((i) => [...words(i.title), ...words(i.source_title ?? ""), ...(ofCategory.get(i.category_id) ?? [])]);
}

/** The words of each loaded item's description. */
export const descriptionWords = (byId: ReadonlyMap<string, PublishedItem>) => new Map([...byId].map(([id, item]) => [id, words(plainText(item.description))]));

/**
 * The items the query finds: the whole query inside the title (`titles`: folded, same order as
 * items), or every query word starting one of the item's words (`known`) or, once its chunk is
 * there, of its description.
 */
export function matchingItems(query: string, items: readonly BriefItem[], titles: readonly string[], known: readonly string[][], descriptions: ReadonlyMap<string, string[]>) {
  const q = fold(query);
  const queryWords = words(query);
  if (!q) return [];
  return items.filter((item, n) => titles[n]!.includes(q) || matchesAll(queryWords, [...known[n]!, ...(descriptions.get(item.id) ?? [])]));
}

/** The items whose chunks a search needs: all of a small menu's, else the first matches. */
export const itemsToFetch = (items: readonly BriefItem[], matches: readonly BriefItem[]) =>
  items.length <= SMALL_MENU ? items.map((i) => i.id) : matches.slice(0, FETCHED_MATCHES).map((i) => i.id);
