/// <reference lib="dom" />
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { demo } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
/** The part of sharp this test uses. */
interface SharpImage {
  composite(layers: { input: Buffer; top: number; left: number }[]): SharpImage;
  png(): { toBuffer(): Promise<Buffer> };
}
type Sharp = (input: { create: { width: number; height: number; channels: 3; background: { r: number; g: number; b: number } } }) => SharpImage;
// sharp is a dependency of the core package (uploads are re-encoded with it); the test borrows it.
const sharp = createRequire(resolve(import.meta.dirname, "../packages/core/package.json"))("sharp") as Sharp;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

type Category = { id: string; name: string; parent_id: string; visible: boolean; schedule?: { enabled: boolean }; content_count: number };
type Item = { id: string; title: string; visible: boolean };

async function context(width: number, locale: string) {
  const c = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  contexts.push(c);
  await c.addCookies([{ name: "locale", value: locale, url: base }]);
  return c;
}

/** The demo owner, signed in (their interface language wins after sign-in; texts are matched in ru or en). */
async function signedIn(width = 1280, locale = "en") {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const page = await (await context(width, locale)).newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return page;
}

const api = async <T>(page: Page, path: string) => (await (await page.request.get(`${base}${path}`)).json()) as T;

/** A small real PNG, made for the test. */
const png = () =>
  sharp({ create: { width: 240, height: 180, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([{ input: Buffer.from('<svg width="240" height="180"><circle cx="120" cy="90" r="60" fill="#fde68a"/></svg>'), top: 0, left: 0 }])
    .png()
    .toBuffer();

const cardTitles = (page: Page) => page.getByTestId("admin-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-title")));

describe("menu items in the admin panel", () => {
  it("adds an item with two portions and a photo, reorders, bulk-hides, moves; the guest menu shows each result", async () => {
    const page = await signedIn();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const cs = await api<{ store_id: string }>(page, "/api/cs-object?companyKey=demo&storeKey=center&scope=owned");
    const categories = await api<Category[]>(page, `/api/categories?storeId=${cs.store_id}&section=kitchen`);
    // Leaf categories that guests always see (no schedule on them or their parent), with enough items.
    const always = categories.filter((c) => {
      const parent = categories.find((p) => p.id === c.parent_id);
      return c.visible && !c.schedule?.enabled && !parent?.schedule?.enabled && (!parent || parent.visible) && !categories.some((x) => x.parent_id === c.id);
    });
    const source = always.find((c) => c.content_count >= 4)!;
    const target = always.find((c) => c.id !== source.id && c.content_count >= 1)!;
    expect(source && target).toBeTruthy();
    const items = (await api<{ items: Item[] }>(page, `/api/items?storeId=${cs.store_id}&categoryId=${source.id}`)).items.filter((i) => i.visible);

    await page.goto(`${base}/demo/center/admin-panel/kitchen/${source.id}`);
    await page.getByTestId("admin-items").waitFor();

    // Add an item: title, description, photo and two portions.
    const title = `Солянка E2E ${Date.now() % 100000}`;
    await page.getByTestId("add-item").click();
    const dialog = page.getByTestId("item-dialog");
    await dialog.getByLabel(/^(Название|Title)/).fill(title);
    await dialog.locator(".ql-editor").click();
    await page.keyboard.type("Сборная мясная, с лимоном");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "soup.png", mimeType: "image/png", buffer: await png() });
    await dialog.locator("img").first().waitFor();
    const rows = dialog.getByTestId("portion-row");
    await rows.nth(0).getByLabel(/^(Вес|Weight)/).fill("300");
    await rows.nth(0).getByLabel(/^(Цена|Price)/).fill("0");
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText(/^(Цена не может быть равна 0|Price cannot be 0)$/).waitFor();
    await rows.nth(0).getByLabel(/^(Цена|Price)/).fill("12.50");
    await dialog.getByTestId("add-portion").click();
    await rows.nth(1).getByLabel(/^(Вес|Weight)/).fill("500");
    await rows.nth(1).getByLabel(/^(Цена|Price)/).fill("18,90");
    await expect.poll(() => dialog.locator('button[type="submit"]').isEnabled()).toBe(true);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    const card = page.getByTestId("admin-item").filter({ hasText: title });
    await card.waitFor();
    // Focus lands on the new card (not back on the add button).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-title"))).toBe(title);
    await expect.poll(() => cardTitles(page)).toContain(title);
    expect((await cardTitles(page)).at(-1)).toBe(title);
    await expect.poll(() => card.locator(".ma-card__portions li").count()).toBe(2);

    // Reorder with the keyboard alternative: the new item goes to the top.
    const count = (await cardTitles(page)).length;
    await card.locator("[data-drag-handle]").focus();
    for (let i = 1; i < count; i++) await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await cardTitles(page))[0], { timeout: 10_000 }).toBe(title);
    await expect.poll(async () => (await api<{ items: Item[] }>(page, `/api/items?storeId=${cs.store_id}&categoryId=${source.id}`)).items[0]?.title).toBe(title);

    // Bulk: no bar with nothing selected (it comes with the first selection); then hide two items.
    expect(await page.getByTestId("bulk-bar").count()).toBe(0);
    const [hideA, hideB, moved] = [items[0]!, items[1]!, items[2]!];
    for (const it of [hideA, hideB]) await page.locator(`[data-item-id="${it.id}"]`).getByTestId("select-item").check();
    await page.getByTestId("bulk-hide").click();
    await expect.poll(() => page.getByTestId("hidden-badge").count()).toBeGreaterThanOrEqual(2);
    for (const it of [hideA, hideB]) await page.locator(`[data-item-id="${it.id}"]`).getByTestId("hidden-badge").waitFor();

    // Move an item to another kitchen category.
    await page.locator(`[data-item-id="${moved.id}"]`).getByTestId("move-item").click();
    const move = page.getByTestId("move-dialog");
    await move.getByLabel(target.name, { exact: true }).check();
    await move.getByTestId("confirm-move").click();
    await move.waitFor({ state: "detached" });
    await expect.poll(() => page.locator(`[data-item-id="${moved.id}"]`).count()).toBe(0);
    expect(await page.getByTestId("movement-pending").count()).toBe(0);

    // The search finds the new item across the menu.
    await page.getByTestId("item-search").fill(title.slice(0, 12).toLowerCase());
    await expect.poll(() => page.getByTestId("search-hit").filter({ hasText: title }).count()).toBe(1);
    await page.getByTestId("item-search").fill("");
    expect(errors).toEqual([]);

    // The guest menu, published within seconds.
    const guest = await (await context(390, "ru")).newPage();
    const section = (id: string) => guest.locator(`section[data-category-id="${id}"]`);
    const titles = (id: string) => section(id).getByTestId("item-card").locator("h3").allTextContents();
    // Every change publishes: wait for the page that holds the last of them (the move), not just the first.
    await expect
      .poll(
        async () => {
          await guest.goto(`${base}/demo/center/menu`);
          await guestReady(guest);
          const [inSource, inTarget] = [await titles(source.id), await titles(target.id)];
          return { first: inSource[0], hidden: [hideA.title, hideB.title].filter((t) => inSource.includes(t)), moved: !inSource.includes(moved.title) && inTarget.at(-1) === moved.title };
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual({ first: title, hidden: [], moved: true });
    const guestCard = section(source.id).getByTestId("item-card").first();
    const guestText = (await guestCard.textContent()) ?? "";
    expect(guestText).toContain("300");
    expect(guestText).toContain("500");
    expect(guestText.replace(/\s/g, "")).toMatch(/12,50/);
    expect(guestText.replace(/\s/g, "")).toMatch(/18,90/);
    expect(await guestCard.locator("img").getAttribute("src")).toMatch(/^\/media\/.+\.webp$/);
  });
});
