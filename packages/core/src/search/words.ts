/**
 * How search reads text: lower case, ё as е, words split at anything that is not a letter, mark or
 * digit. A query word is found at the start of a word ("бург" finds "Бургер", not "Чизбургер"):
 * one index row per word keeps a save's index writes few (parts of words tripled them). Han, kana
 * and Hangul have no spaces: each of their characters is indexed on its own and a query's run of
 * them must occur in the text as it is.
 */
export const normalize = (text: string) => text.toLocaleLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Long enough for any real word; keeps an index key short whatever a title holds. */
export const WORD_MAX = 40;

const spacedWords = (text: string) => (text.replace(UNSPACED, " ").match(WORD) ?? []).map((w) => [...w].slice(0, WORD_MAX).join(""));
const unspacedRuns = (text: string) => text.match(UNSPACED) ?? [];

/** `w`: a whole word (or one unspaced character). */
export type IndexTerm = { kind: "w"; term: string };
export const termKey = (t: IndexTerm) => `${t.kind}:${t.term}`;

/** The index terms of some texts (a title and its translations), each once. */
export function indexTermsOf(texts: string[]): IndexTerm[] {
  const terms = new Map<string, IndexTerm>();
  const add = (t: IndexTerm) => terms.set(termKey(t), t);
  for (const text of texts.map(normalize)) {
    for (const run of unspacedRuns(text)) for (const ch of run) add({ kind: "w", term: ch });
    for (const word of spacedWords(text)) add({ kind: "w", term: word });
  }
  return [...terms.values()];
}

/** A word of a query, and the index lookups whose answers hold every record it matches. */
export type QueryTerm = { kind: "word" | "run"; text: string; sources: IndexTerm[] };

export function queryTermsOf(query: string): QueryTerm[] {
  const text = normalize(query);
  const terms = new Map<string, QueryTerm>();
  for (const word of spacedWords(text)) terms.set(`word:${word}`, { kind: "word", text: word, sources: [{ kind: "w", term: word }] });
  for (const run of unspacedRuns(text)) terms.set(`run:${run}`, { kind: "run", text: run, sources: [...new Set(run)].map((ch) => ({ kind: "w", term: ch })) });
  return [...terms.values()];
}

/** What a record is found by: its words and its normalised texts (for unspaced runs). */
export type Searchable = { words: string[]; texts: string[] };

export function searchable(texts: string[]): Searchable {
  const normalized = texts.filter(Boolean).map(normalize);
  return { words: [...new Set(normalized.flatMap(spacedWords))], texts: normalized };
}

export function termMatches(term: QueryTerm, s: Searchable) {
  if (term.kind === "run") return s.texts.some((t) => t.includes(term.text));
  return s.words.some((w) => w.startsWith(term.text));
}
