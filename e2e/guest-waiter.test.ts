/// <reference lib="dom" />
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { PublishedItem } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { storeOffering, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

/**
 * "Show to the waiter" in the guest cart (issue 19 point 3): the order in large type in the venue's
 * language (Russian, the menu's source) whatever language the guest reads, and one tap back.
 */
const base = workerRuntime().baseUrl;
const browser = fileBrowser();

/**
 * Two orderable items whose Chinese title is a translation (so the Russian one can only come from
 * the Russian menu), with their Russian and Chinese versions.
 */
async function twoItems(company: string, store: string) {
  const zh = await publishedMenu(company, store, "zh");
  const ru = await publishedMenu(company, store, "ru");
  const ruById = new Map(ru.items.map((i) => [i.id, i]));
  const now = Date.now();
  const picked = zh.items.filter((i) => {
    const source = ruById.get(i.id);
    return !i.title_lang && source && source.title !== i.title && i.portions.length && (!i.sold_out_until || Date.parse(i.sold_out_until) < now);
  });
  // Two with different first portions' weights if possible (one with a decimal weight shows the comma).
  const first = picked.find((i) => /\./.test(i.portions[0]!.weight)) ?? picked[0];
  const second = picked.find((i) => i !== first && i.portions[0]!.weight);
  expect(first, "two translated, orderable items in the Chinese menu").toBeDefined();
  expect(second, "two translated, orderable items in the Chinese menu").toBeDefined();
  return [first!, second!].map((item) => ({ zh: item, ru: ruById.get(item.id)! }));
}

async function open(width: number, { blockServiceWorker = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    locale: "zh-CN",
    // With the service worker out of the way the test's routes see the page's requests.
    serviceWorkers: blockServiceWorker ? "block" : "allow",
  });
  await context.addCookies([{ name: "menu_language", value: "zh", url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Hydrated: the buttons respond. */
const ready = guestReady;

/** Opens each item's window from its link (at table 5) and adds its first portion `times` times. */
async function addToCart(page: Page, menuPath: string, orders: { item: PublishedItem; times: number }[]) {
  let count = 0;
  for (const { item, times } of orders) {
    await page.goto(`${base}${menuPath}?table=5&item=${item.id}`);
    await ready(page);
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    for (let i = 0; i < times; i++) {
      await modal.getByTestId("add-to-cart").click();
      count++;
      await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe(String(count));
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
  }
}

/** The cart sheet, open. */
async function openCart(page: Page) {
  await page.getByTestId("cart-button").click();
  const cart = page.getByTestId("cart");
  await expect.poll(() => cart.locator("[data-testid=cart-line]").first().isVisible()).toBe(true);
  return cart;
}

/** A price as the page's Intl formats it in Russian ("25,00 Br"): the same ICU as the page, exact decimals. */
const russianMoney = (page: Page, amount: string, currency: string) =>
  page.evaluate(
    ({ amount, currency }) =>
      new Intl.NumberFormat("ru", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number),
    { amount, currency: currency || "BYN" },
  );

const cents = (price: string) => {
  const [whole, fraction = ""] = price.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
};
const fromCents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;

const UNITS: Record<string, string> = { g: "г", kg: "кг", l: "л", ml: "мл", pieces: "шт." };

/** Everything inside `el` lies within the viewport's width, and nothing scrolls sideways. */
const overflow = (page: Page, el: Locator) =>
  el.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const outside = [root, ...root.querySelectorAll("*")]
      .map((node) => ({ node, rect: node.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.left < -0.5 || rect.right > width + 0.5))
      .map(({ node }) => node.outerHTML.slice(0, 80));
    const scroller = root.closest(".cart-sheet__panel")!;
    return { outside, sideways: scroller.scrollWidth > scroller.clientWidth, documentWidth: document.documentElement.scrollWidth };
  });

describe("show the order to the waiter", () => {
  it("shows the Chinese guest's order in Russian (titles from the Russian menu, portions, × 2, table, total), passes axe, and one tap goes back", async () => {
    const { company, store } = await storeOffering("zh");
    const menuPath = `/${company}/${store}/menu`;
    const [a, b] = await twoItems(company, store);
    const { page, errors } = await open(390);
    await addToCart(page, menuPath, [
      { item: a!.zh, times: 1 },
      { item: b!.zh, times: 2 },
    ]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh");

    const cart = await openCart(page);
    const cartTitles = () => cart.locator(".cart-line__title").allTextContents();
    expect(await cartTitles()).toEqual([a!.zh.title, b!.zh.title]);

    // One tap: the waiter view, in Russian, focused on its heading.
    const show = cart.getByRole("button", { name: "给服务员看", exact: true });
    await show.tap();
    const view = page.getByTestId("waiter-view");
    await expect.poll(() => view.isVisible()).toBe(true);
    expect(await view.getAttribute("lang")).toBe("ru");
    expect(await view.getAttribute("dir")).toBe("ltr");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("waiter-title");
    expect(await view.getByRole("heading", { level: 2 }).textContent()).toBe("Заказ");
    expect(await cart.getAttribute("aria-labelledby")).toBe("waiter-title");
    expect(await view.getByTestId("waiter-table").textContent()).toBe("Стол 5");

    // The titles of the Russian menu (read when the view opened; the stored Chinese ones until then).
    const lines = view.getByTestId("waiter-line");
    await expect.poll(() => lines.locator("[data-testid=waiter-line-title]").allTextContents()).toEqual([a!.ru.title, b!.ru.title]);
    expect(await lines.locator("[data-testid=waiter-line-title] [lang]").count()).toBe(0);
    expect(await lines.locator("[data-testid=waiter-line-quantity]").allTextContents()).toEqual(["× 1", "× 2"]);
    // Portions with the Russian decimal comma and unit.
    const portion = (item: PublishedItem) => {
      const p = item.portions[0]!;
      return p.weight ? `${p.weight.replace(/(\d)\.(?=\d)/g, "$1,")} ${UNITS[p.unit] ?? p.unit}`.trim() : "";
    };
    expect(await lines.locator("[data-testid=waiter-line-portion]").allTextContents()).toEqual([portion(a!.ru), portion(b!.ru)]);

    // "Итого" and the exact total (cents), formatted in Russian.
    const pa = a!.ru.portions[0]!;
    const pb = b!.ru.portions[0]!;
    const total = view.getByTestId("waiter-total");
    expect(await total.locator("span").first().textContent()).toBe("Итого");
    const expected =
      (pa.currency || "BYN") === (pb.currency || "BYN")
        ? await russianMoney(page, fromCents(cents(pa.price) + 2 * cents(pb.price)), pa.currency)
        : `${await russianMoney(page, pa.price, pa.currency)} + ${await russianMoney(page, fromCents(2 * cents(pb.price)), pb.currency)}`;
    expect(await view.getByTestId("waiter-total-amount").textContent()).toBe(expected);

    // Large type: titles ≥ 22 px, the total ≥ 28 px.
    const size = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(lines.locator("[data-testid=waiter-line-title]").first())).toBeGreaterThanOrEqual(22);
    expect(await size(view.getByTestId("waiter-total-amount"))).toBeGreaterThanOrEqual(28);

    expect(await axeViolations(page, { include: "[data-testid=cart]" })).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(ARTIFACTS, "waiter-zh-390.png") });

    // One tap back (its label in the guest's language): the Chinese cart, focus on the button that opened the view.
    const back = view.getByRole("button", { name: "返回", exact: true });
    expect(await back.getAttribute("lang")).toBe("zh");
    await back.tap();
    await expect.poll(() => view.count()).toBe(0);
    expect(await cart.locator("#cart-title").textContent()).toBe("购物车");
    expect(await cartTitles()).toEqual([a!.zh.title, b!.zh.title]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cart-waiter");
    expect(await cart.getAttribute("aria-labelledby")).toBe("cart-title");
    await page.screenshot({ path: join(ARTIFACTS, "waiter-cart-zh-390.png") });

    // Opening it again uses the Russian titles already read, and closing the sheet from it leaves the cart as it was.
    await show.tap();
    expect(await lines.locator("[data-testid=waiter-line-title]").allTextContents()).toEqual([a!.ru.title, b!.ru.title]);
    await page.keyboard.press("Escape");
    await expect.poll(() => cart.isVisible()).toBe(false);
    await page.getByTestId("cart-button").click();
    await expect.poll(() => cart.locator("#cart-title").isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("fits a 320 px phone with no sideways scrolling, and shows the stored titles when the Russian menu cannot be read (offline)", async () => {
    const { company, store } = await storeOffering("zh");
    const menuPath = `/${company}/${store}/menu`;
    const [a, b] = await twoItems(company, store);
    const { context, page, errors } = await open(320, { blockServiceWorker: true });
    await addToCart(page, menuPath, [
      { item: a!.zh, times: 1 },
      { item: b!.zh, times: 2 },
    ]);
    // The Russian menu cannot be had (the phone lost the network).
    let asked = 0;
    await context.route(`**/m/${company}/${store}/ru/index.json`, (route) => {
      asked++;
      return route.abort("internetdisconnected");
    });
    const cart = await openCart(page);
    await cart.getByTestId("cart-waiter").tap();
    const view = page.getByTestId("waiter-view");
    await expect.poll(() => view.isVisible()).toBe(true);
    await expect.poll(() => asked).toBeGreaterThan(0);
    // The list, never an error: the titles stored in the cart, marked as Chinese inside the Russian view.
    const titles = view.locator("[data-testid=waiter-line-title]");
    expect(await titles.allTextContents()).toEqual([a!.zh.title, b!.zh.title]);
    expect(await titles.locator("[lang]").evaluateAll((els) => els.map((el) => el.getAttribute("lang")))).toEqual(["zh", "zh"]);
    expect(await view.locator("[data-testid=waiter-line-quantity]").allTextContents()).toEqual(["× 1", "× 2"]);
    expect(await view.getByTestId("waiter-table").textContent()).toBe("Стол 5");

    const result = await overflow(page, view);
    expect(result.outside).toEqual([]);
    expect(result.sideways).toBe(false);
    expect(result.documentWidth).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.screenshot({ path: join(ARTIFACTS, "waiter-zh-320-offline.png") });
    expect(await axeViolations(page, { include: "[data-testid=cart]" })).toEqual([]);

    await view.getByTestId("waiter-back").tap();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("cart-waiter");
    expect(errors).toEqual([]);
  });
});
