/// <reference lib="dom" />
/**
 * Issue 48, points 6 and 8: the guest menu's small things, in ru, en, zh and ar (tr where the
 * language is the point). Every target is at least 24 × 24 px, the header's address and the phones
 * included; the skip link's #cart is there and lands on the cart (its button, or the opened sheet
 * while the cart is empty); the cart's badge counts what is in the bill (not a sold-out line); the
 * quantity buttons say what they do and to which dish; the whole-menu page (all.html) navigates by
 * its own anchors without JavaScript; a Turkish heading keeps "Wi-Fi" English in capitals. axe runs
 * on each new state.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { PublishedIndex } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo, getJson, publishedMenu, storeOffering } from "./demo";
import { guestReady } from "./guest";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();
const LANGUAGES = ["ru", "en", "zh", "ar"] as const;
type Lang = (typeof LANGUAGES)[number];

/** The quantity buttons' names (the catalogs' menu.item.decrease / increase) for a dish. */
const QUANTITY_NAMES: Record<Lang, (title: string) => [decrease: string, increase: string]> = {
  ru: (t) => [`Уменьшить количество: ${t}`, `Увеличить количество: ${t}`],
  en: (t) => [`Decrease the quantity of ${t}`, `Increase the quantity of ${t}`],
  zh: (t) => [`减少「${t}」的数量`, `增加「${t}」的数量`],
  ar: (t) => [`إنقاص كمية ${t}`, `زيادة كمية ${t}`],
};

const contexts: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function open(lang: string, { width = 390, javaScript = true } = {}) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, hasTouch: width < 600, javaScriptEnabled: javaScript });
  contexts.push(context);
  await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Visible targets (links, buttons, fields) under `root` smaller than 24 × 24 px, spaced or not. */
const smallTargets = (page: Page, root: string) =>
  page.evaluate((root) => {
    return [...document.querySelectorAll<HTMLElement>(`${root} :is(a[href], button, input, select, [role=button], [role=tab])`)]
      .filter((e) => e.checkVisibility({ visibilityProperty: true }) && !e.classList.contains("skip-link"))
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && r.height > 1 && (r.width < 24 - 0.01 || r.height < 24 - 0.01))
      .map(({ e, r }) => `${e.outerHTML.slice(0, 100)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
  }, root);

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, id: el?.id, inCart: !!el?.closest("[data-testid=cart]") };
  });

describe("the guest menu's small things (issue 48)", () => {
  for (const lang of LANGUAGES) {
    it(`targets are 24 px, the skip link lands on the cart, the quantity buttons name the dish (${lang})`, async () => {
      const { context, page, errors } = await open(lang);
      const { company, store } = await storeOffering(lang);
      await page.goto(`${base}/${company}/${store}/menu`);
      // The skip link's target is in the page as served (the empty cart's sheet), before any script.
      expect(await page.getByTestId("skip-to-cart").getAttribute("href")).toBe("#cart");
      expect(await page.evaluate(() => document.getElementById("cart")?.tagName)).toBe("DIALOG");
      await guestReady(page);
      expect(await page.getAttribute("html", "lang")).toBe(lang);

      // The header's address and the store info's phones and links: 24 px at least, every one.
      expect(await page.getByTestId("header-address").count()).toBe(1);
      const address = await page.getByTestId("header-address").boundingBox();
      expect(address!.height).toBeGreaterThanOrEqual(24);
      await page.getByTestId("store-info").scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator("[data-testid=store-info] .phones a").count()).toBeGreaterThan(0);
      expect(await smallTargets(page, "[data-testid=guest-menu]")).toEqual([]);

      // Empty cart: the skip link opens the cart's sheet, focus in it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId("skip-to-cart").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(true);
      await expect.poll(async () => (await activeElement(page)).inCart).toBe(true);
      expect(await axeViolations(page), "the empty cart opened by the skip link").toEqual([]);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(false);

      // A dish in the cart: #cart is its button, and the skip link focuses it.
      await page.locator("main .item-card__add").first().click();
      await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
      expect(await page.evaluate(() => document.querySelectorAll("#cart").length)).toBe(1);
      await page.getByTestId("skip-to-cart").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => activeElement(page)).toEqual({ tag: "BUTTON", id: "cart", inCart: false });

      // The cart's quantity buttons: what they do, to which dish.
      await page.keyboard.press("Enter");
      const cart = page.getByTestId("cart");
      await expect.poll(() => cart.isVisible()).toBe(true);
      const title = (await cart.locator(".cart-line__title").first().innerText()).trim();
      const [decrease, increase] = QUANTITY_NAMES[lang](title);
      expect(await cart.getByTestId("cart-line-decrease").first().getAttribute("aria-label")).toBe(decrease);
      expect(await cart.getByTestId("cart-line-increase").first().getAttribute("aria-label")).toBe(increase);
      expect(await cart.getByRole("button", { name: increase, exact: true }).count()).toBe(1);
      expect(await smallTargets(page, "[data-testid=cart]")).toEqual([]);
      expect(await axeViolations(page), "the cart with a dish").toEqual([]);
      if (lang === "ar" || lang === "ru") {
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: join(ARTIFACTS, `small-things-cart-390-${lang}.png`) });
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => cart.isVisible()).toBe(false);

      // The item window's stepper too.
      const card = page.locator("main [data-item-id]").filter({ has: page.locator(".item-card__link") }).first();
      const cardTitle = (await card.locator(".item-card__title").innerText()).trim();
      await card.locator(".item-card__link").click();
      const modal = page.getByTestId("item-modal");
      await expect.poll(() => modal.isVisible()).toBe(true);
      const [down, up] = QUANTITY_NAMES[lang](cardTitle);
      expect(await modal.getByRole("button", { name: down, exact: true }).count()).toBe(1);
      expect(await modal.getByRole("button", { name: up, exact: true }).count()).toBe(1);
      expect(await axeViolations(page), "the item window").toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("the cart's badge counts what is in the bill: a sold-out dish stays in the cart, out of the count (ru, en, zh, ar)", { timeout: 300_000 }, async () => {
    const owner = demo().logins.find((l) => l.role === "company_manager")!;
    const api = await staffApi(base, owner.email, owner.password);
    /** Marks a dish sold out (or back on sale) as the admin panel's one tap does, and waits until it is published. */
    const soldOut = async (store: string, lang: string, id: string, sold_out: boolean) => {
      const { store_id } = (await (await api.request(`/api/cs-object?companyKey=demo&storeKey=${store}&scope=owned`)).json()) as { store_id: string };
      const res = await api.send("POST", "/api/items/sold-out", { store_id, item_ids: [id], sold_out });
      expect(res.status, await res.clone().text()).toBe(200);
      await expect
        .poll(
          async () => {
            const item = (await getJson<PublishedIndex>(`/m/demo/${store}/${lang}/index.json`)).categories.flatMap((c) => c.items).find((i) => i.id === id);
            return !!item?.sold_out_until && Date.parse(item.sold_out_until) > Date.now();
          },
          { timeout: 60_000 },
        )
        .toBe(sold_out);
    };
    const stores = new Map<string, Lang[]>();
    for (const lang of LANGUAGES) {
      const { company, store } = await storeOffering(lang);
      expect(company).toBe("demo");
      stores.set(store, [...(stores.get(store) ?? []), lang]);
    }
    for (const [store, langs] of stores) {
      // Per language: two of the first dish and one of the second, from their cards' + buttons.
      const pages: Page[] = [];
      const firsts = new Set<string>();
      for (const lang of langs) {
        const { page } = await open(lang);
        pages.push(page);
        await page.goto(`${base}/demo/${store}/menu`);
        await guestReady(page);
        const cards = page.locator("main [data-item-id]:has(.item-card__add:enabled)");
        firsts.add((await cards.nth(0).getAttribute("data-item-id"))!);
        for (const [n, times] of [
          [0, 2],
          [1, 1],
        ] as const)
          for (let i = 0; i < times; i++) await cards.nth(n).locator(".item-card__add").click();
        await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("3");
      }
      expect(firsts.size).toBe(1);
      const [dish] = firsts;
      await soldOut(store, langs[0]!, dish!, true);
      try {
        for (const [i, lang] of langs.entries()) {
          const page = pages[i]!;
          await page.reload();
          await guestReady(page);
          // The two of the dish now sold out stay in the cart, marked; the badge counts the one that can be had.
          await expect.poll(() => page.getByTestId("cart-count").textContent(), { timeout: 30_000 }).toBe("1");
          await page.getByTestId("cart-button").click();
          const cart = page.getByTestId("cart");
          await expect.poll(() => cart.locator("[data-sold-out]").count()).toBe(1);
          expect(await cart.getByTestId("cart-line").count()).toBe(2);
          expect(await axeViolations(page), `${lang}: the cart with a sold-out line`).toEqual([]);
        }
      } finally {
        await soldOut(store, langs[0]!, dish!, false);
      }
    }
  });

  for (const lang of LANGUAGES) {
    it(`the whole-menu page navigates by its anchors without JavaScript: sections, categories, items (${lang})`, async () => {
      const { company, store } = await storeOffering(lang);
      const url = `${base}/m/${company}/${store}/${lang}/all.html`;
      const { page } = await open(lang, { javaScript: false });
      await page.goto(url);
      expect(await page.locator("script").count()).toBe(0);
      const inView = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.top < innerHeight / 2;
        });
      // The section links: the page's own anchors, each one's target a section heading.
      const sections = page.getByRole("navigation").first().getByRole("link");
      const hrefs = await sections.evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      expect(hrefs.length).toBeGreaterThan(1);
      for (const href of hrefs) expect(href).toMatch(/^#section-/);
      const last = hrefs.at(-1)!;
      await sections.last().click();
      await expect.poll(() => new URL(page.url()).hash).toBe(last);
      await expect.poll(() => inView(`[id="${last.slice(1)}"]`)).toBe(true);
      // A category chip of that section leads to its heading.
      const chip = page.locator(`section:has([id="${last.slice(1)}"]) .chips a`).last();
      const chipHref = (await chip.getAttribute("href"))!;
      expect(chipHref).toMatch(/^#cat-/);
      await chip.click();
      await expect.poll(() => new URL(page.url()).hash).toBe(chipHref);
      await expect.poll(() => inView(`[id="${chipHref.slice(1)}"]`)).toBe(true);
      // An item's address (all.html#item-…) opens the page at it, under the sticky section links.
      const { items } = await publishedMenu(company, store, lang);
      const far = items.at(-1)!;
      await page.goto(`${url}#item-${far.id}`);
      await expect.poll(() => inView(`[id="item-${far.id}"]`)).toBe(true);
      expect(await page.locator(`[id="item-${far.id}"]`).innerText()).toContain(far.title);
      expect(await smallTargets(page, "main")).toEqual([]);
      if (lang === "ar" || lang === "ru") await page.screenshot({ path: join(ARTIFACTS, `small-things-all-390-${lang}.png`) });
      // axe runs as a script: the page (which has none) opened again where scripts run.
      const { page: checked } = await open(lang);
      await checked.goto(`${url}#${chipHref.slice(1)}`);
      expect(await axeViolations(checked), `${lang} all.html`).toEqual([]);
    });
  }

  it("a Turkish heading keeps the brand English: Wi-Fi in capitals is WI-FI, not Wİ-Fİ", async () => {
    const { company, store } = await storeOffering("tr");
    const index = await getJson<PublishedIndex>(`/m/${company}/${store}/tr/index.json`);
    expect(index.store.wifi).toBeTruthy();
    const { page } = await open("tr", { width: 1280 });
    await page.goto(`${base}/${company}/${store}/menu`);
    const heading = page.getByTestId("wifi").locator("h3");
    // innerText is the text as drawn, its text-transform applied, once the block is laid out
    // (content-visibility: auto skips it off screen; the app waking may scroll it away again).
    await expect
      .poll(async () => {
        await heading.scrollIntoViewIfNeeded();
        return heading.innerText();
      })
      .toBe("WI-FI");
    expect(await page.getByTestId("store-info").locator("h3").first().getAttribute("lang")).toBeNull();
    await page.screenshot({ path: join(ARTIFACTS, "small-things-info-1280-tr.png") });
  });
});
