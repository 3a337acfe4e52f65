import { describe, expect, it } from "vitest";
import { ROUTE_NAMES } from "../src/shared/reserved-names";
import { RESERVED_NAME_MESSAGE, URL_NAME_SHAPE_MESSAGE, UrlKey } from "../src/shared/url-key";
import { cityOf, urlNameFrom, urlNameVariants } from "../src/shared/url-name-suggest";

const valid = (name: string) => UrlKey.safeParse(name).success;
const messages = (name: string) => UrlKey.safeParse(name).error?.issues.map((i) => i.message) ?? [];

describe("URL names suggested from names (issues 33 and 50, decision 105)", () => {
  it("transliterates and joins the words by hyphens, without the words every venue shares", () => {
    expect(urlNameFrom("Кафе «Берёзка» на Немиге")).toBe("berezka-nemige");
    expect(urlNameFrom("Ресторан «Ромашка» №1")).toBe("romashka-1");
    expect(urlNameFrom("Щи да каша")).toBe("shchi-da-kasha");
    expect(urlNameFrom("Ёлка, Жук и Цапля")).toBe("elka-zhuk-tsaplya");
    expect(urlNameFrom("Кавярня «Ўсход» і Юг")).toBe("uskhod-yug");
    expect(urlNameFrom("The Bar at the Corner")).toBe("corner");
    expect(urlNameFrom("Café Zoë 24/7")).toBe("zoe-24-7");
    expect(urlNameFrom("Кофейня «Ёжик»")).toBe("ezhik");
    expect(urlNameFrom("Dani's")).toBe("danis");
  });

  it("keeps the filler words of a name made of them only, and starts with a letter", () => {
    expect(urlNameFrom("Бар")).toBe("bar");
    expect(urlNameFrom("Кафе на")).toBe("kafe-na");
    expect(urlNameFrom("Кафе 24")).toBe("kafe-24");
    expect(urlNameFrom("1 этаж")).toBe("etazh");
    expect(urlNameFrom("宫保鸡丁 123")).toBe("");
    expect(urlNameFrom("")).toBe("");
  });

  it("keeps within 40 characters, cut at a word", () => {
    const long = urlNameFrom("Очень длинное название кафе у самого синего моря");
    expect(long).toBe("ochen-dlinnoe-nazvanie-samogo-sinego");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(urlNameFrom("Щ".repeat(30))).toHaveLength(40);
  });

  it("suggests only names the server accepts", () => {
    for (const name of ["Кафе «Берёзка» на Немиге", "Café Zoë 24/7", "Кафе 24", "1 этаж", "Очень длинное название кафе у самого синего моря", "Щ".repeat(30)]) {
      const suggested = urlNameFrom(name);
      expect(valid(suggested), suggested).toBe(true);
      for (const v of urlNameVariants(suggested, { place: "minsk" })) expect(valid(v), v).toBe(true);
    }
  });

  it("offers a taken name with the city first, then -2, -3…, never a bare letter", () => {
    expect(urlNameVariants("berezka", { count: 3 })).toEqual(["berezka-2", "berezka-3", "berezka-4"]);
    expect(urlNameVariants("berezka", { place: "minsk", count: 3 })).toEqual(["berezka-minsk", "berezka-2", "berezka-3"]);
    // A taken numbered name goes on counting; a name already of that city is not offered it again.
    expect(urlNameVariants("berezka-2", { count: 2 })).toEqual(["berezka-3", "berezka-4"]);
    expect(urlNameVariants("berezka-minsk", { place: "minsk", count: 1 })).toEqual(["berezka-minsk-2"]);
    const long = "a".repeat(40);
    for (const v of urlNameVariants(long, { place: "minsk" })) {
      expect(v.length).toBeLessThanOrEqual(40);
      expect(valid(v)).toBe(true);
    }
    expect(urlNameVariants("berezka")).toHaveLength(25);
    expect(new Set(urlNameVariants("x", { count: 100 })).size).toBe(100);
  });

  it("reads the city of an address when it says so", () => {
    expect(cityOf("г. Минск, ул. Немига 5")).toBe("minsk");
    expect(cityOf("ул. Советская 1, город Брест")).toBe("brest");
    expect(cityOf("горад Гродна, вул. Савецкая 3")).toBe("grodna");
    expect(cityOf("г.Нижний-Новгород")).toBe("nizhniy-novgorod");
    expect(cityOf("ул. Немига 5")).toBeUndefined();
    expect(cityOf(undefined)).toBeUndefined();
  });
});

describe("the URL-name rule the suggestions follow (decision 105)", () => {
  it("takes Latin letters, digits and single hyphens between them, starting with a letter", () => {
    for (const name of ["center", "Berezka-2", "zoe-24-7", "a1"]) expect(valid(name), name).toBe(true);
    expect(UrlKey.parse("Berezka-2")).toBe("berezka-2");
    for (const name of ["центр", "center_1", "center 1", "cafe.by"]) expect(messages(name), name).toEqual(["Only Latin letters are allowed"]);
    for (const name of ["-center", "center-", "center--1", "1center", "2"]) expect(messages(name), name).toContain(URL_NAME_SHAPE_MESSAGE);
  });

  it("still refuses the reserved names, hyphenated pages included", () => {
    for (const name of ["api", "Admin", "change-password", "service-contacts"]) expect(messages(name), name).toContain(RESERVED_NAME_MESSAGE);
    expect(ROUTE_NAMES).toContain("forgot-password");
    expect(valid("api-2")).toBe(true);
  });
});
