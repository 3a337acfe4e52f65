/**
 * The demo menu's allergens and dietary tags, read from each dish's English title and ingredients
 * (the catalogue has no separate list): good enough for a believable demo, never for a real venue.
 */
import type { Allergen, DietTag } from "@menu/core/item/marks";

const ALLERGEN_WORDS: [Allergen, RegExp][] = [
  ["gluten", /bread|bun|pasta|flour|pizza|croissant|syrniki|pancake|dumpling|noodle|trofie|crouton|toast|waffle|cake|brownie|tiramisu|burger|bruschetta|pelmeni|vareniki|draniki|tortilla|lasagn|spaghetti|tagliatelle|pie|cheesecake|beer/i],
  ["crustaceans", /shrimp|prawn|crab|lobster/i],
  ["eggs", /egg|omelette|mayonnaise|carbonara|tiramisu|syrniki|pancake|cake|waffle|caesar/i],
  ["fish", /salmon|tuna|fish|cod|herring|trout|anchov|dorado|sea bass/i],
  ["peanuts", /peanut/i],
  ["soy", /soy|tofu|edamame/i],
  ["milk", /cheese|parmesan|sour cream|milk|cream|butter|mozzarella|camembert|yogurt|latte|cappuccino|syrniki|feta|ricotta|mascarpone|dor blue|burrata|ice cream|milkshake/i],
  ["nuts", /walnut|pine nut|hazelnut|almond|pistachio|cashew|pecan|nutty/i],
  ["celery", /celery/i],
  ["mustard", /mustard/i],
  ["sesame", /sesame/i],
  ["sulphites", /\bwine\b|prosecco|champagne|dried fruit/i],
  ["molluscs", /mussel|squid|octopus|oyster|scallop|seafood/i],
];
const MEAT = /chicken|beef|pork|bacon|ham|lamb|duck|salmon|shrimp|tuna|fish|sausage|meat|veal|turkey|seafood|prawn|crab|squid|mussel|pepperoni|prosciutto|salami|steak|ribs|anchov|herring|trout|cod|dorado|sea bass|borscht|tom yum|pelmeni|carbonara|burger|kebab|shawarma|cutlet/i;
const ANIMAL = /egg|cheese|milk|cream|butter|honey|yogurt|parmesan|mozzarella|mayonnaise/i;
const SPICY = /spicy|chili|chilli|tom yum|jalapeñ|pepperoni|sriracha|kimchi|hot sauce|arrabbiata/i;

/** Marks of a kitchen dish from its English title and description line. */
export function demoMarks(english: string): { allergens: Allergen[]; tags: DietTag[] } {
  const allergens = ALLERGEN_WORDS.filter(([, words]) => words.test(english)).map(([a]) => a);
  const tags: DietTag[] = [];
  if (!MEAT.test(english)) tags.push("vegetarian");
  if (!MEAT.test(english) && !ANIMAL.test(english) && !allergens.includes("milk") && !allergens.includes("eggs")) tags.push("vegan");
  if (SPICY.test(english)) tags.push("spicy");
  return { allergens, tags };
}
