/**
 * How the guest search matches (issues 32, 48): every word of the query must start a word of what
 * the item is known by (its title, its description once loaded, its category's and supercategory's
 * names), in any order; case, ё/е and diacritics do not count, and one wrong, missing or extra
 * letter is forgiven in query words of five letters or more when they come close to the whole word
 * (not to the start of a longer one: "margh" is not "marshmallows", "kahve" not "kahvaltı").
 * Arabic is read without the article (ال, بال, وال…), with ة as ه, ى as ي, hamza forms of alef as
 * ا, no tatweel or harakat, and without the endings ة and ات (شوربة, الشوربات → شورب). Han and kana
 * are read character by character (their texts have no spaces). Whole-query substrings of the
 * title still match, as before. With nothing found, the categories whose names come closest are offered.
 */

/** Lower case, ё → е, no diacritics (é → e, İ → i, أ إ آ → ا), ة → ه, ى → ي, a space around each Han or kana character, words separated by single spaces. */
export function fold(text: string) {
  return text
    .toLocaleLowerCase()
    .replace(/ё/g, "е")
    .normalize("NFD")
    .replace(/[\p{M}\u0640]/gu, "")
    .replace(/ة/g, "ه")
    .replace(/ى/g, "ي")
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, " $& ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** An Arabic word without its article where two letters or more are left; three after بال, كال, لل and و/ف before them ("بالون" is a word). */
const unarticled = (w: string) => w.replace(/^(?:ال(?=..)|[وف]?(?:[بك]?ال|لل)(?=...))/, "");
/** An Arabic word without article and the endings ة (folded to ه) and ات, where two letters or more are left. */
const stem = (w: string) => (/^[\u0621-\u064a]/.test(w) ? unarticled(w).replace(/(?:ه|ات)$/, (end, at: number) => (at >= 2 ? "" : end)) : w);

/** The words of a query as they are matched. */
export const words = (text: string) => {
  const folded = fold(text);
  return folded ? folded.split(" ").map(stem) : [];
};

/** The words of a text the search looks in: an Arabic word also as written and without its article only, so a query typed letter by letter ("ال", "شوربا") finds it on the way. */
export const textWords = (text: string) => {
  const folded = fold(text);
  return folded ? folded.split(" ").flatMap((w) => [stem(w), unarticled(w), w]) : [];
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
/** A forgiven word may go on this many letters past the query (an ending: "десерт" for "десерты"), no more. */
const FORGIVEN_TAIL = 2;

/**
 * How a query word matches a word: 3 the whole word, 2 its start, 1 the word with one letter wrong
 * (the query `forgiving` letters long or longer; `tail`: letters the word may go on past it), 0 not at all.
 */
export function wordMatch(word: string, query: string, forgiving = FORGIVING_LENGTH, tail = FORGIVEN_TAIL) {
  if (word === query) return 3;
  if (word.startsWith(query)) return 2;
  if (query.length < forgiving) return 0;
  // The word, or its start past which at most `tail` letters are left, give or take the letter added or missing.
  return [query.length - 1, query.length, query.length + 1].some((n) => n <= word.length && word.length - n <= tail && withinOneEdit(word.slice(0, n), query)) ? 1 : 0;
}

/** Whether the query word starts the word, or (long enough) is the word with one letter wrong. */
export const startsWord = (word: string, query: string) => wordMatch(word, query) > 0;

/** How well a query word matches the best of the words (`wordMatch`); `exact`: only whole words and starts count. */
export function bestMatch(query: string, known: readonly string[], exact = false, forgiving?: number, tail?: number) {
  let best = 0;
  for (const w of known) {
    const m = wordMatch(w, query, forgiving, tail);
    if (m > best && (m > 1 || !exact)) best = m;
  }
  return best;
}

/** Whether every query word starts one of the words. */
export function matchesAll(queryWords: readonly string[], known: readonly string[]) {
  return queryWords.length > 0 && queryWords.every((q) => bestMatch(q, known) > 0);
}

/** How close a name comes to the query: the share of query words that start one of its words, half for one letter wrong at 3+ letters. */
const closeness = (queryWords: readonly string[], name: readonly string[]) =>
  queryWords.reduce((score, q) => score + [0, 0.5, 1, 1][bestMatch(q, name, false, 3, Infinity)]!, 0) / queryWords.length;

/** The categories (id, name) whose names come closest to the query, best first: at most `max`, none below half a match. */
export function closestCategories<C extends { id: string; name: string }>(query: string, categories: readonly C[], max = 3): C[] {
  const queryWords = words(query);
  if (!queryWords.length) return [];
  return categories
    .map((c) => ({ c, score: closeness(queryWords, textWords(c.name)) }))
    .filter((s) => s.score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((s) => s.c);
}
