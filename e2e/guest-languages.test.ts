/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { demo, storeOffering, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { engineControl, workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const artifacts = resolve(import.meta.dirname, "../test-results");
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Items this file added (through the admin API), deleted at the end. */
const created: { api: APIRequestContext; csrf: string; store_id: string; ids: string[] }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
});
afterAll(async () => {
  await engineControl("resume");
  for (const { api, csrf, store_id, ids } of created) {
    const res = await api.post(`${base}/api/items/bulk`, { headers: { "x-csrf-token": csrf }, data: { store_id, action: "delete", item_ids: ids } });
    expect(res.ok()).toBe(true);
  }
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

/** The demo company manager's API session (cookies in the request context, CSRF token in a header). */
async function ownerApi() {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const context = await browser.newContext();
  contexts.push(context);
  const api = context.request;
  const { csrfToken: csrf } = (await (await api.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await api.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken: csrf, email: owner.email, password: owner.password, json: "true", callbackUrl: "/" },
  });
  expect(signIn.status()).toBe(200);
  return { api, csrf };
}

type AdminCategory = { id: string; parent_id: string; visible: boolean; schedule?: { enabled: boolean } };

/** Adds an item with only a Russian title and description (no translation), so the Arabic menu falls back to it. */
async function addRussianOnlyItem(company: string, store: string) {
  const { api, csrf } = await ownerApi();
  const cs = (await (await api.get(`${base}/api/cs-object?companyKey=${company}&storeKey=${store}&scope=owned`)).json()) as { store_id: string };
  const categories = (await (await api.get(`${base}/api/categories?storeId=${cs.store_id}&section=kitchen`)).json()) as AdminCategory[];
  const category = categories.find((c) => {
    const parent = categories.find((p) => p.id === c.parent_id);
    return c.visible && !c.schedule?.enabled && !parent?.schedule?.enabled && !categories.some((x) => x.parent_id === c.id);
  })!;
  const res = await api.post(`${base}/api/items`, {
    headers: { "x-csrf-token": csrf },
    data: {
      store_id: cs.store_id,
      category_id: category.id,
      title: "Сырники со сметаной и ягодным соусом",
      description: JSON.stringify({ ops: [{ insert: "Домашние сырники, сметана и соус из лесных ягод\n" }] }),
      portions: [{ weight: "230", unit: "g", price: "12.50", currency: "BYN" }],
    },
  });
  expect(res.status()).toBe(201);
  const item = (await res.json()) as { id: string };
  created.push({ api, csrf, store_id: cs.store_id, ids: [item.id] });
  return item.id;
}

/** Hydrated: the buttons respond. */
const ready = guestReady;

/** The language marking a text inside `container`: the `lang` of its foreign-text element, or null. */
const markedLang = (container: Locator) =>
  container.evaluate((el) => {
    const marked = el.matches("[lang]") ? el : el.querySelector("[lang]");
    return marked ? { lang: marked.getAttribute("lang"), dir: marked.getAttribute("dir"), text: marked.textContent } : null;
  });

/**
 * Where a weight's number and unit (or a price's amount and currency) are drawn: the number's and
 * the letters' boxes, and the isolating element's computed direction and unicode-bidi.
 */
const visualOrder = (el: Locator) =>
  el.evaluate((node) => {
    const isolate = node.querySelector("bdi") ?? node;
    const text = isolate.firstChild as Text;
    const box = (re: RegExp) => {
      const match = re.exec(text.data)!;
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      return range.getBoundingClientRect();
    };
    const style = getComputedStyle(isolate);
    return { text: text.data, number: box(/[\d.,]+/).left, letters: box(/\p{L}+/u).left, direction: style.direction, bidi: style.unicodeBidi };
  });

describe("texts not in the menu's language on the guest pages", () => {
  it("marks fallback texts with their language in the Arabic menu, keeps weights and prices left to right, and passes the language rules", async () => {
    const { company, store } = await storeOffering("ar");
    let menu = await publishedMenu(company, store, "ar");
    let foreign = menu.items.find((i) => i.title_lang && i.portions.some((p) => /^\d/.test(p.weight)));
    if (!foreign) {
      // Every text is translated: make the situation (a new item whose translation is still on its
      // way: the engine holds its answers until the end of this file).
      await engineControl("pause");
      const id = await addRussianOnlyItem(company, store);
      await expect
        .poll(async () => (await publishedMenu(company, store, "ar")).items.some((i) => i.id === id && i.title_lang), { timeout: 60_000 })
        .toBe(true);
      menu = await publishedMenu(company, store, "ar");
      foreign = menu.items.find((i) => i.id === id)!;
    }
    expect(foreign.title_lang).toMatch(/^(ru|en)$/);
    const own = menu.items.find((i) => !i.title_lang);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
    contexts.push(context);
    await context.addCookies([{ name: "menu_language", value: "ar", url: base }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
    });

    // The item window of the fallback item, straight from its link.
    await page.goto(`${base}/${company}/${store}/menu?item=${foreign.id}`);
    await ready(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    expect(await page.getByTestId("guest-menu").getAttribute("dir")).toBe("rtl");
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await markedLang(modal.locator("#item-modal-title"))).toEqual({ lang: foreign.title_lang, dir: "auto", text: foreign.title });
    if (foreign.description?.length) {
      expect(await modal.locator(".item-modal__text").getAttribute("lang")).toBe(foreign.description_lang ?? null);
    }

    // "230 g" with the number first, and the price as written, in the right-to-left page.
    const portion = modal.getByTestId("portion-option").filter({ has: page.locator(".portions__weight") }).first();
    const weight = await visualOrder(portion.locator(".portions__weight"));
    expect(weight).toMatchObject({ direction: "ltr", bidi: "isolate" });
    expect(weight.number).toBeLessThan(weight.letters);
    const price = await visualOrder(portion.locator(".portions__price"));
    expect(price).toMatchObject({ direction: "ltr", bidi: "isolate" });
    expect(price.text.search(/\d/) < price.text.search(/\p{L}/u)).toBe(price.number < price.letters);

    // The cart line keeps the title's language.
    await modal.getByTestId("add-to-cart").click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
    await page.getByTestId("cart-button").click();
    const line = page.getByTestId("cart").getByTestId("cart-line").first();
    await expect.poll(() => line.isVisible()).toBe(true);
    expect(await markedLang(line.locator(".cart-line__title"))).toMatchObject({ lang: foreign.title_lang, text: foreign.title });
    const lineWeight = await visualOrder(line.locator(".cart-line__weight"));
    expect(lineWeight.number).toBeLessThan(lineWeight.letters);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("cart").isVisible()).toBe(false);

    // Search results: the fallback title is marked; a translated one (if the demo has one) is not.
    await page.getByTestId("search-open").click();
    await page.getByTestId("search-input").fill(foreign.title);
    const results = page.getByTestId("search-results");
    await expect.poll(() => results.locator(`[data-item-id="${foreign.id}"]`).count()).toBe(1);
    expect(await markedLang(results.locator(`[data-item-id="${foreign.id}"] .item-card__title`))).toMatchObject({ lang: foreign.title_lang, text: foreign.title });
    const cardWeight = await visualOrder(results.locator(`[data-item-id="${foreign.id}"] .item-card__weight`).first());
    expect(cardWeight.number).toBeLessThan(cardWeight.letters);
    if (own) {
      await page.getByTestId("search-input").fill(own.title);
      await expect.poll(() => results.locator(`[data-item-id="${own.id}"]`).count()).toBe(1);
      const title = results.locator(`[data-item-id="${own.id}"] .item-card__title`);
      expect(await title.textContent()).toBe(own.title);
      expect(await markedLang(title)).toBeNull();
    }
    await page.getByTestId("search-input").fill("");
    await page.locator(".search-box button").click();

    // Category chips and headings carry their name's language exactly when the menu says so.
    await page.getByTestId("menu-type-full").click();
    await expect.poll(() => page.getByTestId("menu-type-full").getAttribute("aria-pressed")).toBe("true");
    const chips = await page.locator("[data-chip]").evaluateAll((els) =>
      els.map((el) => ({ id: el.getAttribute("data-chip")!, lang: el.querySelector("[lang]")?.getAttribute("lang") ?? null, text: el.textContent })),
    );
    expect(chips.length).toBeGreaterThan(0);
    const byId = new Map(menu.categories.map((c) => [c.id, c]));
    expect(chips).toEqual(chips.map((c) => ({ id: c.id, lang: byId.get(c.id)?.name_lang ?? null, text: byId.get(c.id)?.name })));
    const headings = await page.locator("section.menu-category > h2, section.menu-subcategory > h3").evaluateAll((els) =>
      els.map((el) => ({ id: el.parentElement!.id.replace(/^cat-/, ""), lang: el.querySelector("[lang]")?.getAttribute("lang") ?? null })),
    );
    expect(headings.length).toBeGreaterThan(0);
    expect(headings).toEqual(headings.map((h) => ({ id: h.id, lang: byId.get(h.id)?.name_lang ?? null })));

    // Promotions: headers marked the same way.
    const promoted = menu.categories.find((c) => c.section === "promotions" && !c.parent_id && menu.promotions.some((p) => p.category_id === c.id));
    if (promoted) {
      await page.goto(`${base}/${company}/${store}/promotions/${promoted.position}`);
      await ready(page);
      const cards = page.locator("[data-testid=promotions-page] .promotion-card h3");
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      const expected = menu.promotions.filter((p) => p.category_id === promoted.id).map((p) => p.header_lang ?? null);
      expect(await cards.evaluateAll((els) => els.map((el) => el.querySelector("[lang]")?.getAttribute("lang") ?? null))).toEqual(expected);
      await page.goto(`${base}/${company}/${store}/menu`);
      await ready(page);
    }

    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(artifacts, "menu-ar-languages-390x844.png") });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("marks nothing on the menu in its source language", async () => {
    const { company, store } = await storeOffering("ar");
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    contexts.push(context);
    await context.addCookies([{ name: "menu_language", value: "ru", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/${company}/${store}/menu`);
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");
    await expect.poll(() => page.locator("main [data-testid=item-card]").count()).toBeGreaterThan(0);
    // Only the language picker's options name their languages.
    expect(await page.locator("[data-testid=guest-menu] [lang]:not(option)").count()).toBe(0);
    // Weights read as number then unit in any language.
    const weight = await visualOrder(page.locator("main .item-card__weight").first());
    expect(weight.number).toBeLessThan(weight.letters);
  });
});
