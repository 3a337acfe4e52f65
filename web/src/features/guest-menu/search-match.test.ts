import { describe, expect, it } from "vitest";
import { closestCategories, fold, matchesAll, startsWord, words } from "./search-match";

describe("guest search matching", () => {
  it("ignores case, ё/е and diacritics, and splits on anything that is not a letter or digit", () => {
    expect(fold("Ёжик  в ТУМАНЕ!")).toBe("ежик в тумане");
    expect(fold("Crème brûlée")).toBe("creme brulee");
    expect(fold("Çiğ köfte")).toBe("cig kofte");
    expect(words("Пицца «Маргарита», 30 см")).toEqual(["пицца", "маргарита", "30", "см"]);
  });

  it("finds every query word at the start of some word, in any order", () => {
    const known = words("Маргарита Пицца");
    expect(matchesAll(words("пицца марг"), known)).toBe(true);
    expect(matchesAll(words("марг пиц"), known)).toBe(true);
    expect(matchesAll(words("пицца салат"), known)).toBe(false);
    expect(matchesAll(words("рита"), known)).toBe(false);
    expect(matchesAll([], known)).toBe(false);
  });

  it("forgives one wrong, missing or extra letter in words of five letters or more", () => {
    expect(startsWord("пицца", "пица")).toBe(false); // four letters: exact only
    expect(startsWord("маргарита", "маргорита")).toBe(true); // one replaced
    expect(startsWord("маргарита", "маргрита")).toBe(true); // one missing
    expect(startsWord("маргарита", "маргаррита")).toBe(true); // one extra
    expect(startsWord("маргарита", "моргорита")).toBe(false); // two wrong
    expect(startsWord("десерты", "дисерт")).toBe(true);
    expect(startsWord("tiramisu", "tiramsu")).toBe(true);
  });

  it("offers the categories whose names come closest, best first", () => {
    const categories = [
      { id: "1", name: "Супы" },
      { id: "2", name: "Пицца" },
      { id: "3", name: "Десерты" },
      { id: "4", name: "Пиво разливное" },
    ];
    expect(closestCategories("пицца острая", categories).map((c) => c.id)).toEqual(["2"]);
    expect(closestCategories("сыпы", categories).map((c) => c.id)).toEqual(["1"]);
    expect(closestCategories("пи", categories).map((c) => c.id)).toEqual(["2", "4"]);
    expect(closestCategories("кальян", categories)).toEqual([]);
  });
});
