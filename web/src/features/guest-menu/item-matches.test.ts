import { describe, expect, it } from "vitest";
import type { PublishedItem } from "@menu/core/shared/published-menu";
import { itemsToFetch, descriptionWords, foldedTitles, knownWords, matchingItems, type SearchedCategory } from "./item-matches";
import type { BriefItem } from "./visible-menu";

const category = (id: string, name: string, source_name: string, parent_id = ""): SearchedCategory => ({ id, section: "kitchen", type: "menu", name, source_name, icon: "", parent_id, position: 0 });
const categories = [category("pz", "Pizza", "Пицца"), category("veg", "Vegetarian", "Вегетарианская", "pz"), category("ds", "Desserts", "Десерты")];
const items: BriefItem[] = [
  { id: "i1", title: "Margherita", source_title: "Маргарита", category_id: "veg" },
  { id: "i2", title: "Pepperoni", source_title: "Пепперони", category_id: "pz" },
  { id: "i3", title: "Tiramisu", source_title: "Тирамису", category_id: "ds" },
];
const tiramisu: PublishedItem = { id: "i3", category_id: "ds", kind: "dish", title: "Tiramisu", description: [{ insert: "Mascarpone and coffee\n" }], portions: [] };

/** The ids the query finds, with the loaded items' descriptions. */
const find = (query: string, loaded: PublishedItem[] = []) =>
  findIn(items, categories, query, loaded);
/** The ids the query finds in these items (in this order, best first). */
const findIn = (list: BriefItem[], cats: SearchedCategory[], query: string, loaded: PublishedItem[] = []) =>
  matchingItems(query, list, foldedTitles(list), knownWords(list, cats), descriptionWords(new Map(loaded.map((i) => [i.id, i])))).map((i) => i.id);
const described = (id: string, category_id: string, title: string, description: string): PublishedItem => ({ id, category_id, kind: "dish", title, description: [{ insert: `${description}\n` }], portions: [] });

describe("what a guest search finds (issue 32)", () => {
  it("finds the whole query inside a title, and each word at the start of a word of the titles, in the menu's language or Russian", () => {
    expect(find("erit")).toEqual(["i1"]);
    expect(find("MARG")).toEqual(["i1"]);
    expect(find("маргарита")).toEqual(["i1"]);
    expect(find("тирамсу")).toEqual(["i3"]); // one letter missing
    expect(find("tiramisu margherita")).toEqual([]);
  });

  it("finds items by their category's and supercategory's names, in both languages", () => {
    expect(find("pizza")).toEqual(["i1", "i2"]);
    expect(find("пицца")).toEqual(["i1", "i2"]);
    expect(find("vegetarian")).toEqual(["i1"]);
    expect(find("pizza pepp")).toEqual(["i2"]);
    expect(find("desserts pizza")).toEqual([]);
  });

  it("finds words of a description only once the item's chunk is loaded", () => {
    expect(find("mascarpone")).toEqual([]);
    expect(find("mascarpone", [tiramisu])).toEqual(["i3"]);
    expect(find("coffee tiram", [tiramisu])).toEqual(["i3"]);
  });

  it("finds nothing for an empty query", () => {
    expect(find("")).toEqual([]);
    expect(find("  ,! ")).toEqual([]);
  });
});

describe("what a guest search finds first (issue 48)", () => {
  it("ranks whole words of the title first, then starts of words, then category names, then descriptions", () => {
    const cats = [category("sp", "Soups", "Супы"), category("dr", "Drinks", "Напитки")];
    const list: BriefItem[] = [
      { id: "tonic", title: "Soupy tonic", category_id: "dr" },
      { id: "borscht", title: "Borscht", category_id: "sp" },
      { id: "mushroom", title: "Cream of mushroom soup", category_id: "sp" },
      { id: "mint", title: "Cucumber and mint", category_id: "dr" },
    ];
    const mint = described("mint", "dr", "Cucumber and mint", "cucumber, soup of the day");
    expect(findIn(list, cats, "soup", [mint])).toEqual(["mushroom", "tonic", "borscht", "mint"]);
  });

  it("in Chinese, character by character: an item of the category 汤 before one with 汤 in its name only, a description last", () => {
    const cats = [category("sp", "汤", "Супы"), category("dr", "鸡尾酒", "Коктейли")];
    const list: BriefItem[] = [
      { id: "tonic", title: "浓缩咖啡汤力", category_id: "dr" },
      { id: "borscht", title: "罗宋汤配酸奶油和蒜香面包", category_id: "sp" },
      { id: "mint", title: "黄瓜薄荷", category_id: "dr" },
      { id: "solyanka", title: "俄式杂拌肉汤", category_id: "sp" },
    ];
    const mint = described("mint", "dr", "黄瓜薄荷", "黄瓜、薄荷、青柠、汤力水");
    expect(findIn(list, cats, "汤", [mint])).toEqual(["borscht", "solyanka", "tonic", "mint"]);
    expect(findIn(list, cats, "肉汤", [mint])).toEqual(["solyanka"]);
    expect(findIn(list, cats, "咖啡")).toEqual(["tonic"]);
  });

  it("in Arabic, the singular, the plural and the article find the same dishes", () => {
    const cats = [category("cf", "القهوة", "Кофе"), category("sg", "قهوتنا الخاصة", "Авторский кофе", "cf"), category("sp", "الشوربات", "Супы"), category("ds", "الحلويات", "Десерты")];
    const list: BriefItem[] = [
      { id: "latte", title: "لاتيه", category_id: "cf" },
      { id: "raf", title: "قهوة راف", category_id: "sg" },
      { id: "mushroom", title: "شوربة الفطر بالكريمة", category_id: "sp" },
      { id: "borscht", title: "بورش بالقشطة", category_id: "sp" },
      { id: "cake", title: "كعكة العسل", category_id: "ds" },
    ];
    for (const q of ["قهوة", "القهوة", "قهوه", "القهوه", "قـهـوة"]) expect(findIn(list, cats, q)).toEqual(["raf", "latte"]);
    for (const q of ["شوربة", "الشوربات", "شوربات", "شوربه"]) expect(findIn(list, cats, q)).toEqual(["mushroom", "borscht"]);
    for (const q of ["حلويات", "الحلويات"]) expect(findIn(list, cats, q)).toEqual(["cake"]);
    expect(findIn(list, cats, "كريمة")).toEqual(["mushroom"]);
  });

  it("forgives a wrong letter in a title or a category, not in a description, and not against the start of a longer word", () => {
    const cats = [category("pz", "Pizza", "Пицца"), category("hot", "Hot drinks", "Горячие напитки"), category("wn", "Wines", "Вино")];
    const list: BriefItem[] = [
      { id: "cocoa", title: "Cocoa with marshmallows", category_id: "hot" },
      { id: "margherita", title: "Margherita", category_id: "pz" },
      { id: "merlot", title: "Merlot", category_id: "wn" },
    ];
    const merlot = described("merlot", "wn", "Merlot", "souple et fruité");
    expect(findIn(list, cats, "margh")).toEqual(["margherita"]);
    expect(findIn(list, cats, "margerita")).toEqual(["margherita"]);
    expect(findIn(list, cats, "soupe", [merlot])).toEqual([]);
    expect(findIn(list, cats, "souple", [merlot])).toEqual(["merlot"]);
    expect(findIn(list, cats, "wnes")).toEqual([]); // four letters: exact only
    expect(findIn(list, cats, "winnes")).toEqual(["merlot"]);
  });

  it("ignores accents and finds the French coffees by the singular, the plural and without the accent", () => {
    const cats = [category("cf", "Cafés", "Кофе"), category("cl", "Cafés classiques", "Классический кофе", "cf")];
    const list: BriefItem[] = [
      { id: "espresso", title: "Expresso", category_id: "cl" },
      { id: "latte", title: "Café latte", category_id: "cl" },
      { id: "cocoa", title: "Chocolat chaud aux guimauves", category_id: "cf" },
    ];
    for (const q of ["café", "cafés", "cafe", "CAFE", "cafe\u0301"]) expect(findIn(list, cats, q)).toEqual(["latte", "espresso", "cocoa"]);
  });
});

describe("the chunks a search fetches", () => {
  it("all of a small menu's, else those of the first 60 matches", () => {
    expect(itemsToFetch(items, [])).toEqual(items.map((i) => i.id));
    const big = Array.from({ length: 501 }, (_, n): BriefItem => ({ id: `x${n}`, title: `Dish ${n}`, category_id: `c${n}` }));
    expect(itemsToFetch(big, big.slice(100))).toEqual(big.slice(100, 160).map((i) => i.id));
    expect(itemsToFetch(big.slice(1), [])).toHaveLength(500);
  });
});
