/**
 * Allergens and dietary tags of an item (issue 19). The 14 allergens are the ones EU food law
 * (Regulation 1169/2011, Annex II) requires venues to declare. Marks are data on the item, never
 * translated text: every menu language names them from this table, so all languages show the same
 * marks. Free of Node imports: the SPA, the publish job and the export read it.
 */
import type { MenuLanguage } from "../shared/model";

export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soy",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const DIET_TAGS = ["vegetarian", "vegan", "spicy", "halal", "gluten_free", "lactose_free"] as const;
export type DietTag = (typeof DIET_TAGS)[number];

export type Mark = Allergen | DietTag;

/** [ru, en, zh, ar, tr, fr] */
type Names = readonly [string, string, string, string, string, string];
const NAMES: Record<Mark, Names> = {
  gluten: ["Глютен", "Gluten", "麸质", "الغلوتين", "Gluten", "Gluten"],
  crustaceans: ["Ракообразные", "Crustaceans", "甲壳类", "القشريات", "Kabuklular", "Crustacés"],
  eggs: ["Яйца", "Eggs", "蛋类", "البيض", "Yumurta", "Œufs"],
  fish: ["Рыба", "Fish", "鱼类", "السمك", "Balık", "Poisson"],
  peanuts: ["Арахис", "Peanuts", "花生", "الفول السوداني", "Yer fıstığı", "Arachides"],
  soy: ["Соя", "Soy", "大豆", "الصويا", "Soya", "Soja"],
  milk: ["Молоко", "Milk", "乳制品", "الحليب", "Süt", "Lait"],
  nuts: ["Орехи", "Tree nuts", "坚果", "المكسرات", "Sert kabuklu yemişler", "Fruits à coque"],
  celery: ["Сельдерей", "Celery", "芹菜", "الكرفس", "Kereviz", "Céleri"],
  mustard: ["Горчица", "Mustard", "芥末", "الخردل", "Hardal", "Moutarde"],
  sesame: ["Кунжут", "Sesame", "芝麻", "السمسم", "Susam", "Sésame"],
  sulphites: ["Сульфиты", "Sulphites", "亚硫酸盐", "الكبريتيت", "Sülfitler", "Sulfites"],
  lupin: ["Люпин", "Lupin", "羽扇豆", "الترمس", "Acı bakla", "Lupin"],
  molluscs: ["Моллюски", "Molluscs", "软体动物", "الرخويات", "Yumuşakçalar", "Mollusques"],
  vegetarian: ["Вегетарианское", "Vegetarian", "素食", "نباتي", "Vejetaryen", "Végétarien"],
  vegan: ["Веганское", "Vegan", "纯素", "نباتي صرف", "Vegan", "Végan"],
  spicy: ["Острое", "Spicy", "辣", "حار", "Acı", "Épicé"],
  halal: ["Халяль", "Halal", "清真", "حلال", "Helal", "Halal"],
  gluten_free: ["Без глютена", "Gluten-free", "无麸质", "خالٍ من الغلوتين", "Glutensiz", "Sans gluten"],
  lactose_free: ["Без лактозы", "Lactose-free", "无乳糖", "خالٍ من اللاكتوز", "Laktozsuz", "Sans lactose"],
};
const LANGUAGE_INDEX: Record<MenuLanguage, number> = { ru: 0, en: 1, zh: 2, ar: 3, tr: 4, fr: 5 };

/** A mark's name in a menu language (English for a language the table lacks). */
export const markName = (mark: Mark, lang: string): string => NAMES[mark][LANGUAGE_INDEX[lang as MenuLanguage] ?? 1]!;

export const isMark = (code: string): code is Mark => code in NAMES;

/** Names of the given marks in one language, for the published menu (guests draw the pictograms by code). */
export function markTable(codes: Iterable<string>, lang: string): Record<string, { name: string }> {
  const table: Record<string, { name: string }> = {};
  for (const code of codes) if (isMark(code)) table[code] = { name: markName(code, lang) };
  return table;
}

/** The mark whose name in some language is this text (case-insensitive): how the import reads the sheet. */
export function markByName(text: string): Mark | undefined {
  const wanted = text.trim().toLocaleLowerCase();
  return (Object.keys(NAMES) as Mark[]).find((m) => m === wanted || NAMES[m].some((n) => n.toLocaleLowerCase() === wanted));
}

/** Marks in their canonical order, without repeats. */
export const inMarkOrder = <M extends Mark>(order: readonly M[], marks: readonly M[]) => order.filter((m) => marks.includes(m));

/** A guest's menu filter: items holding any `without` allergen, or lacking any `only` tag, are hidden. */
export type MarkFilter = { without: readonly string[]; only: readonly string[] };

export function passesFilter(item: { allergens?: readonly string[]; tags?: readonly string[] }, filter: MarkFilter) {
  return !filter.without.some((a) => item.allergens?.includes(a)) && filter.only.every((t) => item.tags?.includes(t));
}
