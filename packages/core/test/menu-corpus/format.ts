/**
 * How a corpus menu writes its values (every renderer uses these, so the PDF, the Word file, the
 * text and the photo of one menu say the same): prices in the menu's format, weights with the
 * language's units, an item's line split into title, weight and price cells.
 */
import type { CorpusItem, CorpusMenu, CorpusPortion, CorpusUnit, PriceFormat } from "./menus";

const UNIT_WORDS: Record<CorpusMenu["language"], Record<CorpusUnit, string>> = {
  ru: { g: "г", ml: "мл", l: "л", pieces: "шт" },
  be: { g: "г", ml: "мл", l: "л", pieces: "шт" },
  en: { g: "g", ml: "ml", l: "l", pieces: "pcs" },
};
const LONG_UNITS: Partial<Record<CorpusUnit, Record<CorpusMenu["language"], string>>> = { g: { ru: "гр", be: "гр", en: "gr" }, pieces: { ru: "шт.", be: "шт.", en: "pcs" } };

const twoDecimals = (value: number, mark: "," | ".") => value.toFixed(2).replace(".", mark);

export function formatPrice(price: string, format: PriceFormat): string {
  const value = Number(price);
  switch (format) {
    case "comma":
      return twoDecimals(value, ",");
    case "point":
      return twoDecimals(value, ".");
    case "byn":
      return `${twoDecimals(value, ",")} BYN`;
    case "rub":
      return `${twoDecimals(value, ",")} руб.`;
    case "r":
      return `${twoDecimals(value, ",")} р.`;
    case "br":
      return `${twoDecimals(value, ".")} Br`;
    case "usd":
      return `$${twoDecimals(value, ".")}`;
    case "short":
      // As short as the value allows: "12", "12,5", "12,45"
      return price.replace(".", ",");
    case "kop": {
      const rubles = Math.floor(value);
      const kopecks = Math.round((value - rubles) * 100);
      return kopecks ? `${rubles} р. ${String(kopecks).padStart(2, "0")} к.` : `${rubles} р.`;
    }
  }
}

export function formatWeight(menu: CorpusMenu, portion: CorpusPortion): string {
  if (!portion.weight) return "";
  const number = (portion.weightText ?? portion.weight).replace(/\./g, menu.language === "en" ? "." : ",");
  const style = menu.style.unitStyle;
  const unit = (style === "long" && LONG_UNITS[portion.unit]?.[menu.language]) || UNIT_WORDS[menu.language][portion.unit];
  return style === "glued" ? `${number}${unit}` : `${number} ${unit}`;
}

/** An item's line as cells: the title (with its weight when written inline), the weight column, the price. */
export function itemCells(menu: CorpusMenu, item: CorpusItem): { title: string; weight: string; price: string } {
  const { style } = menu;
  if (item.portions.length > 1) {
    // Several sizes: "0,3 л — 4,00 / 0,5 л — 6,00" in the price's place.
    const sizes = item.portions.map((p) => `${formatWeight(menu, p)} — ${formatPrice(p.price, style.price)}`).join(" / ");
    return { title: item.title, weight: "", price: sizes };
  }
  const portion = item.portions[0]!;
  if (style.tableHeader && style.weight === "column") {
    // Under a header that names the units: bare numbers.
    const mark = menu.language === "en" || ["point", "usd", "br"].includes(style.price) ? "." : ",";
    return { title: item.title, weight: (portion.weightText ?? portion.weight).replace(/\./g, mark), price: twoDecimals(Number(portion.price), mark) };
  }
  const weight = formatWeight(menu, portion);
  const price = formatPrice(portion.price, style.price);
  if (!weight || style.weight === "column") return { title: item.title, weight, price };
  return { title: style.weight === "brackets" ? `${item.title} (${weight})` : `${item.title}, ${weight}`, weight: "", price };
}

const HEADER_WORDS: Record<CorpusMenu["language"], { title: string; weight: string; volume: string; count: string; price: string }> = {
  ru: { title: "Блюдо", weight: "Выход", volume: "Объём", count: "Кол-во", price: "Цена" },
  be: { title: "Страва", weight: "Выхад", volume: "Аб'ём", count: "Колькасць", price: "Кошт" },
  en: { title: "Dish", weight: "Weight", volume: "Volume", count: "Qty", price: "Price" },
};
const HEADER_CURRENCY: Partial<Record<PriceFormat, string>> = { rub: "руб.", r: "р.", byn: "BYN", br: "Br", usd: "$" };

/** A category's header row in a menu with `tableHeader`: the words over the title, weight and price columns, with their units. */
export function headerCells(menu: CorpusMenu, unit: CorpusUnit): { title: string; weight: string; price: string } {
  const words = HEADER_WORDS[menu.language];
  const measure = unit === "g" ? words.weight : unit === "pieces" ? words.count : words.volume;
  const currency = HEADER_CURRENCY[menu.style.price];
  return { title: words.title, weight: `${measure}, ${UNIT_WORDS[menu.language][unit]}`, price: currency ? `${words.price}, ${currency}` : words.price };
}
