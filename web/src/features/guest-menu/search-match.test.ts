import { describe, expect, it } from "vitest";
import { closestCategories, fold, matchesAll, startsWord, textWords, wordMatch, words } from "./search-match";

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

  it("forgives a wrong letter against the whole word, not against the start of a longer one (issue 48)", () => {
    expect(startsWord("marshmallows", "margh")).toBe(false);
    expect(startsWord("margherita", "margh")).toBe(true);
    expect(startsWord("kahvaltısı", "kahve")).toBe(false);
    expect(startsWord("kahveler", "kahve")).toBe(true);
    expect(startsWord("souple", "soupe")).toBe(true); // a word one letter away: the matcher leaves descriptions out of it
    expect(startsWord("маргарита", "маргори")).toBe(true); // typing on: two letters left
    expect(startsWord("маргарита", "маргор")).toBe(false);
    expect([wordMatch("soup", "soup"), wordMatch("soups", "soup"), wordMatch("margherita", "margherrita"), wordMatch("marshmallows", "margh")]).toEqual([3, 2, 1, 0]);
  });

  it("reads Arabic without the article, harakat, tatweel, hamza forms and the endings ة and ات (issue 48)", () => {
    // ة as ه, ى as ي, أ إ آ as ا, no tatweel (ـ) or harakat (ُ ّ …).
    expect(fold("قهوة")).toBe("قهوه");
    expect(fold("حلوى")).toBe("حلوي");
    expect(fold("أإآا")).toBe("اااا");
    expect(fold("قـهـوة")).toBe("قهوه");
    expect(fold("مثلّج")).toBe("مثلج");
    expect(fold("شُوْرَبَة")).toBe("شوربه");
    // Article and endings off: the singular, the plural and with or without ال are one word.
    for (const w of ["قهوة", "القهوة", "قهوه", "القهوه"]) expect(words(w)).toEqual(["قهو"]);
    for (const w of ["شوربة", "الشوربات", "شوربات"]) expect(words(w)).toEqual(["شورب"]);
    for (const w of ["حلويات", "الحلويات"]) expect(words(w)).toEqual(["حلوي"]);
    expect(words("بالكريمة وبالحليب للأطفال")).toEqual(["كريم", "حليب", "اطفال"]);
    // A short word keeps what it has: "الا", "بالون" (balloon) is not بال + ون.
    expect(words("الا بالون")).toEqual(["الا", "بالون"]);
    // A text's words also as written and without the article only: a query typed letter by letter finds them.
    expect(textWords("الشوربات")).toEqual(["شورب", "شوربات", "الشوربات"]);
    expect(matchesAll(words("ال"), textWords("الشوربات"))).toBe(true);
    expect(matchesAll(words("الش"), textWords("الشوربات"))).toBe(true);
    expect(matchesAll(words("شوربا"), textWords("الشوربات"))).toBe(true);
    expect(matchesAll(words("قهوة"), textWords("قهوتنا الخاصة"))).toBe(true);
  });

  it("reads Han and kana character by character", () => {
    expect(words("浓缩咖啡汤力")).toEqual(["浓", "缩", "咖", "啡", "汤", "力"]);
    expect(words("抹茶latte")).toEqual(["抹", "茶", "latte"]);
    expect(matchesAll(words("咖啡"), textWords("意式浓缩咖啡"))).toBe(true);
    expect(matchesAll(words("汤"), textWords("奶油蘑菇汤"))).toBe(true);
    expect(matchesAll(words("茶"), textWords("咖啡"))).toBe(false);
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
