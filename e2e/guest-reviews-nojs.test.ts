/// <reference lib="dom" />
/**
 * Issue 32, points 8 and 4 in the guest menu: the reviews tab only where a widget is set up, and a
 * widget that cannot load replaced by a link to the venue's reviews on Yandex Maps; without
 * JavaScript the menu page says it shows only the start of the menu and links to the whole menu
 * as a plain page the publish job wrote, which holds every published item.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PublishedIndex, PublishedManifest } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { getJson, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { staffApi } from "./staff-api";
import { TABLE_POSITION_MAX } from "@menu/core/tables/schemas";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();
/** Screenshots to look at (test-results/, beside the other browser tests' artifacts). */
const SHOTS = ARTIFACTS;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };

const manifestOf = (store: string) => getJson<PublishedManifest>(`/m/demo/${store}/manifest.json`);

/** Polls the store's manifest until `ok` holds (the publish job runs in the background). */
async function published(store: string, ok: (m: PublishedManifest) => boolean) {
  await expect.poll(async () => ok(await manifestOf(store)), { timeout: 30_000, interval: 200 }).toBe(true);
}

describe("guest reviews", () => {
  it("a store without a widget has no reviews tab or page; with one again, the tab is back", async () => {
    const owner = await staffApi(base, "owner@demo.menu", "demo-owner-2026");
    const { store_id } = await manifestOf("park");
    const { store: { reviews_org_id: org } } = await getJson<PublishedIndex>("/m/demo/park/ru/index.json");
    expect(org).toMatch(/^\d+$/);
    expect((await owner.send("DELETE", `/api/reviews-widget?storeId=${store_id}`, undefined)).status).toBe(200);
    try {
      await published("park", (m) => !m.pages.includes("reviews"));
      const html = await (await fetch(`${base}/demo/park/menu`)).text();
      expect(html).not.toContain('href="/demo/park/reviews"');
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${base}/demo/park/menu`);
      await guestReady(page);
      await page.getByTestId("section-tabs").waitFor();
      expect(await page.locator('a[href$="/reviews"]').count()).toBe(0);
    } finally {
      const put = await owner.send("PUT", "/api/reviews-widget", { store_id, widget_code: `https://yandex.ru/maps-reviews-widget/${org}?comments` });
      expect(put.status).toBe(200);
      await published("park", (m) => m.pages.includes("reviews"));
    }
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${base}/demo/park/menu`);
    await guestReady(page);
    await page.locator('a[href="/demo/park/reviews"]').waitFor();
  });

  it("a widget whose frame cannot load gives way to a link to the venue's reviews on Yandex Maps, in the guest's language", async () => {
    const { store: { reviews_org_id: org } } = await getJson<PublishedIndex>("/m/demo/center/ru/index.json");
    const manifest = await manifestOf("center");
    for (const [lang, text] of [
      ["ru", "Читать отзывы на Яндекс Картах"],
      ["en", "Read the reviews on Yandex Maps"],
    ] as const) {
      if (!manifest.languages.includes(lang)) continue;
      const context = await browser.newContext(PHONE);
      await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
      // The maps service blocked: every request to it fails.
      await context.route(/yandex\./, (route) => route.abort());
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${base}/demo/center/reviews`);
      await guestReady(page);
      const link = page.getByTestId("reviews-fallback").getByRole("link", { name: text });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe(`https://yandex.ru/maps/org/${org}/reviews/`);
      expect(await page.locator("[data-testid=reviews-page] iframe").isVisible()).toBe(false);
      expect(await axeViolations(page, { exclude: ["iframe"] }), lang).toEqual([]);
      if (lang === "ru") {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, "reviews-fallback-390.png") });
      }
      expect(errors).toEqual([]);
    }
  });
});

describe("the guest menu without JavaScript", () => {
  it("says only the start of the menu shows and links to the whole menu as a plain page with every published item", async () => {
    const manifest = await manifestOf("center");
    // The plain page trails item changes by up to FULL_PAGE_EVERY_MS (other files edit this store);
    // a store-wide change, a table added and removed, has it written at once.
    const owner = await staffApi(base, "owner@demo.menu", "demo-owner-2026");
    const table = await owner.send("POST", "/api/tables", { store_id: manifest.store_id, position: TABLE_POSITION_MAX, name: `Без JavaScript ${Date.now()}` });
    expect(table.status).toBe(201);
    const { table_id } = (await table.json()) as { table_id: string };
    expect((await owner.send("DELETE", `/api/tables/${table_id}?storeId=${manifest.store_id}`, {})).status).toBe(200);
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const plainPageHasAll = async (lang: string) => {
      const plain = await context.newPage();
      await plain.goto(`${base}/m/demo/center/${lang}/all.html?at=${Date.now()}`);
      const text = await plain.locator("main").innerText();
      await plain.close();
      return (await publishedMenu("demo", "center", lang)).items.every((i) => text.includes(i.title));
    };
    for (const lang of manifest.languages.filter((l) => ["ru", "en", "ar"].includes(l))) {
      await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
      const page = await context.newPage();
      await page.goto(`${base}/demo/center/menu`);
      const note = page.getByTestId("noscript-note");
      await note.waitFor();
      expect(await note.isVisible()).toBe(true);
      const link = note.getByRole("link");
      expect(await link.getAttribute("href")).toBe(`/m/demo/center/${lang}/all.html`);
      if (lang === "ru") {
        expect(await note.textContent()).toContain("Без JavaScript");
        // The note keeps the page within the first round trip (bench:guest's 14 KB gzip).
        const html = await (await fetch(`${base}/demo/center/menu`, { headers: { cookie: `menu_language=${lang}` } })).text();
        expect(html).toContain('data-testid="noscript-note"');
        expect(gzipSync(html, { level: 9 }).length).toBeLessThan(14_000);
        expect(await axeWithoutScript(`${base}/demo/center/menu`, lang), "menu page").toEqual([]);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, "nojs-menu-390.png") });
      }

      await expect.poll(() => plainPageHasAll(lang)).toBe(true);
      await link.click();
      await page.waitForURL(`${base}/m/demo/center/${lang}/all.html`);
      expect(await page.locator("html").getAttribute("lang")).toBe(lang);
      expect(await page.locator("script").count()).toBe(0);
      const menu = await publishedMenu("demo", "center", lang);
      const { items } = menu;
      expect(items.length).toBeGreaterThan(100);
      const text = await page.locator("main").innerText();
      const missing = items.filter((i) => !text.includes(i.title));
      expect(missing.map((i) => i.title)).toEqual([]);
      expect(await axeWithoutScript(page.url(), lang), `${lang} whole menu`).toEqual([]);
      if (lang === "ru") {
        await page.screenshot({ path: join(SHOTS, "nojs-all-390.png") });
        await page.screenshot({ path: join(SHOTS, "nojs-all-390-full.png"), fullPage: true });
      }
      await page.close();
    }
  });
});

/**
 * axe runs in the page, which a context without JavaScript cannot do: the page is opened in one
 * with JavaScript, as a browser without it shows it (its scripts left out, the <noscript> content shown).
 */
async function axeWithoutScript(url: string, lang: string) {
  const context = await browser.newContext(PHONE);
  await context.addCookies([{ name: "menu_language", value: lang, url: base }]);
  const page = await context.newPage();
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<\/?noscript>/g, "");
    await route.fulfill({ response, body: html });
  });
  await page.goto(url);
  const violations = await axeViolations(page);
  await context.close();
  return violations;
}
