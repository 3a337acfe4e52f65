import { describe, expect, it } from "vitest";
import { UrlKey } from "../src/shared/url-key";
import { urlNameFrom, urlNameVariants } from "../src/shared/url-name-suggest";

describe("URL names suggested from names", () => {
  it("transliterates Cyrillic and keeps Latin letters only (SPEC.md: Only Latin letters are allowed)", () => {
    expect(urlNameFrom("Кафе «Ромашка» №1")).toBe("kaferomashka");
    expect(urlNameFrom("Щи да каша")).toBe("shchidakasha");
    expect(urlNameFrom("Ёлка, Жук и Цапля")).toBe("elkazhukitsaplya");
    expect(urlNameFrom("Ўсход і Юг")).toBe("uskhodiyug");
    expect(urlNameFrom("Café Zoë 24/7")).toBe("cafezoe");
    expect(urlNameFrom("宫保鸡丁 123")).toBe("");
    expect(urlNameFrom("Очень длинное название кафе у самого синего моря")).toHaveLength(40);
    for (const name of ["Кафе «Ромашка» №1", "Café Zoë", "Ўсход"]) expect(UrlKey.safeParse(urlNameFrom(name)).success).toBe(true);
  });

  it("offers variants with letter suffixes within 40 letters", () => {
    expect(urlNameVariants("romashka", 3)).toEqual(["romashkab", "romashkac", "romashkad"]);
    expect(urlNameVariants("romashka", 2, 25)).toEqual(["romashkaz", "romashkabb"]);
    const long = "a".repeat(40);
    for (const v of urlNameVariants(long)) {
      expect(v).toHaveLength(40);
      expect(UrlKey.safeParse(v).success).toBe(true);
    }
    expect(new Set(urlNameVariants("x", 100)).size).toBe(100);
  });
});
