/**
 * URL names suggested from the names an owner types (issues 33 and 50): pure, so a form proposes
 * one at every keystroke and the availability check proposes a free variant of a taken one.
 * Cyrillic is transliterated, accents folded; words the name shares with every other venue
 * ("кафе", "на", "the") are left out, and the words left are joined by hyphens (decision 105).
 */
import { URL_KEY_MAX } from "./url-key";

/** Russian, Belarusian and Ukrainian letters, as passports and road signs write them (simplified to a–z). */
const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k",
  л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts",
  ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  і: "i", ў: "u", ї: "yi", є: "ye", ґ: "g",
};

/**
 * Words that say what kind of place it is or join other words: a short list per language (ru, be,
 * en), compared with a word as typed, lowercase. A name made of them only keeps them ("Бар" → bar).
 */
const FILLER_WORDS = new Set([
  ...["кафе", "ресторан", "бар", "кофейня", "пиццерия", "на", "в", "во", "и", "у", "с"],
  ...["кавярня", "рэстаран", "піцэрыя", "і", "ў"],
  ...["cafe", "café", "restaurant", "bar", "the", "and", "at", "of", "on", "in"],
]);

/** A word in a–z and 0–9: transliterated, accents folded, anything else left out. */
function latinWord(word: string): string {
  const latin = [...word].map((c) => CYRILLIC[c] ?? c).join("");
  return latin.normalize("NFKD").replace(/[^a-z0-9]/g, "");
}

/** Latin words joined by hyphens, starting with a letter, cut at a word within the 40-character limit. */
function joined(words: readonly string[]): string {
  const latin = words.map(latinWord).filter(Boolean);
  const first = latin.findIndex((w) => /^[a-z]/.test(w));
  let out = "";
  for (const word of first < 0 ? [] : latin.slice(first)) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > URL_KEY_MAX) return out || word.slice(0, URL_KEY_MAX);
    out = next;
  }
  return out;
}

/** "Кафе «Берёзка» на Немиге" → "berezka-nemige"; "Café Zoë 24/7" → "zoe-24-7"; "" when nothing Latin can be made. */
export function urlNameFrom(name: string): string {
  // An apostrophe belongs to its word (Belarusian "сям'я", English "Dani's").
  const words = name.toLowerCase().replace(/['’ʼ`]/g, "").split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
  return joined(words.filter((w) => !FILLER_WORDS.has(w))) || joined(words);
}

/**
 * The city in a free-text address, when it says so ("г. Минск, ул. …", "город Брест", "горад
 * Гродна"): the place a taken store URL name is offered with.
 */
export function cityOf(address: string | undefined): string | undefined {
  const city = /(?:^|[\s,(])(?:г\.|гор\.|город|горад)\s*([\p{L}][\p{L}-]*)/iu.exec(address ?? "")?.[1];
  return city ? urlNameFrom(city) || undefined : undefined;
}

/** How many variants the availability check tries at once (one BatchGetItem). */
export const URL_NAME_VARIANTS = 25;

/** `base` and `tail` joined by a hyphen, `base` cut (at no trailing hyphen) to keep within the limit. */
const withTail = (base: string, tail: string) => `${base.slice(0, URL_KEY_MAX - tail.length - 1).replace(/-+$/, "")}-${tail}`;
/** A place longer than this is not offered: the name itself must keep most of the 40 characters. */
const PLACE_MAX = 16;

/**
 * The variants offered when `base` is taken, in order: `base-<place>` when a place is known (the
 * store's city), then `base-2`, `base-3`, …, each within the 40-character limit. A taken `name-2`
 * goes on with `name-3`. Never a bare appended letter, which reads like a typo (issue 50).
 */
export function urlNameVariants(base: string, { place, count = URL_NAME_VARIANTS }: { place?: string; count?: number } = {}): string[] {
  const numbered = /^(.+)-(\d{1,4})$/.exec(base);
  const stem = numbered ? numbered[1]! : base;
  const start = numbered ? Number(numbered[2]) + 1 : 2;
  const near = place && place.length <= PLACE_MAX && place !== stem && !stem.endsWith(`-${place}`) ? [withTail(stem, place)] : [];
  const numbers = Array.from({ length: count - near.length }, (_, i) => withTail(stem, String(start + i)));
  return [...near, ...numbers];
}
