import { describe, expect, it } from "vitest";
import type { PublishedItem } from "@menu/core/shared/published-menu";
import { itemsToFetch, descriptionWords, knownWords, matchingItems, type SearchedCategory } from "./item-matches";
import { fold } from "./search-match";
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
  matchingItems(query, items, items.map((i) => fold(i.title)), knownWords(items, categories), descriptionWords(new Map(loaded.map((i) => [i.id, i])))).map((i) => i.id);

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

describe("the chunks a search fetches", () => {
  it("all of a small menu's, else those of the first 60 matches", () => {
    expect(itemsToFetch(items, [])).toEqual(items.map((i) => i.id));
    const big = Array.from({ length: 501 }, (_, n): BriefItem => ({ id: `x${n}`, title: `Dish ${n}`, category_id: `c${n}` }));
    expect(itemsToFetch(big, big.slice(100))).toEqual(big.slice(100, 160).map((i) => i.id));
    expect(itemsToFetch(big.slice(1), [])).toHaveLength(500);
  });
});
