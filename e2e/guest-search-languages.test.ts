/// <reference lib="dom" />
/**
 * The guest search in every menu language (issue 48, points 1 and 2), on the demo store `park` (it
 * publishes ru, en, zh, ar, tr and fr): the same dishes for the same word in each language (Arabic
 * with or without the article, ة or ه, singular or plural; Chinese by characters, the category's
 * dishes first; French with or without accents), whole-word title matches first and no typo taken
 * for another word; and a search that waits for the menu's chunks says so, never "nothing found"
 * before it has looked (after the page's start and after a language change).
 */
import { join } from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WholeMenu } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, launchBrowser } from "./browser";
import { publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"] as const;
type Lang = (typeof LANGUAGES)[number];
let browser: Browser;
const menus = new Map<Lang, WholeMenu>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const lang of LANGUAGES) menus.set(lang, await publishedMenu("demo", "park", lang));
});
afterAll(() => browser?.close());

/** The park menu in `lang` on a phone, the app started and the search open. */
async function searchPage(lang: Lang, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, ...options });
  await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/demo/park/menu`);
  await guestReady(page);
  await page.getByTestId("search-open").click();
  return { context, page };
}
const titles = (page: Page) => page.getByTestId("search-results").locator(".item-card__title").allTextContents();
const search = (page: Page, query: string) => page.getByTestId("search-input").fill(query);
const sorted = (list: readonly string[]) => [...list].sort();

/** The titles, in `lang`, of the items of the category named `ruName` in Russian and of its subcategories. */
function categoryTitles(lang: Lang, ruName: string) {
  const top = menus.get("ru")!.categories.find((c) => c.name === ruName && !c.parent_id)!;
  expect(top, ruName).toBeDefined();
  const menu = menus.get(lang)!;
  const ids = new Set([top.id, ...menu.categories.filter((c) => c.parent_id === top.id).map((c) => c.id)]);
  return menu.items.filter((i) => ids.has(i.category_id)).map((i) => i.title);
}

/** Waits until the search has looked (not aria-busy) and its first results are these titles (in any order); answers all of them. */
async function firstResults(page: Page, expected: readonly string[]) {
  await expect.poll(() => page.getByTestId("search-results").getAttribute("aria-busy")).toBe("false");
  await expect.poll(async () => sorted((await titles(page)).slice(0, expected.length)), { message: expected.join(", ") }).toEqual(sorted(expected));
  return titles(page);
}

describe("the guest search in each language (issue 48)", () => {
  it("finds the same coffees in ru, en, zh, ar, tr and fr: Arabic with or without ال, ة or ه; French with or without accents", async () => {
    const queries: Record<Lang, string[]> = {
      ru: ["кофе"],
      en: ["coffee"],
      zh: ["咖啡"],
      ar: ["قهوة", "القهوة", "قهوه", "القهوه"],
      tr: ["kahve"],
      fr: ["café", "cafés", "cafe"],
    };
    const counts = new Set<number>();
    for (const lang of LANGUAGES) {
      const coffees = categoryTitles(lang, "Кофе");
      counts.add(coffees.length);
      const { context, page } = await searchPage(lang);
      for (const query of queries[lang]) {
        await search(page, query);
        const found = await firstResults(page, coffees);
        // Chinese reads characters: 咖啡 is also in a dessert's description (浓缩咖啡, espresso), after every coffee.
        if (lang !== "zh") expect(found, `${lang} ${query}`).toHaveLength(coffees.length);
      }
      expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
      await context.close();
    }
    expect(counts.size, "the coffees are one list in every language").toBe(1);
  });

  it("finds the soups and the desserts by the Arabic singular, plural and article, and lists the soups first for 汤", async () => {
    const { context, page } = await searchPage("ar");
    const soups = categoryTitles("ar", "Супы");
    const desserts = categoryTitles("ar", "Десерты");
    expect(soups.length).toBeGreaterThan(2);
    expect(desserts.length).toBeGreaterThan(2);
    for (const query of ["شوربة", "شوربات", "الشوربات", "شوربه"]) {
      await search(page, query);
      expect(await firstResults(page, soups), query).toHaveLength(soups.length);
    }
    for (const query of ["حلويات", "الحلويات"]) {
      await search(page, query);
      expect(await firstResults(page, desserts), query).toHaveLength(desserts.length);
    }
    await context.close();

    const zh = await searchPage("zh");
    const zhSoups = categoryTitles("zh", "Супы");
    await search(zh.page, "汤");
    const found = await firstResults(zh.page, zhSoups);
    // 浓缩咖啡汤力 (espresso tonic) has 汤 in its name only: after the soups.
    expect(found.slice(zhSoups.length)).toContain("浓缩咖啡汤力");
    await zh.context.close();
  });

  it("ranks whole-word title matches first and takes no typo for the start of another word", async () => {
    const { context, page } = await searchPage("en");
    await search(page, "margh");
    await expect.poll(() => titles(page)).toEqual(["Margherita"]);
    await search(page, "soup");
    const soups = categoryTitles("en", "Супы");
    const found = await firstResults(page, soups);
    // Those with the word in their name before those found by their category alone.
    const named = found.map((t) => /\bsoup\b/i.test(t));
    expect(named[0]).toBe(true);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    await context.close();
    const tr = await searchPage("tr");
    await search(tr.page, "kahve");
    // Not kahvaltı (breakfast): one letter away from the start of "kahvaltı", not from a word.
    expect(await firstResults(tr.page, categoryTitles("tr", "Кофе"))).toHaveLength(categoryTitles("tr", "Кофе").length);
    await tr.context.close();
  });
});

describe("a search that waits for the menu (issue 48, point 2)", () => {
  const TEXTS: Record<"ru" | "en" | "zh" | "ar", { searching: string; nothing: string; query: string }> = {
    ru: { searching: "Ищем…", nothing: "Ничего не найдено", query: "кофе" },
    en: { searching: "Searching…", nothing: "Nothing found", query: "coffee" },
    zh: { searching: "正在搜索…", nothing: "未找到结果", query: "咖啡" },
    ar: { searching: "جارٍ البحث…", nothing: "لم نجد شيئًا", query: "قهوة" },
  };

  /** Holds every chunk the page asks for from now on until `release()`. */
  async function holdChunks(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/m\/demo\/park\/[a-z]+\/c\/[^/]+\.json$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  /** Records every text the search count's live region says, from now on. */
  const recordAnnouncements = (page: Page) =>
    page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const region = document.querySelector("[data-testid=search-count]")!;
      new MutationObserver(() => said.push(region.textContent ?? "")).observe(region, { childList: true, characterData: true, subtree: true });
    });
  const announced = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);
  const count = (page: Page) => page.getByTestId("search-count").textContent();

  for (const lang of ["ru", "en", "zh", "ar"] as const) {
    it(`says it is searching until the chunks come, then the results, never "nothing found" first (${lang})`, async () => {
      const { searching, nothing, query } = TEXTS[lang];
      // The service worker would answer the chunks itself, out of the page's routes.
      const { context, page } = await searchPage(lang, { serviceWorkers: "block" });
      const release = await holdChunks(page);
      await recordAnnouncements(page);
      await search(page, query);
      await expect.poll(() => count(page)).toBe(searching);
      expect(await page.getByTestId("search-loading").isVisible()).toBe(true);
      expect(await page.getByTestId("search-results").getAttribute("aria-busy")).toBe("true");
      expect(await page.getByTestId("search-suggestions").count()).toBe(0);
      expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
      expect(await axeViolations(page, { include: "[data-testid=category-bar]" })).toEqual([]);
      if (lang === "ar" || lang === "ru") await page.screenshot({ path: join(ARTIFACTS, `search-loading-${lang}.png`) });

      release();
      const coffees = categoryTitles(lang, "Кофе");
      await firstResults(page, coffees);
      await expect.poll(() => count(page)).not.toBe(searching);
      expect(await page.getByTestId("search-loading").count()).toBe(0);
      expect(await page.getByTestId("search-results").getAttribute("aria-busy")).toBe("false");
      expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
      if (lang === "ar" || lang === "ru") await page.screenshot({ path: join(ARTIFACTS, `search-results-${lang}.png`) });
      expect(await announced(page), "the live region before the results").not.toContain(nothing);
      expect(await announced(page)).toContain(searching);

      // Once the menu is there, a word it does not have is "nothing found", with the closest categories.
      await search(page, `${query} zzqxw`);
      await expect.poll(() => count(page)).toBe(nothing);
      await context.close();
    });
  }

  it("after a language change, waits for the new language's chunks before it counts (ru → en, en → zh)", async () => {
    const { context, page } = await searchPage("ru", { serviceWorkers: "block" });
    await search(page, "кофе");
    const coffees = categoryTitles("ru", "Кофе");
    await firstResults(page, coffees);
    await expect.poll(() => count(page)).toBe(`Найдено: ${coffees.length}`);
    for (const [lang, next] of [
      ["en", "Кофе"],
      ["zh", "Кофе"],
    ] as const) {
      const release = await holdChunks(page);
      await recordAnnouncements(page);
      // The query stays; the Russian titles find the same dishes in the menu's new language.
      await page.getByTestId("menu-language").selectOption(lang);
      await expect.poll(() => count(page)).toBe(TEXTS[lang].searching);
      expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
      release();
      await firstResults(page, categoryTitles(lang, next));
      await expect.poll(() => count(page)).not.toBe(TEXTS[lang].searching);
      expect(await announced(page)).not.toContain(TEXTS[lang].nothing);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
    await context.close();
  });
});
