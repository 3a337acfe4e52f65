/**
 * How well a reader read a corpus menu: each expected item is matched with a found one (the same
 * title, else the closest unused one that is close enough), then its title, prices and category are
 * compared exactly. The domain tests, the bench and the photo helper share this one yardstick.
 */
import type { DraftItem, MenuDraft } from "../../src/import/reading/draft";
import { itemsOf, type CorpusMenu } from "./menus";

export type DraftScore = {
  /** Items the menu holds. */
  items: number;
  /** Expected items matched with a found one. */
  itemsFound: number;
  /** …whose title is exactly the menu's (white space collapsed). */
  titlesRight: number;
  /** …whose portions have exactly the menu's prices and currencies, in order. */
  pricesRight: number;
  /** …whose weights and units are the menu's (a portion without weight counts by its price alone). */
  weightsRight: number;
  /** …in the menu's category (its name compared without case) and section. */
  categoriesRight: number;
  /** Found items that match no expected one (headings or descriptions read as items). */
  extra: number;
};

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const key = (text: string) => squash(text).toLowerCase().replace(/ё/g, "е");

/** Levenshtein distance, bounded to short strings (titles). */
function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A found title close enough to count as the expected item, misread: at most a third of it differs. */
const similar = (expected: string, found: string) => distance(key(expected), key(found).slice(0, 120)) <= Math.max(2, Math.floor(key(expected).length / 3));

export function scoreDraft(expected: CorpusMenu, draft: MenuDraft): DraftScore {
  const wanted = itemsOf(expected);
  const unused = new Set<DraftItem>(draft.items);
  const score: DraftScore = { items: wanted.length, itemsFound: 0, titlesRight: 0, pricesRight: 0, weightsRight: 0, categoriesRight: 0, extra: 0 };
  const pairs: [(typeof wanted)[number], DraftItem][] = [];
  // Exact titles first, so a misread neighbour does not take an exactly read item's place.
  const rest: typeof wanted = [];
  for (const want of wanted) {
    const found = [...unused].find((item) => key(item.title) === key(want.item.title));
    if (found) {
      unused.delete(found);
      pairs.push([want, found]);
    } else rest.push(want);
  }
  for (const want of rest) {
    const found = [...unused].find((item) => similar(want.item.title, item.title));
    if (found) {
      unused.delete(found);
      pairs.push([want, found]);
    }
  }
  for (const [{ item, category }, found] of pairs) {
    score.itemsFound++;
    if (squash(found.title) === squash(item.title)) score.titlesRight++;
    const samePrices = found.portions.length === item.portions.length && item.portions.every((p, i) => found.portions[i]!.price === p.price && found.portions[i]!.currency === p.currency);
    if (samePrices) score.pricesRight++;
    const sameWeights = found.portions.length === item.portions.length && item.portions.every((p, i) => found.portions[i]!.weight === p.weight && (!p.weight || found.portions[i]!.unit === p.unit));
    if (sameWeights) score.weightsRight++;
    if (key(found.category) === key(category.name) && found.section === category.section) score.categoriesRight++;
  }
  score.extra = unused.size;
  return score;
}

/** Scores added up over menus. */
export const addScores = (scores: readonly DraftScore[]): DraftScore =>
  scores.reduce((sum, s) => Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v + s[k as keyof DraftScore]])) as DraftScore, { items: 0, itemsFound: 0, titlesRight: 0, pricesRight: 0, weightsRight: 0, categoriesRight: 0, extra: 0 });
