/// <reference lib="dom" />
/**
 * Issue 32, point 6: every menu language is a guest interface language. The demo menu in Arabic,
 * Turkish and French shows its controls, its cart, the waiter view's way back, its title and
 * description and its 404 page in that language (Arabic right to left, its sentences ending where
 * Arabic ends them), and passes axe.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { publishedMenu, storeOffering } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
/** Screenshots to look at (test-results/, beside the other browser tests' artifacts). */
const shots = ARTIFACTS;
const browser = fileBrowser();

/** What the guest reads, written by hand per language (the English is what these pages showed before). */
const words = {
  ar: {
    kitchen: "المطبخ",
    actual: "المتوفر الآن",
    search: "بحث",
    searchPlaceholder: "ابحث عن طبق أو مشروب",
    filter: "تصفية",
    add: "أضف إلى السلة",
    cart: "السلة",
    hint: "اعرض هذه القائمة على النادل.",
    waiter: "اعرض على النادل",
    back: "رجوع",
    titleWord: "قائمة الطعام",
    description: "أطباق ومشروبات وأسعار وعروض",
    notFound: "الصفحة غير موجودة",
  },
  tr: {
    kitchen: "Mutfak",
    actual: "Şu an mevcut",
    search: "Ara",
    searchPlaceholder: "Yemek ya da içecek arayın",
    filter: "Filtre",
    add: "Sepete ekle",
    cart: "Sepet",
    hint: "Bu listeyi garsona gösterin.",
    waiter: "Garsona göster",
    back: "Geri",
    titleWord: "Menü",
    description: "yemekler, içecekler, fiyatlar ve kampanyalar",
    notFound: "Sayfa bulunamadı",
  },
  fr: {
    kitchen: "Cuisine",
    actual: "Disponible maintenant",
    search: "Rechercher",
    searchPlaceholder: "Chercher un plat ou une boisson",
    filter: "Filtrer",
    add: "Ajouter au panier",
    cart: "Panier",
    hint: "Montrez cette liste au serveur.",
    waiter: "Montrer au serveur",
    back: "Retour",
    titleWord: "Menu",
    description: "plats, boissons, prix et offres",
    notFound: "Page introuvable",
  },
} as const;
type Lang = keyof typeof words;

async function open(lang: Lang) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, locale: lang });
  await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
  });
  return { page, errors };
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? "").trim();
const label = (page: Page, selector: string) => page.locator(selector).first().getAttribute("aria-label");

describe("the guest pages speak the menu's language", () => {
  for (const lang of ["ar", "tr", "fr"] as const) {
    it(`controls, cart, waiter view, title and 404 in ${lang}`, async () => {
      const w = words[lang];
      const { company, store } = await storeOffering(lang);
      const menu = await publishedMenu(company, store, lang);
      const { page, errors } = await open(lang);
      await page.goto(`${base}/${company}/${store}/menu?table=2`);

      // The pre-rendered page: language, direction, title and description before any script runs.
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);
      expect(await page.title()).toBe(`${menu.store.name} — ${w.titleWord}`);
      const description = () => page.locator('meta[name="description"]').getAttribute("content");
      expect(await description()).toContain(w.description);
      expect(await text(page, '[data-section="kitchen"]')).toBe(w.kitchen);

      await guestReady(page);
      await page.evaluate(() => document.fonts.ready);
      // The app keeps them (it sets the title itself).
      expect(await page.title()).toBe(`${menu.store.name} — ${w.titleWord}`);
      expect(await description()).toContain(w.description);
      expect(await page.getByTestId("guest-menu").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");

      expect(await text(page, '[role=tab][data-section="kitchen"]')).toBe(w.kitchen);
      expect(await text(page, "[data-testid=menu-type-actual]")).toBe(w.actual);
      expect(await label(page, "[data-testid=search-open]")).toBe(w.search);
      expect(await text(page, "[data-testid=filter-open]")).toBe(w.filter);
      expect(await axeViolations(page), "menu").toEqual([]);

      await page.getByTestId("search-open").click();
      await expect.poll(() => page.getByTestId("search-input").getAttribute("placeholder")).toBe(w.searchPlaceholder);
      await page.locator(".search-box button").click();
      await expect.poll(() => page.getByTestId("search-open").isVisible()).toBe(true);

      // An item that can be ordered: its window's button, then the cart.
      const card = page.locator("main [data-testid=item-card]:not([data-sold-out])").first();
      expect((await label(page, "main [data-testid=item-card]:not([data-sold-out]) .item-card__add")) ?? "").toContain(w.add.split(" ")[0]);
      await card.locator(".item-card__link").click();
      await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
      expect(await text(page, "[data-testid=add-to-cart]")).toBe(w.add);
      await page.getByTestId("add-to-cart").click();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
      expect(await text(page, "[data-testid=cart-button]")).toContain(w.cart);

      await page.getByTestId("cart-button").click();
      const cart = page.getByTestId("cart");
      await expect.poll(() => cart.isVisible()).toBe(true);
      expect(await text(page, "#cart-title")).toBe(w.cart);
      const hint = await text(page, ".cart-sheet__hint");
      expect(hint).toBe(w.hint);
      // No sentence mark before the words (an English text in a right-to-left page showed ".Show…").
      expect(hint).toMatch(/^\p{L}/u);
      expect(await cart.locator(".cart-sheet__hint").evaluate((el) => getComputedStyle(el).direction)).toBe(lang === "ar" ? "rtl" : "ltr");
      expect(await text(page, "[data-testid=cart-waiter]")).toBe(w.waiter);
      expect(await axeViolations(page), "cart").toEqual([]);
      if (lang !== "fr") await page.screenshot({ path: `${shots}/cart-${lang}-390.png` });

      // The waiter view is in the venue's language (Russian); its way back is in the guest's.
      await page.getByTestId("cart-waiter").click();
      await expect.poll(() => page.getByTestId("waiter-view").isVisible()).toBe(true);
      expect(await text(page, "[data-testid=waiter-back]")).toBe(w.back);
      expect(await page.getByTestId("waiter-back").getAttribute("lang")).toBe(lang);
      expect(await axeViolations(page), "waiter view").toEqual([]);
      if (lang !== "fr") await page.screenshot({ path: `${shots}/waiter-${lang}-390.png` });
      await page.getByTestId("waiter-back").click();
      await page.keyboard.press("Escape");
      await expect.poll(() => cart.isVisible()).toBe(false);

      // An address of nothing: the 404 page in the visitor's language and direction.
      const missing = await page.goto(`${base}/${company}/${store}/no-such-page/here`);
      expect(missing?.status()).toBe(404);
      expect(await text(page, "[data-testid=not-found-heading]")).toBe(w.notFound);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === "ar" ? "rtl" : "ltr"]);
      expect(errors).toEqual([]);
    });
  }
});
