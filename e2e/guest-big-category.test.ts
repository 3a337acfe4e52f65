/// <reference lib="dom" />
/**
 * A category of more than 400 items on the guest menu (issue 31): the publish job cuts it into
 * three chunks of CHUNK_ITEMS, and the guest app shows it once all three are there, both as a later
 * category of the menu (its chunks are fetched once the page is interactive, as the list nears it)
 * and as the first one (the page is rendered and hydrated with its first chunk; the next ones
 * come as the guest scrolls). Either way the page
 * hydrates its markup without a mismatch, scrolling renders the category down to its last item,
 * the search finds an item of the third chunk, whose window shows its price, and the cart keeps it.
 * The file runs its own runtime: it grows and reorders the demo menu the other browser tests read.
 */
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CHUNK_ITEMS, chunkNames, FIRST_VIEW_CARDS, type IndexCategory, type PublishedChunk, type PublishedIndex, type PublishedItem } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { fileBrowser } from "./browser";
import { demo, getJson } from "./demo";
import { guestReady } from "./guest";
import { copyOfTemplate, RUNTIME_START_MS, startRuntime, type Runtime } from "./runtime";
import { staffApi } from "./staff-api";

const ITEMS = 450;
const CATEGORY = "Большая карта";
const MENU = "/demo/center/menu";
const INDEX = "/m/demo/center/ru/index.json";
const title = (n: number) => `Большая позиция ${String(n).padStart(3, "0")}`;
/** Prices that differ from item to item (the window must show this item's, not a neighbour's). */
const price = (n: number) => `${5 + (n % 37)}.${String((n * 7) % 100).padStart(2, "0")}`;

const browser = fileBrowser();
let runtime: Runtime;
let api: Awaited<ReturnType<typeof staffApi>>;
let storeId: string;

const index = () => getJson<PublishedIndex>(INDEX, runtime.baseUrl);
const bigCategory = async () => (await index()).categories.find((c) => c.name === CATEGORY);
const chunk = (name: string) => getJson<PublishedChunk>(`/m/demo/center/ru/c/${name}.json`, runtime.baseUrl);

beforeAll(async () => {
  runtime = await startRuntime(copyOfTemplate(inject("templateDir"), "menu-big-category-"));
  const owner = demo(runtime.dataDir).logins.find((l) => l.role === "company_manager")!;
  api = await staffApi(runtime.baseUrl, owner.email, owner.password);
  ({ store_id: storeId } = (await (await api.request("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as { store_id: string });
}, RUNTIME_START_MS + 30_000);

afterAll(async () => {
  if (!runtime) return;
  // A runtime still busy after a failed test is not left running: killed if it has not stopped in a minute.
  const kill = setTimeout(() => runtime.child.kill("SIGKILL"), 60_000);
  await runtime.stop();
  clearTimeout(kill);
  rmSync(runtime.dataDir, { recursive: true, force: true });
}, 90_000);

/** A guest's phone, with what the page reports as errors (a hydration mismatch is one). */
async function phone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
  });
  // A page that renders hundreds of cards step by step on a loaded machine (the other tests' runtimes).
  page.setDefaultTimeout(90_000);
  const chunksAsked: string[] = [];
  page.on("request", (r) => {
    const name = /\/m\/demo\/center\/ru\/c\/([^/]+)\.json$/.exec(new URL(r.url()).pathname)?.[1];
    if (name) chunksAsked.push(name);
  });
  return { page, errors, chunksAsked };
}

const cardTitles = (page: Page) => page.locator("[data-testid=section-panel] .item-card__title").allTextContents();
const digits = (text: string | null) => (text ?? "").replace(/[^\d,]/g, "");
/** "12.34" as the Russian page writes it: "12,34". */
const shown = (amount: string) => amount.replace(".", ",");

/**
 * Opens the menu and hydrates it: the server's markup is kept (its first card is the same node
 * afterwards; rendering afresh would replace it), and nothing is reported.
 */
async function openHydrated(page: Page, errors: string[]) {
  await page.goto(`${runtime.baseUrl}${MENU}`);
  const first = await page.locator("[data-testid=item-card]").first().elementHandle();
  await guestReady(page);
  expect(await first!.evaluate((card) => card.isConnected)).toBe(true);
  expect(errors).toEqual([]);
}

/** Scrolls as a guest does, to the last card each time, until the category's last item is a card. */
async function scrollToLast(page: Page, category: IndexCategory) {
  const last = category.items.at(-1)!.title;
  expect(await cardTitles(page)).not.toContain(last);
  await expect
    .poll(
      async () => {
        await page.locator("[data-testid=section-panel] [data-testid=item-card]").last().scrollIntoViewIfNeeded();
        return (await cardTitles(page)).includes(last);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  // All of it, in order, and nothing twice.
  const titles = (await cardTitles(page)).filter((t) => t.startsWith("Большая позиция"));
  expect(titles).toEqual(category.items.map((i) => i.title));
}

/** Finds an item of the category's third chunk by its title, opens its window from the results, puts it in the cart. */
async function searchOrderAndKeep(page: Page, item: PublishedItem) {
  await page.getByTestId("search-open").click();
  await page.getByTestId("search-input").fill(item.title);
  const results = page.getByTestId("search-results");
  await expect.poll(() => results.locator(".item-card__title").allTextContents()).toEqual([item.title]);
  expect(await axeViolations(page, { include: "[data-testid=search-results]" })).toEqual([]);
  await results.locator(".item-card__link").click();
  const modal = page.getByTestId("item-modal");
  await expect.poll(() => modal.isVisible()).toBe(true);
  expect(new URL(page.url()).searchParams.get("item")).toBe(item.id);
  expect(await modal.locator(".item-modal__title").textContent()).toBe(item.title);
  expect(digits(await modal.locator(".portions__price").textContent())).toBe(shown(item.portions[0]!.price));
  await modal.getByTestId("add-to-cart").click();
  await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
  await page.keyboard.press("Escape");
  await expect.poll(() => modal.count()).toBe(0);
  await page.getByRole("button", { name: "Закрыть поиск" }).click();
  await page.getByTestId("cart-button").click();
  const line = page.getByTestId("cart").getByTestId("cart-line");
  await expect.poll(() => line.count()).toBe(1);
  expect(await line.locator(".cart-line__title").textContent()).toContain(item.title);
  expect(digits(await line.getByTestId("cart-line-total").textContent())).toBe(shown(item.portions[0]!.price));
}

/** The chunks a pre-rendered page's script fetches before it hydrates (its boot data), by name. */
function bootChunks(html: string) {
  const boot = JSON.parse(/<script type="application\/json" id="guest-boot">(.*?)<\/script>/s.exec(html)![1]!) as { chunkUrls: string[] };
  return boot.chunkUrls.map((url) => /\/c\/([^/]+)\.json$/.exec(url)![1]!);
}

/** An item of the third chunk, in full, as the published chunk has it. */
async function itemOfThirdChunk(category: IndexCategory, n: number) {
  const third = await chunk(category.more_chunks![1]!);
  expect(third.items.length).toBe(ITEMS - 2 * CHUNK_ITEMS);
  return third.items[n]!;
}

describe("a category of 450 items on the guest menu", () => {
  it("imports from a sheet and is published as three chunks of 200, 200 and 50 items, in the order of the index", { timeout: 300_000 }, async () => {
    // A generated sheet through the menu import, as staff bring a big menu: one call writes it all.
    const header = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
    const rows = Array.from({ length: ITEMS }, (_, i) => ["Кухня", CATEGORY, title(i + 1), "", "250 г", price(i + 1), "BYN", "", "", "да", ""]);
    const file = { store_id: storeId, file_name: "big.csv", content: Buffer.from([header, ...rows].map((r) => r.join(",")).join("\r\n")).toString("base64") };
    const preview = await api.send("POST", "/api/menu-import/preview", file);
    expect(await preview.json()).toMatchObject({ creates: ITEMS, errors: [] });
    const applied = await api.send("POST", "/api/menu-import/apply", { ...file, from: 0, count: ITEMS });
    expect(await applied.json()).toMatchObject({ done: ITEMS, total: ITEMS });

    await expect.poll(async () => (await bigCategory())?.items.length, { timeout: 120_000 }).toBe(ITEMS);
    const category = (await bigCategory())!;
    expect(category.more_chunks).toHaveLength(2);
    const chunks = await Promise.all(chunkNames(category).map(chunk));
    expect(chunks.map((c) => c.items.length)).toEqual([CHUNK_ITEMS, CHUNK_ITEMS, ITEMS - 2 * CHUNK_ITEMS]);
    expect(chunks.flatMap((c) => c.items.map((i) => i.title))).toEqual(Array.from({ length: ITEMS }, (_, i) => title(i + 1)));
    expect(chunks.flatMap((c) => c.items.map((i) => i.portions[0]!.price))).toEqual(Array.from({ length: ITEMS }, (_, i) => price(i + 1)));
  });

  it("as a later category: its chunks are fetched once the page is interactive; scrolling down to its last item, search, item window, cart", { timeout: 300_000 }, async () => {
    const menu = await index();
    const category = menu.categories.find((c) => c.name === CATEGORY)!;
    const kitchen = menu.categories.filter((c) => c.section === "kitchen" && !c.parent_id);
    expect(kitchen.length).toBeGreaterThan(1);
    expect(kitchen.at(-1)!.id).toBe(category.id);
    // The page's first view is other categories: none of its chunks is in the page's boot data.
    const boot = bootChunks(await (await fetch(`${runtime.baseUrl}${MENU}`)).text());
    expect(boot.length).toBeGreaterThan(0);
    for (const name of chunkNames(category)) expect(boot).not.toContain(name);

    const { page, errors, chunksAsked } = await phone();
    await openHydrated(page, errors);
    await scrollToLast(page, category);
    expect(chunksAsked).toEqual(expect.arrayContaining(chunkNames(category)));
    expect(await axeViolations(page, { include: `#cat-${category.id}` })).toEqual([]);

    const item = await itemOfThirdChunk(category, 37);
    await searchOrderAndKeep(page, item);
    // The item's own address, on a new visit: its window opens (its category's chunks fetched for it), and the cart still holds it.
    await page.goto(`${runtime.baseUrl}${MENU}?item=${item.id}`);
    await guestReady(page);
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.locator(".item-modal__title").textContent()).toBe(item.title);
    expect(digits(await modal.locator(".portions__price").textContent())).toBe(shown(item.portions[0]!.price));
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");
    await page.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);
    await page.getByTestId("cart-button").click();
    const line = page.getByTestId("cart").getByTestId("cart-line");
    await expect.poll(() => line.locator(".cart-line__title").textContent()).toContain(item.title);
    expect(digits(await line.getByTestId("cart-line-total").textContent())).toBe(shown(item.portions[0]!.price));
    expect(errors).toEqual([]);
  });

  it("as the first category: the page is rendered with its first chunk and hydrates with it alone; the others come as the guest scrolls; search, item window, cart", { timeout: 300_000 }, async () => {
    // Staff put it first in the kitchen.
    const list = (await (await api.request(`/api/categories?storeId=${storeId}&section=kitchen`)).json()) as { id: string; parent_id: string; name: string }[];
    const tops = list.filter((c) => !c.parent_id).map((c) => c.id);
    const id = list.find((c) => c.name === CATEGORY)!.id;
    const order = await api.send("POST", "/api/categories/order", { store_id: storeId, section: "kitchen", parent_id: "", category_ids: [id, ...tops.filter((t) => t !== id)] });
    expect(order.status, await order.clone().text()).toBe(200);
    // Republished: the menu page opens on it, and the index (written after the pages) says so.
    const firstShown = async () => {
      const page = /id="cat-([^"]+)"/.exec(await (await fetch(`${runtime.baseUrl}${MENU}`)).text())?.[1];
      return [page, (await index()).categories.find((c) => c.section === "kitchen" && !c.parent_id)?.id];
    };
    await expect.poll(firstShown, { timeout: 60_000 }).toEqual([id, id]);
    const category = (await bigCategory())!;
    expect(category.more_chunks).toHaveLength(2);

    // The page holds the first view's cards, of its first chunk, and its boot data names that chunk only.
    const html = await (await fetch(`${runtime.baseUrl}${MENU}`)).text();
    const names = chunkNames(category);
    expect(bootChunks(html)).toContain(names[0]);
    expect(bootChunks(html)).not.toEqual(expect.arrayContaining([names[1]]));
    expect(bootChunks(html)).not.toEqual(expect.arrayContaining([names[2]]));
    expect(html.match(/data-testid="item-card"/g)).toHaveLength(FIRST_VIEW_CARDS);
    expect(html).toContain(`>${title(1)}<`);

    // Hydrated with the first chunk: the third is not fetched before the guest scrolls to it (the second may be, ahead).
    const { page, errors, chunksAsked } = await phone();
    await openHydrated(page, errors);
    expect(chunksAsked).toContain(names[0]);
    expect(chunksAsked).not.toContain(names[2]);
    await scrollToLast(page, category);
    expect(chunksAsked).toEqual(expect.arrayContaining(names));
    expect(errors).toEqual([]);

    await searchOrderAndKeep(page, await itemOfThirdChunk(category, 12));
    expect(errors).toEqual([]);
  });
});
