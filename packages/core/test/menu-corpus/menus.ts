/**
 * The menu-reading corpus (issue 50, point 7): menus made here with the items a reader should find
 * in them. Each menu is drawn from dishes.ts by a seeded generator and set in a style of its own
 * (one or two columns, dotted leaders or not, a price format, a font, how headings and weights are
 * written), so the corpus is the same on every machine and covers the layouts the parser reads.
 * The renderers (text.ts, layout.ts → pdf.ts, docx.ts, and the photo helper's photo*.ts) write a
 * menu out; score.ts compares what a reader found with `categories` here.
 */
import { CAFES, POOL, SECTION_HEADINGS, type PoolCategory } from "./dishes";

export type CorpusLanguage = "ru" | "be" | "en";
export type CorpusSection = "kitchen" | "drinks" | "hookahs";
export type CorpusUnit = "g" | "ml" | "l" | "pieces";

/** A portion as the draft should hold it: decimals with a point, no trailing zeros ("12.5", "0.5"). */
export type CorpusPortion = {
  /** "" when the menu gives none. */
  weight: string;
  unit: CorpusUnit;
  price: string;
  currency: "BYN" | "USD";
  /** How the menu writes the weight, when it is not simply `weight` and `unit` ("300/50" for 350 g). */
  weightText?: string;
};
export type CorpusItem = { title: string; description: string; portions: CorpusPortion[] };
export type CorpusCategory = { name: string; section: CorpusSection; items: CorpusItem[] };

/** How a price is written: "12,50" · "12.50" · "12,50 BYN" · "12,50 руб." · "12,50 р." · "12.50 Br" · "12 р. 50 к." · "$12.50" · "12,5" */
export const PRICE_FORMATS = ["comma", "point", "byn", "rub", "r", "br", "kop", "usd", "short"] as const;
export type PriceFormat = (typeof PRICE_FORMATS)[number];
/** The font families of the corpus (DejaVu's, from the dejavu-fonts-ttf package the PDFs use). */
export const CORPUS_FONTS = ["sans", "serif", "condensed", "mono", "serifCondensed"] as const;
export type CorpusFont = (typeof CORPUS_FONTS)[number];

export type CorpusStyle = {
  columns: 1 | 2;
  /** "Борщ ........ 12,50" */
  leaders: boolean;
  price: PriceFormat;
  font: CorpusFont;
  /** Where the weight stands: its own column before the price, after the title ("Борщ, 300 г"), in brackets ("Борщ (300 г)"), or nowhere. */
  weight: "column" | "inline" | "brackets" | "none";
  /** Category headings: capitals, a larger size, or bold at the items' size (the items' titles then regular). */
  headings: "caps" | "large" | "bold";
  /** "Кухня" / "Напитки" headings above the categories of each section. */
  sectionHeadings: boolean;
  /** Units written without a space ("300г") or with the long forms ("300 гр"). */
  unitStyle: "spaced" | "glued" | "long";
  /** A header row over each category's items ("Блюдо | Выход, г | Цена, руб."), the cells then bare numbers (with weights in a column only). */
  tableHeader?: boolean;
};

export type CorpusMenu = {
  /** "ru-01-…": unique, stable. */
  id: string;
  language: CorpusLanguage;
  /** The café's name, the menu's first line. */
  name: string;
  style: CorpusStyle;
  categories: CorpusCategory[];
};

/** mulberry32: a small seeded generator, the same numbers on every machine. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

const LANGUAGES: readonly CorpusLanguage[] = ["ru", "be", "en"];
const LANG_INDEX = { ru: 0, be: 1, en: 2 } as const;

/** A decimal as the draft writes it: a point, at most 2 decimals, no trailing zeros. */
export const canonical = (value: number) => String(Math.round(value * 100) / 100);

/** The price formats a language's menus use ("руб." is not written in an English menu, "$" only there). */
function priceFormatFor(language: CorpusLanguage, index: number): PriceFormat {
  const formats: readonly PriceFormat[] = language === "en" ? ["point", "usd", "byn", "br", "short", "comma"] : ["comma", "rub", "r", "byn", "br", "kop", "point", "short"];
  return formats[index % formats.length]!;
}

function styleFor(language: CorpusLanguage, index: number): CorpusStyle {
  const r = seeded(1000 + index * 7 + LANG_INDEX[language]);
  return {
    columns: index % 3 === 1 ? 2 : 1,
    leaders: index % 2 === 0,
    price: priceFormatFor(language, index),
    font: CORPUS_FONTS[(index + LANG_INDEX[language]) % CORPUS_FONTS.length]!,
    weight: index % 3 === 1 ? r.pick(["inline", "brackets", "none"] as const) : (["column", "inline", "brackets", "none"] as const)[index % 4]!,
    headings: (["caps", "large", "bold"] as const)[(index + LANG_INDEX[language]) % 3]!,
    sectionHeadings: index % 4 === 3,
    unitStyle: (["spaced", "glued", "long", "spaced"] as const)[index % 4]!,
    tableHeader: index % 8 === 0,
  };
}

/** A price drawn in a category's range: whole, half or with cents (a cheap "kop" menu stays under 20). */
function drawPrice(r: ReturnType<typeof seeded>, category: PoolCategory, format: PriceFormat) {
  const [min, max] = format === "kop" ? [Math.min(category.price[0], 3), Math.min(category.price[1], 19)] : category.price;
  const whole = r.int(min, max);
  return whole + r.pick([0, 0, 0.5, 0.9, 0.2, 0.45, 0.75]);
}

function drawCategory(r: ReturnType<typeof seeded>, pool: PoolCategory, language: CorpusLanguage, style: CorpusStyle, index: number): CorpusCategory {
  const l = LANG_INDEX[language];
  const dishes = r.shuffle(pool.dishes).slice(0, r.int(4, Math.min(7, pool.dishes.length)));
  const currency = style.price === "usd" ? "USD" : "BYN";
  const items = dishes.map((dish, n): CorpusItem => {
    const weighed = style.weight !== "none";
    // Some drinks come in two sizes: "0,3 л — 4 / 0,5 л — 6" (only where weights are written at all).
    const twoSizes = weighed && pool.unit === "l" && n % 2 === 0;
    const price = drawPrice(r, pool, style.price);
    const portion = (weight: number, value: number): CorpusPortion => ({ weight: weighed ? canonical(weight) : "", unit: pool.unit, price: canonical(value), currency });
    if (twoSizes) return { title: dish.title[l], description: "", portions: [portion(0.3, price), portion(0.5, price + 2)] };
    const main = portion(dish.weight, price);
    // A main course with its sauce: "300/50 г", read as the total.
    if (weighed && pool.unit === "g" && pool.section === "kitchen" && (index + n) % 5 === 0) {
      const sauce = 50;
      Object.assign(main, { weight: canonical(dish.weight + sauce), weightText: `${dish.weight}/${sauce}` });
    }
    return { title: dish.title[l], description: dish.description?.[l] ?? "", portions: [main] };
  });
  return { name: pool.name[l], section: pool.section, items };
}

/** The categories a menu has: kitchen first, then drinks, then hookahs, as printed menus go. */
function drawMenu(language: CorpusLanguage, index: number): CorpusMenu {
  const r = seeded(index * 31 + LANG_INDEX[language] * 7 + 1);
  const style = styleFor(language, index);
  const kitchen = r.shuffle(POOL.filter((c) => c.section === "kitchen")).slice(0, r.int(2, 3));
  const drinks = index % 3 === 2 ? [] : r.shuffle(POOL.filter((c) => c.section === "drinks")).slice(0, r.int(1, 2));
  const hookahs = index % 5 === 4 ? POOL.filter((c) => c.section === "hookahs") : [];
  const pools = [...kitchen, ...drinks, ...hookahs];
  const categories = pools.map((pool, n) => drawCategory(r, pool, language, style, index + n));
  const name = CAFES[(index + LANG_INDEX[language]) % CAFES.length]![LANG_INDEX[language]];
  return { id: `${language}-${String(index + 1).padStart(2, "0")}-${style.columns}col${style.leaders ? "-leaders" : ""}-${style.price}`, language, name, style, categories };
}

/** Menus per language: 12 × ru, be, en = 36 menus. */
export const MENUS_PER_LANGUAGE = 12;

export const CORPUS: readonly CorpusMenu[] = LANGUAGES.flatMap((language) => Array.from({ length: MENUS_PER_LANGUAGE }, (_, i) => drawMenu(language, i)));

/** The heading of a section as a menu with `sectionHeadings` writes it above its categories. */
export const sectionHeading = (menu: CorpusMenu, section: CorpusSection) => SECTION_HEADINGS[section][LANG_INDEX[menu.language]];

/** The sections of a menu in order, each with its categories (the renderers walk a menu so). */
export function sectionsOf(menu: CorpusMenu) {
  const out: { section: CorpusSection; categories: CorpusCategory[] }[] = [];
  for (const category of menu.categories) {
    const last = out.at(-1);
    if (last?.section === category.section) last.categories.push(category);
    else out.push({ section: category.section, categories: [category] });
  }
  return out;
}

/** Every item of a menu with its category. */
export const itemsOf = (menu: CorpusMenu) => menu.categories.flatMap((category) => category.items.map((item) => ({ category, item })));
