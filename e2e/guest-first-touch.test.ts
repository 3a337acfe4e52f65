/// <reference lib="dom" />
/**
 * The guest's first touch before the app runs (issue 32, point 11). The app's script is held back
 * here, as a slow phone waits for it: a tap on an item card opens a window drawn by the page's
 * early script from the card, which the app's window for the same item replaces once it is there;
 * scrolling shows the categories after the first view with their titles from the index, which the
 * app then shows as cards. `pnpm bench:guest` times both on a simulated phone; no timing here.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { WholeMenu } from "@menu/core/shared/published-menu";
import { fileBrowser } from "./browser";
import { publishedMenu } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();
let menu: WholeMenu;

beforeAll(async () => {
  menu = await publishedMenu("demo", "center", "ru");
});

/** A phone whose guest app (its entry and chunks) waits for `letGo`; the early script and the data do not. */
async function phone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
  });
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/guest-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`${base}/demo/center/menu`);
  return { page, errors, letGo };
}

const focusedItem = (page: Page) =>
  page.evaluate(() => (document.activeElement?.matches(".item-card__link") ? document.activeElement.closest("[data-item-id]")?.getAttribute("data-item-id") : null));

describe("the first touch, before the app runs", () => {
  it("a tap on an item card opens its window at once, drawn from the card; the app's window for the same item takes its place", async () => {
    const { page, errors, letGo } = await phone();
    const card = page.locator("main [data-testid=item-card]").first();
    const id = (await card.getAttribute("data-item-id"))!;
    const item = menu.items.find((i) => i.id === id)!;
    const price = (await card.locator(".item-card__price").first().textContent())!;
    await card.locator(".item-card__link").tap();

    const early = page.getByRole("dialog", { name: item.title });
    await expect.poll(() => early.getAttribute("data-testid")).toBe("item-early");
    expect(await early.isVisible()).toBe(true);
    expect(await early.textContent()).toContain(price);
    expect(await early.locator(".item-modal__text").textContent()).toBe(await card.locator(".item-card__text").textContent());
    // Focus is in the window; the address and the app's window wait for the app.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.dataset.testid)).toBe("item-early");
    expect(new URL(page.url()).searchParams.get("item")).toBeNull();
    expect(await page.getByTestId("item-modal").count()).toBe(0);

    letGo();
    await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
    expect(await page.getByTestId("item-modal").locator("#item-modal-title").textContent()).toBe(item.title);
    await expect.poll(() => page.getByTestId("item-early").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("item")).toBe(id);
    // Closing it gives focus back to the card, as with the app's own windows.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
    await expect.poll(() => focusedItem(page)).toBe(id);
    expect(errors).toEqual([]);
  });

  it("an early window closed before the app runs drops its tap; by keyboard, focus goes back to the card", async () => {
    const { page, errors, letGo } = await phone();
    const link = page.locator("main .item-card__link").nth(1);
    const id = (await link.evaluate((a) => a.closest("[data-item-id]")!.getAttribute("data-item-id")))!;
    await link.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("item-early").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("item-early").count()).toBe(0);
    expect(await focusedItem(page)).toBe(id);

    letGo();
    await page.waitForSelector("[data-testid=guest-menu][data-ready]");
    expect(await page.getByTestId("item-modal").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("item")).toBeNull();
    expect(errors).toEqual([]);
  });

  it("scrolling shows the categories after the first view with their titles from the index; the app shows them as cards", async () => {
    const { page, errors, letGo } = await phone();
    const chips = await page.locator("[data-chip]").evaluateAll((els) => els.map((el) => ({ id: el.getAttribute("data-chip")!, name: el.textContent!.trim() })));
    const fifth = chips[4]!;
    const titles = menu.categories.find((c) => c.id === fifth.id)!.items.map((i) => i.title);
    expect(titles.length).toBeGreaterThan(0);
    // Not in the page's markup: only its first view is.
    expect(await page.locator(`#cat-${fifth.id}`).count()).toBe(0);

    await page.mouse.wheel(0, 400);
    const section = page.locator(`#cat-${fifth.id}`);
    await expect.poll(() => section.locator(".item-brief__title").allTextContents()).toEqual(titles);
    expect(await section.locator("h2, h3").first().textContent()).toBe(fifth.name);
    // Every category of the section follows, in the order of the category bar.
    expect(await page.locator("main [data-category-id]").evaluateAll((els) => els.map((el) => el.getAttribute("data-category-id")))).toEqual(chips.map((c) => c.id));
    await section.scrollIntoViewIfNeeded();
    expect(await section.locator(".item-brief__title").first().isVisible()).toBe(true);
    expect(await page.locator("main [data-testid=item-card]").count()).toBeLessThan(menu.items.length);

    letGo();
    await page.waitForSelector("[data-testid=guest-menu][data-ready]");
    expect(await section.locator("[data-testid=item-card] .item-card__title").allTextContents()).toEqual(titles);
    expect(await page.locator(".menu-later, .item-brief").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
