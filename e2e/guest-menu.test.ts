/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import http from "node:http";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishedManifest, WholeMenu } from "@menu/core/shared/published-menu";
import { launchBrowser } from "./browser";
import { demo, path, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const artifacts = resolve(import.meta.dirname, "../test-results");
let browser: Browser;
let menu: WholeMenu;

beforeAll(async () => {
  browser = await launchBrowser();
  menu = await publishedMenu("demo", "center", "ru");
  mkdirSync(artifacts, { recursive: true });
});
afterAll(() => browser?.close());

const contexts: BrowserContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));

async function phone(cookies: Record<string, string> = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  contexts.push(context);
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: base })));
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

const digits = (text: string) => text.replace(/[^\d,.]/g, "").replace(/\.$/, "");

describe("the published guest menu", () => {
  it("is pre-rendered HTML with SEO and social tags, served with ETags and 304s, and its JSON is small", async () => {
    const res = await fetch(`${base}/demo/center/menu`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="ru" dir="ltr">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="description"');
    // The menu's first categories are in the page itself (the rest follow once it is interactive).
    const categories = new Map(menu.categories.map((c) => [c.id, c]));
    const first = /id="cat-([^"]+)"/.exec(html)![1]!;
    expect(categories.get(first)?.section).toBe("kitchen");
    const firstItems = menu.items.filter((i) => i.category_id === first || categories.get(i.category_id)?.parent_id === first);
    expect(firstItems.length).toBeGreaterThan(0);
    expect(html).toContain(firstItems[0]!.title.replace(/&/g, "&amp;"));
    const etag = res.headers.get("etag")!;
    expect((await fetch(`${base}/demo/center/menu`, { headers: { "if-none-match": etag } })).status).toBe(304);
    for (const file of [`ru/index.json`, `ru/c/${menu.categories.find((c) => c.chunk)!.chunk}.json`]) {
      const json = await fetch(`${base}/m/demo/center/${file}`, { headers: { "accept-encoding": "gzip" } });
      expect(json.headers.get("content-encoding"), file).toBe("gzip");
      expect((await fetch(`${base}/m/demo/center/${file}`, { headers: { "if-none-match": json.headers.get("etag")! } })).status, file).toBe(304);
    }
    const manifest = (await (await fetch(`${base}/m/demo/center/manifest.json`)).json()) as PublishedManifest;
    expect(manifest.languages).toEqual(["ru", "en", "zh"]);
    // The language cookie picks the pre-rendered page.
    const zh = await (await fetch(`${base}/demo/center/menu`, { headers: { cookie: "menu_language=zh" } })).text();
    expect(zh).toContain('<html lang="zh"');
  });

  it("runs no code of the app until the guest acts (it is fetched at idle), and keeps a tap made while the app loads", async () => {
    const html = await (await fetch(`${base}/demo/center/menu`)).text();
    // Nothing in the markup makes the browser fetch code or data before its first view is shown.
    expect(html).not.toMatch(/<script[^>]+src=|rel="modulepreload"|rel="preload"[^>]+as="fetch"/);
    // The first banner is the largest paint: the only picture fetched with high priority; the logo and
    // the other banners ask for low, so on a slow link they do not share its bandwidth.
    const pictures = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const high = pictures.filter((tag) => /fetchPriority="high"/i.test(tag));
    expect(high).toHaveLength(1);
    const preloaded = /<link rel="preload" href="([^"]+)" as="image" fetchpriority="high"/.exec(html)?.[1];
    expect(preloaded).toBeDefined();
    expect(high[0]).toContain(`src="${preloaded}"`);
    const logo = pictures.find((tag) => /width="56"/.test(tag));
    const otherBanners = pictures.filter((tag) => /width="320"/.test(tag) && tag !== high[0]);
    expect(otherBanners.length).toBeGreaterThan(0);
    for (const tag of [logo, ...otherBanners]) expect(tag).toMatch(/fetchPriority="low"/i);
    const { page, errors } = await phone();
    const requested: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/.+\.js$|\/m\/.+\.json$/.test(r.url())) requested.push(new URL(r.url()).pathname);
    });
    // A guest who only reads: once the first view is shown, the page fetches the app, its index
    // and chunks at idle, and runs none of it (overview.test.ts checks that this guest's view and
    // QR scan are counted).
    await page.goto(`${base}/demo/center/menu?table=3`);
    const fetched = ["/m/demo/center/ru/index.json", expect.stringMatching(/^\/m\/demo\/center\/ru\/c\//), expect.stringMatching(/^\/assets\/guest-/), expect.stringMatching(/^\/assets\/early-/)];
    await expect.poll(() => requested).toEqual(expect.arrayContaining(fetched));
    expect(await page.locator("[data-testid=guest-menu][data-ready]").count()).toBe(0);
    // Not hydrated (React marks the elements it owns), no service worker (the app registers it).
    expect(await page.locator(".item-card__link").first().evaluate((a) => Object.keys(a).some((k) => k.startsWith("__react")))).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    // A guest taps an item before the app is there (its script held back here): the page shows it
    // is waking up, does not follow the link, and the app opens the item once it runs.
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(/\/assets\/guest-[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    requested.length = 0;
    await page.goto(`${base}/demo/center/menu`);
    const link = page.locator(".item-card__link").first();
    const id = await link.evaluate((a) => a.closest("[data-item-id]")!.getAttribute("data-item-id"));
    await link.click();
    await expect.poll(() => page.locator("html.guest-waking #root[aria-busy=true]").count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("item")).toBeNull();
    letGo();
    await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("item")).toBe(id);
    expect(await page.locator("html.guest-waking, #root[aria-busy]").count()).toBe(0);
    expect(requested).toEqual(expect.arrayContaining(["/m/demo/center/ru/index.json", expect.stringMatching(/^\/m\/demo\/center\/ru\/c\//), expect.stringMatching(/^\/assets\/guest-/)]));
    expect(errors).toEqual([]);
  });

  it("lays out its first view without glyphs it does not show: marks drawn as pictograms, the language picker as wide as its language", async () => {
    const firstView = async (cookies: Record<string, string> = {}) => {
      const guest = await phone(cookies);
      await guest.page.goto(`${base}/demo/center/menu`);
      await guest.page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      return guest;
    };
    const ru = await firstView();
    // A mark is a drawing, one per mark, and no text: an emoji glyph makes the browser search the fonts.
    const marks = await ru.page.locator("main [data-testid=item-marks] li").evaluateAll((els) =>
      els.map((li) => {
        const svg = li.querySelector("svg.mark-pictogram");
        const shown = [...li.childNodes].filter((n) => !(n instanceof Element && n.classList.contains("visually-hidden")));
        const kind = li.className;
        return { mark: li.getAttribute("data-mark")!, kind, color: getComputedStyle(li).color, shape: svg?.querySelector("path")?.getAttribute("d") ?? "", height: svg?.getBoundingClientRect().height ?? 0, text: shown.map((n) => n.textContent).join("") };
      }),
    );
    expect(new Set(marks.map((m) => m.mark)).size).toBeGreaterThan(3);
    for (const m of marks) {
      expect(m.text, m.mark).toBe("");
      expect(m.shape, m.mark).not.toBe("");
      expect(m.height, m.mark).toBeGreaterThan(10);
    }
    const shapes = new Map(marks.map((m) => [m.mark, m.shape]));
    expect(new Set(shapes.values()).size).toBe(shapes.size);
    for (const m of marks) expect(m.shape).toBe(shapes.get(m.mark));
    // Dietary tags and allergens are told apart by colour.
    const colors = (kind: string) => new Set(marks.filter((m) => m.kind === kind).map((m) => m.color));
    expect(colors("item-marks__tag").size).toBe(1);
    expect(colors("item-marks__allergen").size).toBe(1);
    expect([...colors("item-marks__tag")][0]).not.toBe([...colors("item-marks__allergen")][0]);
    // The picker is not as wide as its longest option (中文 is not measured on a Russian page).
    const pickerWidth = (guest: typeof ru) => guest.page.getByTestId("menu-language").evaluate((s) => s.getBoundingClientRect().width);
    const zh = await firstView({ menu_language: "zh" });
    expect(await zh.page.getByTestId("menu-language").inputValue()).toBe("zh");
    expect(await pickerWidth(zh)).toBeLessThan((await pickerWidth(ru)) - 10);
    expect([...ru.errors, ...zh.errors]).toEqual([]);
  });

  it("inlines only the styles its first view uses: one round trip of HTML, the same look as with every guest stylesheet (the first chip current), and the app brings the rest", async () => {
    // The whole page, compressed as a phone gets it, fits the first round trip of a new connection
    // (TCP's first window: 10 segments of 1460 bytes, headers included).
    const compressed = await new Promise<number>((done, fail) => {
      http.get(`${base}/demo/center/menu`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => done(bytes));
      }).on("error", fail);
    });
    expect(compressed).toBeLessThan(14_000);

    const { page, errors } = await phone();
    await page.goto(`${base}/demo/center/menu`);
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    const look = () =>
      page.locator("#root *").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          const st = getComputedStyle(e);
          return [e.tagName, e.className, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height), st.color, st.backgroundColor, st.fontSize, st.fontWeight, st.borderRadius, st.display].join(" ");
        }),
      );
    const inline = await look();
    // The first category's chip is current in the markup, as it is once the app follows the scroll.
    const currentChip = (p: typeof page) => p.locator("[data-testid=category-bar] [aria-current]").getAttribute("data-chip");
    const firstChip = await page.locator("[data-testid=category-bar] .chip").first().getAttribute("data-chip");
    expect(await currentChip(page)).toBe(firstChip);
    const styles = JSON.parse(/"styles":(\[[^\]]*\])/.exec(await page.content())![1]!) as string[];
    expect(styles.length).toBeGreaterThan(0);
    // None applied (the early script may have fetched them at idle, for the app).
    expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length)).toBe(0);
    await page.evaluate(
      (hrefs) =>
        Promise.all(
          hrefs.map((href) => {
            const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
            document.head.append(link);
            return new Promise((done) => (link.onload = done));
          }),
        ),
      styles,
    );
    const whole = await look();
    expect(whole.length).toBe(inline.length);
    for (const [i, line] of whole.entries()) expect(inline[i], line).toBe(line);
    // On a page of its own, woken by a tap, the app draws the item window with the styles the page left out.
    const woken = await phone();
    await woken.page.goto(`${base}/demo/center/menu`);
    await woken.page.locator("[data-testid=item-card] a").first().click();
    await expect.poll(() => woken.page.getByTestId("item-modal").isVisible()).toBe(true);
    expect(await woken.page.getByTestId("item-modal").evaluate((d) => getComputedStyle(d).maxWidth)).toBe("560px");
    expect(await currentChip(woken.page)).toBe(firstChip);
    expect([...errors, ...woken.errors]).toEqual([]);
  });

  it("QR link → the menu with the table number, then search and the item modal", async () => {
    const { page, errors } = await phone();
    const qr = demo().qr_links[0]!;
    await page.goto(base + path(qr));
    await page.waitForURL(/\/demo\/center\/menu\?table=\d+$/);
    await ready(page);
    const table = new URL(page.url()).searchParams.get("table");
    await expect.poll(() => page.getByTestId("table-badge").textContent()).toBe(`Стол ${table}`);

    // Search by a word of an item's title.
    const target = menu.items.find((i) => i.title.split(" ")[0]!.length >= 5)!;
    const word = target.title.split(" ")[0]!.slice(0, 5).toLowerCase();
    await page.getByTestId("search-open").click();
    await page.getByTestId("search-input").fill(word);
    // Results come as the chunks of the matches arrive.
    await expect.poll(() => page.getByTestId("search-results").locator(".item-card__title").allTextContents()).toContain(target.title);
    await page.getByRole("button", { name: "Закрыть поиск" }).click();

    // The item modal is deep-linkable and closing returns to the same scroll position.
    await page.mouse.wheel(0, 1400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Settled: two readings a couple of frames apart agree.
    await expect
      .poll(() => page.evaluate(() => new Promise<boolean>((ok) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => ok(window.scrollY === y)));
      })))
      .toBe(true);
    const scrolled = await page.evaluate(() => window.scrollY);
    const card = page.locator("[data-testid=item-card]:visible").filter({ has: page.locator(".item-card__link") });
    const visibleCard = await card.evaluateAll((els) => {
      const el = els.find((e) => e.getBoundingClientRect().top > 250 && e.getBoundingClientRect().bottom < 800);
      return el?.getAttribute("data-item-id");
    });
    await page.locator(`[data-item-id="${visibleCard}"] .item-card__link`).click();
    await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get("item")).toBe(visibleCard);
    await page.getByTestId("item-modal").getByRole("button", { name: "Закрыть", exact: true }).click();
    await expect.poll(() => page.getByTestId("item-modal").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("item")).toBeNull();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(5);

    await page.goto(`${base}/demo/center/menu?item=${target.id}`);
    await ready(page);
    await expect.poll(() => page.getByTestId("item-modal").locator("h2").textContent()).toBe(target.title);
    expect(errors).toEqual([]);
  });

  it("puts two portions into the cart with the right total, keeps it on reload and empties it after an hour", async () => {
    const { page, errors } = await phone();
    await page.clock.install();
    const item = menu.items.find((i) => i.portions.length >= 2 && i.portions.every((p) => p.currency === "BYN"))!;
    await page.goto(`${base}/demo/center/menu?table=4&item=${item.id}`);
    await ready(page);
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    const options = modal.getByTestId("portion-option");
    await options.nth(0).click();
    await modal.getByTestId("add-to-cart").click();
    await options.nth(1).click();
    await modal.getByRole("button", { name: `Увеличить количество: ${item.title}`, exact: true }).click(); // 2 of the second portion
    await modal.getByTestId("add-to-cart").click();
    await page.getByTestId("item-modal").getByRole("button", { name: "Закрыть", exact: true }).click();

    const cents = (price: string) => Math.round(Number(price) * 100);
    const expected = cents(item.portions[0]!.price) + 2 * cents(item.portions[1]!.price);
    const expectedText = `${Math.floor(expected / 100)},${String(expected % 100).padStart(2, "0")}`;
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("3");
    await page.getByTestId("cart-button").click();
    const cart = page.getByTestId("cart");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(2);
    expect(digits((await cart.getByTestId("cart-total").locator("strong").textContent())!)).toBe(expectedText);
    // Each line shows its own total (price × quantity).
    const lineTotals = (await cart.getByTestId("cart-line-total").allTextContents()).map(digits);
    const money = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")}`;
    expect(lineTotals).toEqual([money(cents(item.portions[0]!.price)), money(2 * cents(item.portions[1]!.price))]);
    expect(await cart.getByTestId("cart-table").textContent()).toBe("Стол 4");
    await page.screenshot({ path: join(artifacts, "cart-ru-390x844.png") });

    await page.reload();
    await ready(page);
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("3");

    await page.clock.fastForward(61 * 60_000);
    // The table number stays (it is in the address); the lines are gone.
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("0");
    await page.reload();
    await ready(page);
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("0");
    await page.getByTestId("cart-button").click();
    expect(await page.getByTestId("cart").getByTestId("cart-line").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("keeps working offline after the first visit, with a banner", async () => {
    const { context, page } = await phone();
    await page.goto(`${base}/demo/center/menu`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("guest-v1-pages")).keys()).map((r) => new URL(r.url).pathname)), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["/demo/center/menu", "/m/demo/center/ru/index.json"]));
    // Every chunk the page fetched (content-addressed) is kept as it is.
    const fetchedChunks = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => new URL(e.name).pathname)
        .filter((path) => /^\/m\/.+\/c\/[^/]+\.json$/.test(path)),
    );
    expect(fetchedChunks.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("guest-v1-chunks")).keys()).map((r) => new URL(r.url).pathname)), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(fetchedChunks));
    // The page's own script is kept too (what hydrates the page offline).
    const script = await page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>("script[type=module][src]")!.src).pathname);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open("guest-v1-static")).keys()).map((r) => new URL(r.url).pathname)))
      .toContain(script);

    await context.setOffline(true);
    await page.reload();
    await ready(page);
    await expect.poll(() => page.getByTestId("offline-banner").isVisible()).toBe(true);
    expect(await page.getByTestId("offline-banner").textContent()).toContain("меню могло устареть");
    // Search (in what the page has loaded: the first category's chunk), the item modal and the cart still work.
    const first = (await page.locator("[id^=cat-]").first().getAttribute("id"))!.slice("cat-".length);
    const parents = new Map(menu.categories.map((c) => [c.id, c.parent_id]));
    const target = menu.items.find((i) => i.category_id === first || parents.get(i.category_id) === first)!;
    await page.getByTestId("search-open").click();
    await page.getByTestId("search-input").fill(target.title.slice(0, 6));
    await expect.poll(() => page.getByTestId("search-results").getByTestId("item-card").count()).toBeGreaterThan(0);
    await page.getByTestId("search-results").locator(".item-card__link").first().click();
    await expect.poll(() => page.getByTestId("item-modal").isVisible()).toBe(true);
    await page.getByTestId("add-to-cart").click();
    await page.getByTestId("item-modal").getByRole("button", { name: "Закрыть", exact: true }).click();
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    await context.setOffline(false);
  });

  it("renders Arabic right to left and remembers the language", async () => {
    const { page, errors } = await phone();
    await page.goto(`${base}/demo/park/menu`);
    await ready(page);
    await page.getByTestId("menu-language").selectOption("ar");
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await page.getByTestId("guest-menu").getAttribute("dir")).toBe("rtl");
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    await page.screenshot({ path: join(artifacts, "menu-ar-390x844.png") });
    expect(errors).toEqual([]);
  });

  it("saves screenshots of the menu in Russian and Chinese at 390x844", async () => {
    for (const lang of ["ru", "zh"]) {
      const { page, errors } = await phone({ menu_language: lang });
      await page.goto(`${base}/demo/center/menu?table=3`);
      await ready(page);
      await page.waitForSelector("[data-testid=table-badge]");
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(artifacts, `menu-${lang}-390x844.png`) });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(errors).toEqual([]);
    }
  });

  it("shows promotions and the reviews widget pages", async () => {
    const { page } = await phone();
    await page.goto(`${base}/demo/center/promotions/0`);
    await page.waitForSelector("[data-testid=promotions-page] .promotion-card");
    await page.goto(`${base}/demo/center/reviews`);
    const frame = page.locator("[data-testid=reviews-page] iframe");
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/yandex\.ru\/maps-reviews-widget\/\d+\?comments$/);
  });
});
