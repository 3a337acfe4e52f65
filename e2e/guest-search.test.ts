/// <reference lib="dom" />
/**
 * The guest search that finds (issue 32, point 2): category names find all their items, words in any
 * order, one wrong letter forgiven in long words, and nothing found offers the closest categories,
 * each a way into its category.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WholeMenu } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;
let menu: WholeMenu;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  menu = await publishedMenu("demo", "center", "ru");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  page = await context.newPage();
  await page.goto(`${base}/demo/center/menu`);
  await guestReady(page);
  await page.getByTestId("search-open").click();
});
afterAll(() => browser?.close());

const results = () => page.getByTestId("search-results").locator(".item-card__title").allTextContents();
const search = (query: string) => page.getByTestId("search-input").fill(query);
const visible = (item: { category_id: string; visible?: boolean }) => menu.categories.some((c) => c.id === item.category_id && c.section !== "promotions");

describe("the guest search", () => {
  it("finds every item of a category by the category's name", async () => {
    // A category whose items' titles do not hold its name: only the name can find them.
    const category = menu.categories.find((c) => {
      const items = menu.items.filter((i) => i.category_id === c.id);
      const word = c.name.split(" ")[0]!.toLowerCase();
      return c.section !== "promotions" && items.length >= 2 && items.every((i) => !i.title.toLowerCase().includes(word));
    })!;
    expect(category).toBeDefined();
    const titles = menu.items.filter((i) => i.category_id === category.id).map((i) => i.title);
    await search(category.name.toUpperCase());
    await expect.poll(results).toEqual(expect.arrayContaining(titles));
    expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
  });

  it("finds a title by its words in any order, and with one wrong letter in a long word", async () => {
    const item = menu.items.find((i) => visible(i) && i.title.split(" ").length >= 2 && i.title.split(" ").some((w) => w.length >= 6))!;
    const titleWords = item.title.split(" ");
    await search(titleWords.slice().reverse().join(" "));
    await expect.poll(results).toContain(item.title);
    const long = titleWords.find((w) => w.length >= 6)!;
    const typo = long.slice(0, 3) + (long[3] === "о" ? "а" : "о") + long.slice(4);
    await search(typo);
    await expect.poll(results).toContain(item.title);
  });

  it("finds the Russian titles and category names on a menu in another language", async () => {
    const english = await publishedMenu("demo", "center", "en");
    const category = english.categories.find((c) => c.source_name && c.section !== "promotions" && c.items.length)!;
    const item = english.categories.flatMap((c) => c.items).find((i) => i.source_title && i.source_title.split(" ")[0]!.length >= 4)!;
    expect([category, item].every(Boolean)).toBe(true);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await context.addCookies([{ name: "menu_language", value: "en", url: base }]);
    const en = await context.newPage();
    await en.goto(`${base}/demo/center/menu`);
    await guestReady(en);
    await en.getByTestId("search-open").click();
    const found = () => en.getByTestId("search-results").locator(".item-card__title").allTextContents();
    await en.getByTestId("search-input").fill(item.source_title!.split(" ")[0]!);
    await expect.poll(found).toContain(item.title);
    await en.getByTestId("search-input").fill(category.source_name!);
    await expect.poll(found).toEqual(expect.arrayContaining(category.items.map((i) => i.title)));
    await context.close();
  });

  it("offers the closest categories when nothing is found, and one tap opens the category", async () => {
    // A category the guest can open now (a schedule may close some): one the page shows.
    await page.getByRole("button", { name: "Закрыть поиск" }).click();
    const shownId = (await page.locator("section.menu-category").first().getAttribute("id"))!.slice("cat-".length);
    const category = menu.categories.find((c) => c.id === shownId)!;
    await page.getByTestId("search-open").click();
    await search(`${category.name} щщщщщщ`);
    await expect.poll(() => page.getByTestId("search-suggestions").isVisible()).toBe(true);
    expect(await page.getByTestId("search-count").textContent()).toBe("Ничего не найдено");
    const suggestion = page.getByTestId("search-suggestions").getByRole("button", { name: category.name });
    expect(await axeViolations(page, { include: "[data-testid=search-suggestions]" })).toEqual([]);
    await suggestion.click();
    // The search is closed, and the category is where the guest is (its heading has the focus).
    await expect.poll(() => page.getByTestId("search-input").count()).toBe(0);
    await expect.poll(() => page.evaluate((id) => document.activeElement?.closest(`#cat-${id}`) !== null, category.id)).toBe(true);
  });
});
