import { describe, expect, it } from "vitest";
import { GUEST_LANGUAGES, guestMessagesOf, NARROW_NBSP, typographyProblems } from "../../guest-catalogs";

/** Issue 48, point 6: typographic spaces and apostrophes per language in the guest catalogs. */
describe("the guest catalogs' typography", () => {
  it("holds in every language: one apostrophe (’), French narrow no-break spaces", () => {
    expect(GUEST_LANGUAGES.flatMap((language) => typographyProblems(language, guestMessagesOf(language)))).toEqual([]);
  });

  it("French puts U+202F before ; : ! ? and inside « », in the plural options too", () => {
    const fr = guestMessagesOf("fr");
    expect(fr["menu.search.closest"]).toBe(`Vous cherchiez peut-être${NARROW_NBSP}:`);
    expect(fr["menu.item.decrease"]).toBe(`Diminuer la quantité de «${NARROW_NBSP}{item}${NARROW_NBSP}»`);
    expect(
      typographyProblems("fr", {
        plain: "Vous cherchiez peut-être :",
        wide: "Panier\u00a0: {count}",
        none: "Vraiment?",
        quotes: "de «{item}»",
        plural: "{n, plural, one {# article !} other {# articles\u202f!}}",
        ok: "Filtre\u202f: {n}\u202f; «\u202f{item}\u202f»\u202f?",
      }),
    ).toEqual(["plain", "wide", "none", "quotes", "plural"].map((key) => `fr: "${key}" needs a narrow no-break space (U+202F) before ; : ! ? » and after «`));
  });

  it("Turkish (and every language) keeps one kind of apostrophe, ’", () => {
    const tr = guestMessagesOf("tr");
    expect(Object.values(tr).filter((m) => m.includes("’")).length).toBeGreaterThanOrEqual(2);
    expect(typographyProblems("tr", { mixed: "Yandex Haritalar'daki yorumlar", ok: "Haritalar’da" })).toEqual(['tr: "mixed" has an apostrophe other than ’']);
    expect(typographyProblems("en", { curly: "the venue‘s menu" })).toEqual(['en: "curly" has an apostrophe other than ’']);
  });

  it("names the quantity buttons by what they do and for which item, in every language", () => {
    for (const language of GUEST_LANGUAGES) {
      const messages = guestMessagesOf(language);
      for (const key of ["menu.item.decrease", "menu.item.increase"]) expect(messages[key], `${language} ${key}`).toContain("{item}");
      expect(messages["menu.item.decrease"]).not.toBe(messages["menu.item.increase"]);
    }
    expect(guestMessagesOf("ar")["menu.item.decrease"]).toBe("إنقاص كمية {item}");
  });
});
