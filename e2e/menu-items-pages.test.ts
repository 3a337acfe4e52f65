/// <reference lib="dom" />
/**
 * A long category in the items editor (issue 31, point 1): 50 cards at a time as the list scrolls,
 * a virtualised list, "select all" of the loaded cards and a bulk hide across pages, dragging within
 * the loaded cards, and "move to position N" beyond them.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { demo } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const COUNT = 200;
type Card = { id: string; title: string; visible: boolean };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let storeId: string;
let categoryId: string;
let csrf: string;

/** A call of the staff API in the signed-in page's session. */
async function call<T>(method: "GET" | "POST" | "DELETE", path: string, data?: unknown) {
  const res = await page.request.fetch(`${base}${path}`, { method, headers: { "x-csrf-token": csrf }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}
/** "Shown n of total" in the interface language (the owner's own wins after sign-in: ru or en). */
const shownText = (n: number) => new RegExp(`^(Shown|Показано) ${n} (of|из) ${COUNT}$`);
/** The category's cards in display order, every page. */
async function allCards() {
  const cards: Card[] = [];
  let next: string | undefined;
  do {
    const p = await call<{ items: Card[]; next?: string }>("GET", `/api/items?storeId=${storeId}&categoryId=${categoryId}&limit=100${next ? `&cursor=${next}` : ""}`);
    cards.push(...p.items);
    next = p.next;
  } while (next);
  return cards;
}
/** How many cards the list has loaded (from "Shown n of total"). */
const loaded = async () => Number((await page.getByTestId("items-loaded").innerText()).match(/\d+/)![0]);
const rendered = () => page.getByTestId("admin-item").evaluateAll((els) => els.map((e) => e.getAttribute("data-item-id")!));

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await context.addCookies([{ name: "locale", value: "en", url: base }]);
  page = await context.newPage();
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  csrf = (await (await page.request.get(`${base}/api/auth/csrf`)).json()).csrfToken;
  storeId = (await call<{ store_id: string }>("GET", "/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).store_id;
  // A hidden category: guests (and the other browser tests' guest menus) never see it.
  categoryId = (await call<{ id: string }>("POST", "/api/categories", { store_id: storeId, section: "kitchen", name: "E2E long list", icon: "", visible: false })).id;
  // Ten at a time: each takes its position from the category's counter.
  for (let at = 0; at < COUNT; at += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call("POST", "/api/items", {
          store_id: storeId,
          category_id: categoryId,
          title: `Long list ${String(at + i + 1).padStart(3, "0")}`,
          description: "",
          visible: true,
          portions: [{ weight: "100", unit: "g", price: "5", currency: "BYN" }],
        }),
      ),
    );
  }
}, 180_000);

afterAll(async () => {
  if (categoryId) {
    const ids = (await allCards()).map((c) => c.id);
    if (ids.length) await call("POST", "/api/items/bulk", { store_id: storeId, action: "delete", item_ids: ids });
    await call("DELETE", `/api/categories/${categoryId}?storeId=${storeId}`);
  }
  await context?.close();
  await browser?.close();
});

describe("a category of 200 items in the editor", () => {
  it("loads 50 cards, renders only those near the viewport, and loads more as the list scrolls", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${categoryId}`);
    await page.getByTestId("admin-items").waitFor();
    await expect.poll(() => page.getByTestId("items-loaded").innerText()).toMatch(shownText(50));
    // Virtualised: far fewer cards in the document than loaded.
    expect((await rendered()).length).toBeLessThan(40);
    const order = (await allCards()).map((c) => c.id);
    expect((await rendered()).slice(0, 4)).toEqual(order.slice(0, 4));
    expect(await page.getByTestId("admin-item").first().getAttribute("aria-setsize")).toBe("200");

    const toEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Scrolled to the end, the list asks for the next page. No scroll once it is in: on a loaded
    // machine every further scroll to the end brought another page, and the tests below need some
    // cards not loaded.
    await expect
      .poll(
        async () => {
          if ((await loaded()) < 100) await toEnd();
          return loaded();
        },
        { timeout: 20_000 },
      )
      .toBe(100);
    // At the end of the list (one scroll: a third page may come, none after it) the second page's
    // cards are rendered, the first card is not.
    await toEnd();
    await expect.poll(async () => (await rendered()).some((id) => order.indexOf(id) >= 99)).toBe(true);
    expect((await rendered()).includes(order[0]!)).toBe(false);
    expect(await axeViolations(page, { include: "[data-testid=category-content]" })).toEqual([]);
    expect(errors).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it("selects the loaded cards (and says so) and hides them across pages", async () => {
    const order = (await allCards()).map((c) => c.id);
    // Two or three pages, as far as the scroll went (the list may have asked for the next one at the end).
    const n = await loaded();
    expect([100, 150]).toContain(n);
    const selectAll = page.getByTestId("select-all");
    await expect.poll(() => selectAll.innerText()).toMatch(new RegExp(`^(Select the loaded ones|Выбрать загруженные) \\(${n} (of|из) 200\\)$`));
    await selectAll.click();
    await expect.poll(() => page.getByTestId("bulk-bar").innerText()).toMatch(new RegExp(`(Selected|Выбрано): ${n}`));
    await page.getByTestId("bulk-hide").click();
    await page.getByText(new RegExp(`^(${n} cards hidden|Скрыто ${n} карточек)$`)).waitFor();
    const cards = await allCards();
    expect(cards.slice(0, n).every((c) => !c.visible)).toBe(true);
    expect(cards.slice(n).every((c) => c.visible)).toBe(true);
    expect(cards.map((c) => c.id)).toEqual(order);
    // The loaded cards show it without reading the pages again.
    const shown = page.getByTestId("admin-item");
    await expect.poll(async () => (await shown.count()) === (await page.getByTestId("hidden-badge").count())).toBe(true);
  });

  it("sorts by dragging within the loaded cards", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const order = (await allCards()).map((c) => c.id);
    const [first, second] = [page.locator(`[data-item-id="${order[0]}"]`), page.locator(`[data-item-id="${order[1]}"]`)];
    await second.dragTo(first);
    await expect.poll(async () => (await rendered()).slice(0, 2)).toEqual([order[1], order[0]]);
    await expect.poll(async () => (await allCards()).slice(0, 3).map((c) => c.id)).toEqual([order[1], order[0], order[2]]);
    // Nothing else moved.
    expect((await allCards()).slice(2).map((c) => c.id)).toEqual(order.slice(2));
  });

  it("moves a card to position N beyond the loaded ones; N is checked against the count", async () => {
    const order = (await allCards()).map((c) => c.id);
    const moving = order[2]!;
    await page.locator(`[data-item-id="${moving}"]`).getByTestId("position-item").click();
    const dialog = page.getByTestId("position-dialog");
    const field = dialog.getByLabel(/^(Place in the list|Место в списке)$/);
    await expect.poll(() => field.inputValue()).toBe("3");
    await field.fill("201");
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator("[role=alert]").getByText(/^(A number from 1 to 200|Число от 1 до 200)$/).waitFor();
    expect(await axeViolations(page, { include: "[data-testid=position-dialog]" })).toEqual([]);
    const n = await loaded();
    await field.fill("180");
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText(/^(Moved to place 180|Перемещено на место 180)$/).waitFor();
    // Beyond the loaded cards: it left the list here, and the server has it at 180.
    await expect.poll(() => page.locator(`[data-item-id="${moving}"]`).count()).toBe(0);
    const after = (await allCards()).map((c) => c.id);
    expect(after.indexOf(moving)).toBe(179);
    expect(after.filter((id) => id !== moving)).toEqual(order.filter((id) => id !== moving));
    await expect.poll(() => page.getByTestId("items-loaded").innerText()).toMatch(shownText(n - 1));
  });
});
