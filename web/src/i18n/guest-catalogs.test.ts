import { describe, expect, it } from "vitest";
import { GUEST_LANGUAGES, guestCatalogProblems, type GuestLanguage } from "../../guest-catalogs";
import { menuLanguages } from "./languages";

describe("guest catalogs", () => {
  it("exist for every menu language", () => {
    expect([...GUEST_LANGUAGES].sort()).toEqual([...menuLanguages].sort());
  });

  it("hold every guest key in all six languages, Arabic with its own punctuation", () => {
    expect(guestCatalogProblems()).toEqual([]);
  });

  it("name a missing or stray key, Latin punctuation and untranslated text in Arabic", () => {
    const ok: Record<GuestLanguage, Record<string, string>> = {
      ru: { "menu.cart.total": "Итого", "menu.cart.clear": "Очистить", "menu.cart.hint": "Покажите этот список официанту." },
      en: { "menu.cart.total": "Total", "menu.cart.clear": "Clear", "menu.cart.hint": "Show this list to your waiter." },
      zh: { "menu.cart.total": "合计", "menu.cart.clear": "清空", "menu.cart.hint": "请把这份清单给服务员看。" },
      ar: { "menu.cart.total": "المجموع?", "menu.cart.clear": "Clear", "menu.cart.hint": "اعرض هذه القائمة على النادل." },
      tr: { "menu.cart.total": "Toplam", "menu.cart.clear": "Temizle" },
      fr: { "menu.cart.total": "Total", "menu.cart.clear": "Vider", "menu.cart.hint": "Montrez cette liste au serveur.", "menu.stray": "x" },
    };
    const broken = (language: GuestLanguage) => ok[language];
    expect(guestCatalogProblems(broken)).toEqual([
      "src/i18n/guest-messages/ar.json: \"menu.cart.total\" uses Latin punctuation (، ؟ ؛ in Arabic)",
      "src/i18n/guest-messages/ar.json: \"menu.cart.clear\" has no Arabic text",
      "src/i18n/guest-messages/tr.json: missing guest messages menu.cart.hint",
      "src/i18n/guest-messages/fr.json: messages not in the ru catalog menu.stray",
    ]);
  });
});
