/**
 * A default icon for a category the import creates (issue 33): chosen by keywords of its name
 * (Russian and English stems), from the set the category dialog offers; else the section's own.
 */
import type { CATEGORY_ICONS } from "../category/schemas";
import type { Section } from "../shared/model";

type Icon = (typeof CATEGORY_ICONS)[number];

/** Word beginnings, first match wins: more specific ones come before general ones ("чай" before "напит"). */
const KEYWORDS: [string, Icon][] = [
  ["пицц pizza", "🍕"],
  ["бургер burger", "🍔"],
  ["суп супы soup борщ бульон", "🍲"],
  ["салат salad", "🥗"],
  ["паст спагет pasta spaghetti", "🍝"],
  ["лапш рамен вок noodle ramen wok", "🍜"],
  ["суши ролл sushi roll", "🍣"],
  ["завтрак breakfast яичн омлет egg", "🍳"],
  ["блин панкейк pancake crepe", "🥞"],
  ["стейк мяс гриль steak meat grill", "🥩"],
  ["куриц птиц крыл chicken poultry wing", "🍗"],
  ["рыб морепродукт fish seafood", "🐟"],
  ["сыр cheese", "🧀"],
  ["сэндвич бутерброд шаурм sandwich wrap", "🥪"],
  ["закуск снек snack starter appetizer fries", "🍟"],
  ["торт cake", "🎂"],
  ["десерт выпечк пирож сладк dessert pastr sweet", "🍰"],
  ["морожен gelato", "🍨"],
  ["кофе капучино латте эспрессо coffee", "☕"],
  ["чай tea", "🫖"],
  ["лимонад lemonade", "🍋"],
  ["коктейл cocktail", "🍹"],
  ["пиво пивн сидр beer cider", "🍺"],
  ["вин wine", "🍷"],
  ["шампан игрист champagne sparkling", "🥂"],
  ["виски коньяк ром водк крепк whisk cognac rum vodka spirit", "🥃"],
  ["сок напит вода воды смузи drink juice water smoothie soda", "🥤"],
  ["кальян табак hookah shisha tobacco", "💨"],
  ["дартс dart", "🎯"],
  ["консол видеоигр playstation xbox console video", "🎮"],
  ["настол игр board game", "🎲"],
];

/** The section's icon when no keyword fits (promotions: a gift). */
export const SECTION_ICONS: Record<Section, Icon> = { kitchen: "🍲", drinks: "🥤", hookahs: "💨", games: "🎲", promotions: "🎁" };

export function categoryIconFor(name: string, section: Section): Icon {
  // Word beginnings, not any substring: "свинина" is no wine, "картофель" no card game.
  const words = name.toLocaleLowerCase().split(/[^\p{L}]+/u);
  return KEYWORDS.find(([stems]) => stems.split(" ").some((stem) => words.some((w) => w.startsWith(stem))))?.[1] ?? SECTION_ICONS[section];
}
