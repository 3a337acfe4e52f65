/**
 * What a menu's words tell the parser (issue 50): which section a heading names (Напитки, Напоі,
 * Drinks, Бар, Кофе… → drinks; Кальяны, Hookah → hookahs), which language the menu is in
 * (Belarusian has і and ў, Russian has neither, English no Cyrillic), a heading in capitals as the
 * owner would type it.
 */
import type { DraftItem, MenuDraft } from "./draft";
import { LEADING_MARKS, TRAILING_MARKS } from "./menu-values";

type Section = DraftItem["section"];

const WORD = String.raw`(?<![\p{L}])`;
const END = String.raw`(?![\p{L}])`;
const HOOKAHS = new RegExp(`${WORD}(кальян|hookah|shisha|шиша)`, "iu");
const DRINKS = new RegExp(
  `${WORD}(напит|напо[іi]|бар${END}|bar${END}|кофе|кав[аы]${END}|coffee|ча[йяи]${END}|чаі|гарбат|teas?${END}|пив[оа]${END}|пивн|піва|beers?${END}|вин[оа]${END}|винн|віно|він[ны]|wines?${END}|вод[аыи]${END}|водк|spirits|безалкогол|безалкагол|коктейл|кактэйл|cocktail|лимонад|ліманад|lemonade|сок|juice|drinks?${END}|beverage|алкогол|алкаго|alcohol|виски|віскі|whisk|смузи|smoothie|морс|квас|сидр|сідр|cider|какао|какава)`,
  "iu",
);
const KITCHEN = new RegExp(`${WORD}(кухня|kitchen|еда|ежа|food|блюда|стравы)${END}`, "iu");

/** The section a heading names, undefined when its words name none. */
export function sectionNamed(heading: string): Section | undefined {
  if (HOOKAHS.test(heading)) return "hookahs";
  if (DRINKS.test(heading)) return "drinks";
  if (KITCHEN.test(heading)) return "kitchen";
  return undefined;
}

/** The menu's language by its letters. */
export function languageOf(texts: readonly string[]): MenuDraft["language"] {
  let cyrillic = 0;
  let latin = 0;
  let belarusian = 0;
  for (const text of texts) {
    for (const c of text) {
      if (/[іўІЎ]/u.test(c)) belarusian++;
      if (/\p{Script=Cyrillic}/u.test(c)) cyrillic++;
      else if (/[a-z]/i.test(c)) latin++;
    }
  }
  if (cyrillic <= latin) return "en";
  return belarusian >= Math.max(2, cyrillic * 0.005) ? "be" : "ru";
}

const letters = (text: string) => text.replace(/[^\p{L}]/gu, "");

/** Written in capitals ("САЛАТЫ"), with letters enough to tell. */
export const inCapitals = (text: string) => {
  const l = letters(text);
  return l.length >= 3 && l === l.toUpperCase() && l !== l.toLowerCase();
};

/** A heading's name as the owner would type it: capitals made a capital and small letters, "#", emoji and a trailing colon dropped. */
export function headingName(text: string): string {
  const name = text.replace(/^#+\s*/u, "").replace(LEADING_MARKS, "").replace(TRAILING_MARKS, "").replace(/[\s:.…·_]+$/u, "").replace(/\s+/gu, " ").trim();
  return inCapitals(name) ? name.charAt(0) + name.slice(1).toLowerCase() : name;
}
