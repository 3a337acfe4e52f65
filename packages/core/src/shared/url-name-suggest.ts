/**
 * URL names suggested from the names an owner types (issue 33): pure, so the registration form
 * proposes one at every keystroke and the availability check proposes the next free variant.
 * URL names are Latin letters only (SPEC.md section 5), so Cyrillic is transliterated and
 * everything else (digits, spaces, punctuation, other scripts) is left out.
 */
import { URL_KEY_MAX } from "./url-key";

/** Russian, Belarusian and Ukrainian letters, as passports and road signs write them (simplified to a–z). */
const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k",
  л: "l", м: "m", н: "n", о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts",
  ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  і: "i", ў: "u", ї: "yi", є: "ye", ґ: "g",
};

/** "Кафе «Ромашка» №1" → "kaferomashka"; "Café Zoë" → "cafezoe"; "" when nothing Latin can be made. */
export function urlNameFrom(name: string): string {
  const latin = [...name.toLowerCase()].map((c) => CYRILLIC[c] ?? c).join("");
  // Symbols go first ("№" would decompose to "No"); é → e + combining accent; then only a–z stay.
  const letters = latin.replace(/[^\p{L}\p{M}]/gu, "").normalize("NFKD").toLowerCase();
  return letters.replace(/[^a-z]/g, "").slice(0, URL_KEY_MAX);
}

/** Letter suffixes (digits are not allowed): b, c, … z, then ba, bb, …: the n-th variant's suffix. */
function suffix(n: number): string {
  const letters = "bcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / letters.length)) out = letters[(k - 1) % letters.length] + out;
  return out;
}

/** How many variants the availability check tries at once (one BatchGetItem). */
export const URL_NAME_VARIANTS = 25;

/**
 * The variants offered when `base` is taken, in order: `base` + b, c, …, each cut to fit the
 * 40-letter limit. `from` skips the first ones (the base itself is variant 0).
 */
export function urlNameVariants(base: string, count = URL_NAME_VARIANTS, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => {
    const tail = suffix(from + i);
    return base.slice(0, URL_KEY_MAX - tail.length) + tail;
  });
}
