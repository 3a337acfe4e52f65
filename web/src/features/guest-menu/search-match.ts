/**
 * How the guest search matches (issue 32): every word of the query must start a word of what the
 * item is known by (its title, its description once loaded, its category's and supercategory's
 * names), in any order; case, ё/е and diacritics do not count, and one wrong, missing or extra
 * letter is forgiven in query words of five letters or more. Whole-query substrings of the title
 * still match, as before. With nothing found, the categories whose names come closest are offered.
 */

/** Lower case, ё → е, no diacritics (é → e, İ → i), words separated by single spaces. */
export function fold(text: string) {
  return text
    .toLocaleLowerCase()
    .replace(/ё/g, "е")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export const words = (text: string) => {
  const folded = fold(text);
  return folded ? folded.split(" ") : [];
};

/** Whether `a` and `b` differ by at most one letter replaced, added or removed. */
function withinOneEdit(a: string, b: string) {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Query words this long or longer forgive one wrong letter. */
const FORGIVING_LENGTH = 5;

/** Whether the query word starts the word, or (long enough) does so with one letter wrong. */
export function startsWord(word: string, query: string) {
  if (word.startsWith(query)) return true;
  if (query.length < FORGIVING_LENGTH) return false;
  // The start of the word as long as the query, give or take the letter added or missing.
  return [query.length - 1, query.length, query.length + 1].some((n) => n <= word.length && withinOneEdit(word.slice(0, n), query));
}

/** Whether every query word starts one of the words. */
export function matchesAll(queryWords: readonly string[], known: readonly string[]) {
  return queryWords.length > 0 && queryWords.every((q) => known.some((w) => startsWord(w, q)));
}

/** How close a name comes to the query: the share of query words that start one of its words, with one letter wrong allowed at 3+. */
function closeness(queryWords: readonly string[], name: readonly string[]) {
  let score = 0;
  for (const q of queryWords) {
    if (name.some((w) => w.startsWith(q))) score += 1;
    else if (q.length >= 3 && name.some((w) => [q.length - 1, q.length, q.length + 1].some((n) => n > 0 && n <= w.length && withinOneEdit(w.slice(0, n), q)))) score += 0.5;
  }
  return score / queryWords.length;
}

/** The categories (id, name) whose names come closest to the query, best first: at most `max`, none below half a match. */
export function closestCategories<C extends { id: string; name: string }>(query: string, categories: readonly C[], max = 3): C[] {
  const queryWords = words(query);
  if (!queryWords.length) return [];
  return categories
    .map((c) => ({ c, score: closeness(queryWords, words(c.name)) }))
    .filter((s) => s.score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((s) => s.c);
}
