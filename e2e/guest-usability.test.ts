/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedMenu } from "./demo";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

/**
 * The guest pages as a new guest meets them (issue 14): the category bar, small screens, keyboard,
 * screen readers (axe-core in every language), right to left, not-found pages and offline use.
 */
const base = workerRuntime().baseUrl;
const artifacts = resolve(import.meta.dirname, "../test-results");
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});


async function open(width: number, lang: string, { touch = width < 600, height = width < 600 ? 780 : 900 } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, hasTouch: touch, locale: lang === "zh" ? "zh-CN" : lang });
  contexts.push(context);
  await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
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

/** The page has stopped scrolling: two readings one frame apart agree. */
const scrollSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((ok) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => ok(window.scrollY === y)));
      }),
  );

const STICKY = 100; // MENU_HEIGHTS.stickyCollapsed: a chosen category stops just below the sticky bar

describe("the category bar", () => {
  for (const width of [390, 1280]) {
    it(`a chip scrolls its category to just below the bar and stops there (${width} px); Enter moves focus into it`, async () => {
      const { page, errors } = await open(width, "ru");
      await page.goto(`${base}/demo/center/menu`);
      await ready(page);
      await page.getByTestId("menu-type-full").click();
      const chips = page.locator("[data-chip]");
      await expect.poll(() => chips.count()).toBeGreaterThan(4);
      const ids = await chips.evaluateAll((els) => els.map((el) => el.getAttribute("data-chip")!));
      // Categories far enough from the end of the page to be scrolled to the top.
      const targets = [ids[Math.floor(ids.length / 2)]!, ids[2]!, ids[Math.floor(ids.length / 2) + 1]!];
      const topOf = (id: string) => page.locator(`#cat-${id}`).evaluate((el) => el.getBoundingClientRect().top);
      for (const id of targets) {
        await page.locator(`[data-chip="${id}"]`).click();
        // The page arrives with the category right below the bar (smooth scrolling, so it takes a moment)…
        await expect.poll(async () => Math.round(await topOf(id)), { timeout: 15_000 }).toBeGreaterThanOrEqual(STICKY);
        await expect.poll(async () => Math.round(await topOf(id)), { timeout: 15_000 }).toBeLessThanOrEqual(STICKY + 12);
        await expect.poll(() => scrollSettled(page), { timeout: 15_000 }).toBe(true);
        // …and stays there: nothing pulls it elsewhere once the scrolling ended.
        const top = await topOf(id);
        expect(top).toBeGreaterThanOrEqual(STICKY - 1);
        expect(top).toBeLessThanOrEqual(STICKY + 12);
        await expect.poll(() => page.locator(`[data-chip="${id}"]`).getAttribute("aria-current")).toBe("true");
        await expect.poll(() => scrollSettled(page), { timeout: 15_000 }).toBe(true);
        expect(Math.abs((await topOf(id)) - top)).toBeLessThan(2);
      }

      // Keyboard: Enter on a chip; focus continues inside the category.
      const id = ids[1]!;
      await page.locator(`[data-chip="${id}"]`).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest("section")?.id)).toBe(`cat-${id}`);
      await expect.poll(async () => Math.round(await topOf(id)), { timeout: 15_000 }).toBeLessThanOrEqual(STICKY + 12);
      await expect.poll(() => scrollSettled(page), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.locator(`[data-chip="${id}"]`).getAttribute("aria-current")).toBe("true");
      await page.screenshot({ path: join(artifacts, `chips-ru-${width}.png`) });
      expect(errors).toEqual([]);
    });
  }

  it("a chip tapped before the app runs takes the guest to its category, not yet in the page's markup, once the app is there", async () => {
    const { page, errors } = await open(390, "ru");
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(/\/assets\/guest-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${base}/demo/center/menu`);
    const ids = await page.locator("[data-chip]").evaluateAll((els) => els.map((el) => el.getAttribute("data-chip")!));
    const id = ids[Math.floor(ids.length / 2)]!;
    // Not in the markup (the early script draws it, its titles in brief, at the tap; its cards come with the app).
    expect(await page.locator(`#cat-${id}`).count()).toBe(0);
    await page.locator(`[data-chip="${id}"]`).click();
    await expect.poll(() => page.locator("html.guest-waking").count()).toBe(1);
    letGo();
    const topOf = () => page.locator(`#cat-${id}`).evaluate((el) => el.getBoundingClientRect().top);
    await expect.poll(async () => Math.round(await topOf()), { timeout: 15_000 }).toBeLessThanOrEqual(STICKY + 12);
    await expect.poll(() => scrollSettled(page), { timeout: 15_000 }).toBe(true);
    expect(Math.round(await topOf())).toBeGreaterThanOrEqual(STICKY - 1);
    await expect.poll(() => page.locator(`[data-chip="${id}"]`).getAttribute("aria-current")).toBe("true");
    expect(errors).toEqual([]);
  });
});

describe("small screens", () => {
  for (const lang of ["ru", "en", "zh", "ar"]) {
    it(`no horizontal scrolling at 320 px, nothing clipped (${lang})`, async () => {
      const { page, errors } = await open(320, lang);
      const store = lang === "ru" || lang === "zh" ? "center" : "park";
      await page.goto(`${base}/demo/${store}/menu`);
      await ready(page);
      await page.getByTestId("menu-type-full").click();
      const tabs = page.getByRole("tab");
      const count = await tabs.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        await tabs.nth(i).click();
        await expect.poll(() => tabs.nth(i).getAttribute("aria-selected")).toBe("true");
        await expect.poll(() => page.locator("main [data-testid=item-card]").count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        // Every "+" button is whole on the screen.
        const outside = await page.locator("main .item-card__add").evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect()).filter((r) => r.left < 0 || r.right > 320).length,
        );
        expect(outside).toBe(0);
      }
      await page.locator("main .item-card__link").first().click();
      const modal = page.getByTestId("item-modal");
      await expect.poll(() => modal.isVisible()).toBe(true);
      const close = await modal.locator(".item-modal__close").boundingBox();
      expect(close!.x).toBeGreaterThanOrEqual(0);
      expect(close!.x + close!.width).toBeLessThanOrEqual(320);
      expect(close!.y).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: join(artifacts, `menu-${lang}-320-item.png`) });
      expect(errors).toEqual([]);
    });
  }
});

describe("keyboard", () => {
  it("closing the item window (Escape, its button, the browser's back) returns focus to the card that opened it", async () => {
    const { page, errors } = await open(390, "ru");
    await page.goto(`${base}/demo/center/menu`);
    await ready(page);
    const cards = page.locator("main [data-testid=item-card]");
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    const focusedCard = () => page.evaluate(() => (document.activeElement?.matches(".item-card__link") ? document.activeElement.closest("[data-item-id]")?.getAttribute("data-item-id") : null));
    const modal = page.getByTestId("item-modal");
    const ways: [string, () => Promise<unknown>][] = [
      ["Escape", () => page.keyboard.press("Escape")],
      ["close button", () => modal.getByRole("button", { name: "Закрыть", exact: true }).click()],
      ["back", () => page.goBack()],
    ];
    for (const [index, [, close]] of ways.entries()) {
      const card = cards.nth(index + 1);
      const id = await card.getAttribute("data-item-id");
      await card.locator(".item-card__link").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => modal.isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get("item")).toBe(id);
      await close();
      await expect.poll(() => modal.count()).toBe(0);
      await expect.poll(focusedCard).toBe(id);
    }
    expect(errors).toEqual([]);
  });

  it("a skip link leads to the cart", async () => {
    const { page } = await open(390, "ru");
    await page.goto(`${base}/demo/center/menu`);
    await ready(page);
    // With nothing in the cart it opens the (empty) cart.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("skip-to-cart");
    expect(await page.getByTestId("skip-to-cart").textContent()).toBe("Перейти к корзине");
    expect(await page.getByTestId("skip-to-cart").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(false);
    // With something in it: focus moves to the cart button.
    await page.locator("main .item-card__add").first().click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    await page.getByTestId("skip-to-cart").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cart");
  });

  for (const lang of ["ru", "ar"]) {
    it(`section tabs are tabs: arrow keys move between them and the chosen section is in the address (${lang})`, async () => {
      const { page, errors } = await open(390, lang);
      const store = lang === "ar" ? "park" : "center";
      await page.goto(`${base}/demo/${store}/menu`);
      await ready(page);
      const tablist = page.getByRole("tablist");
      expect(await tablist.count()).toBe(1);
      const tabs = tablist.getByRole("tab");
      const sections = await tabs.evaluateAll((els) => els.map((el) => el.getAttribute("data-section")!));
      expect(sections.length).toBeGreaterThan(1);
      expect(await tabs.evaluateAll((els) => els.map((el) => [el.getAttribute("aria-selected"), el.getAttribute("tabindex")]))).toEqual(
        sections.map((_, i) => (i === 0 ? ["true", "0"] : ["false", "-1"])),
      );
      expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(`section-tab-${sections[0]}`);
      await tabs.first().focus();
      // The next tab is to the right in a left-to-right page, to the left in Arabic.
      await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-section"))).toBe(sections[1]);
      await expect.poll(() => new URL(page.url()).searchParams.get("section")).toBe(sections[1]);
      expect(await tabs.nth(1).getAttribute("aria-selected")).toBe("true");
      expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(`section-tab-${sections[1]}`);
      await page.keyboard.press("End");
      await expect.poll(() => new URL(page.url()).searchParams.get("section")).toBe(sections.at(-1));
      await page.keyboard.press("Home");
      await expect.poll(() => new URL(page.url()).searchParams.get("section")).toBeNull();
      // The address opens the section.
      await page.goto(`${base}/demo/${store}/menu?section=${sections[1]}`);
      await ready(page);
      await expect.poll(() => tabs.nth(1).getAttribute("aria-selected")).toBe("true");
      expect(errors).toEqual([]);
    });
  }
});

describe("right to left", () => {
  it("the store address in the Arabic header is cut at its end, not at its start", async () => {
    const { page } = await open(320, "ar");
    await page.goto(`${base}/demo/park/menu`);
    await ready(page);
    const address = page.getByTestId("header-address").locator(".guest-header__address-text");
    const menu = await publishedMenu("demo", "park", "ar");
    expect(await address.textContent()).toBe(menu.store.address);
    const layout = await address.evaluate((el) => {
      const text = el.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const first = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { direction: getComputedStyle(el).direction, overflows: el.scrollWidth > el.clientWidth, firstLeft: first.left, boxLeft: box.left, boxRight: box.right };
    });
    // A Latin or Cyrillic address keeps its own direction, so its first letter is shown.
    if (/^[\p{Script=Cyrillic}\p{Script=Latin}\d]/u.test(menu.store.address)) {
      expect(layout.direction).toBe("ltr");
      expect(layout.firstLeft).toBeGreaterThanOrEqual(layout.boxLeft - 1);
      expect(layout.firstLeft).toBeLessThan(layout.boxRight);
    }
    await page.screenshot({ path: join(artifacts, "header-ar-320.png") });
  });
});

describe("not-found pages", () => {
  it("answer 404 in the visitor's language (the remembered one, else ru) for an unknown company, store or path", async () => {
    const paths = ["/no-such-company/main/menu", "/demo/no-such-store/reviews", "/demo/no-such-store", "/no/such/page/here", "/nothing-here"];
    for (const p of paths) {
      const ru = await fetch(`${base}${p}`);
      expect(ru.status, p).toBe(404);
      expect(await ru.text()).toContain("Страница не найдена");
      const en = await fetch(`${base}${p}`, { headers: { cookie: "menu_language=en" } });
      expect(en.status).toBe(404);
      const html = await en.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain("Page not found");
      const zh = await fetch(`${base}${p}`, { headers: { cookie: "locale=zh" } });
      expect(await zh.text()).toContain('<html lang="zh"');
    }
    // Known pages still answer 200.
    for (const p of ["/demo/center/menu", "/demo/center/reviews", "/login", "/register/user"]) expect((await fetch(`${base}${p}`)).status, p).toBe(200);
  });
});

describe("offline", () => {
  it("the promotions and reviews pages of a store already visited open offline too", async () => {
    const { context, page } = await open(390, "ru");
    await page.goto(`${base}/demo/center/menu`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const menu = await publishedMenu("demo", "center", "ru");
    const promoted = menu.categories.find((c) => c.section === "promotions" && !c.parent_id)!;
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("guest-v1-pages")).keys()).map((r) => new URL(r.url).pathname)), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([`/demo/center/promotions/${promoted.position}`, "/demo/center/reviews"]));
    await context.setOffline(true);
    await page.goto(`${base}/demo/center/promotions/${promoted.position}`);
    await ready(page);
    await expect.poll(() => page.locator("[data-testid=promotions-page] .promotion-card").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("offline-banner").isVisible()).toBe(true);
    await page.goto(`${base}/demo/center/reviews`);
    await ready(page);
    await expect.poll(() => page.getByTestId("reviews-page").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("offline-banner").isVisible()).toBe(true);
    await context.setOffline(false);
  });
});

describe("accessibility checks (axe-core) on the guest pages", () => {
  for (const lang of ["ru", "en", "zh", "ar"]) {
    it(`menu, item window, cart, promotions, reviews and the 404 page have no serious or critical violations (${lang})`, async () => {
      const { page, errors } = await open(390, lang);
      const store = lang === "ar" ? "park" : "center";
      await page.goto(`${base}/demo/${store}/menu?table=2`);
      await ready(page);
      await page.evaluate(() => document.fonts.ready);
      expect(await axeViolations(page), "menu").toEqual([]);

      await page.locator("main .item-card__link").first().click();
      await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
      expect(await axeViolations(page), "item window").toEqual([]);
      await page.getByTestId("add-to-cart").click();
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
      // The cart button is named by what it shows.
      const name = await page.getByTestId("cart-button").evaluate((el) => el.textContent ?? "");
      expect(name).toContain(await page.getByTestId("cart-count").textContent());
      await page.getByTestId("cart-button").click();
      await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(true);
      expect(await axeViolations(page), "cart").toEqual([]);
      await page.keyboard.press("Escape");

      const menu = await publishedMenu("demo", store, lang);
      const promoted = menu.categories.find((c) => c.section === "promotions" && !c.parent_id);
      if (promoted) {
        await page.goto(`${base}/demo/${store}/promotions/${promoted.position}`);
        await ready(page);
        expect(await axeViolations(page), "promotions").toEqual([]);
      }
      await page.goto(`${base}/demo/${store}/reviews`);
      await ready(page);
      // The maps service's frame is not ours (and not reachable here).
      expect(await axeViolations(page, { exclude: ["iframe"] }), "reviews").toEqual([]);

      const missing = await page.goto(`${base}/demo/no-such-store/menu`);
      expect(missing?.status()).toBe(404);
      await page.getByTestId("not-found-heading").waitFor();
      expect(await axeViolations(page), "404").toEqual([]);
      await page.screenshot({ path: join(artifacts, `not-found-${lang}-390.png`) });
      expect(errors).toEqual([]);
    });
  }
});
