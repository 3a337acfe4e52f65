/// <reference lib="dom" />
/**
 * Issue 32, points 1, 3 and 9 in the guest menu: a dish sold out while it is in a cart (marked,
 * cannot be increased, out of the total, struck through for the waiter; an open page learns of it
 * within 30 s by a conditional request, and keeps what it knew offline); focus that never drops to
 * the page (filter sheet, search, a cart line removed); "Clear" that can be undone for 5 s; the
 * filter note counting the section and the whole menu.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ALLERGENS, DIET_TAGS, passesFilter, type MarkFilter } from "@menu/core/item/marks";
import { GUEST_SECTIONS, type PublishedIndex, type WholeMenu } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo, getJson, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();
/** Screenshots to look at (test-results/, beside the other browser tests' artifacts). */
const SHOTS = ARTIFACTS;
const MENU = "/demo/center/menu";
const INDEX = "/m/demo/center/ru/index.json";

async function phone({ blockServiceWorker = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, serviceWorkers: blockServiceWorker ? "block" : "allow" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|net::ERR/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Orderable dishes of the demo menu (on sale, with a price). */
async function dishes(count: number) {
  const menu = await publishedMenu("demo", "center", "ru");
  const now = Date.now();
  const picked = menu.items.filter((i) => i.portions.length && (!i.sold_out_until || Date.parse(i.sold_out_until) < now)).slice(0, count);
  expect(picked).toHaveLength(count);
  return picked;
}
type Dish = WholeMenu["items"][number];

/** Adds each dish's first portion `times` times from its window (as a guest following its link). */
async function addToCart(page: Page, orders: { dish: Dish; times: number }[]) {
  let count = 0;
  for (const { dish, times } of orders) {
    await page.goto(`${base}${MENU}?item=${dish.id}`);
    await guestReady(page);
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

const cents = (price: string) => {
  const [whole, fraction = ""] = price.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
};
/** "1 234,50 Br" → "1234,50", as the Russian page writes an amount of cents. */
const amount = (n: number) => `${Math.floor(n / 100)},${String(n % 100).padStart(2, "0")}`;
const digits = (text: string | null) => (text ?? "").replace(/[^\d,]/g, "");

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? (el.getAttribute("data-testid") ?? el.id ?? el.tagName) : null;
  });

/** The store's staff, to mark a dish sold out the way the admin panel's one tap does. */
async function staff() {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const api = await staffApi(base, owner.email, owner.password);
  const { store_id } = (await (await api.request("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as { store_id: string };
  const soldOut = async (id: string, sold_out: boolean) => {
    const res = await api.send("POST", "/api/items/sold-out", { store_id, item_ids: [id], sold_out });
    expect(res.status, await res.clone().text()).toBe(200);
    // The publish is queued: wait until the published index says so.
    await expect
      .poll(async () => {
        const item = (await getJson<PublishedIndex>(INDEX)).categories.flatMap((c) => c.items).find((i) => i.id === id);
        return !!item?.sold_out_until && Date.parse(item.sold_out_until) > Date.now();
      }, { timeout: 60_000 })
      .toBe(sold_out);
  };
  return { soldOut };
}

/** The page's own signal that it came back into view (a hidden tab cannot be made visible again from here). */
const backInView = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

describe("guest cart and focus (issue 32)", () => {
  it("marks a dish sold out while it is in the cart: learnt within 30 s, no +, out of the total, struck through for the waiter; kept offline", { timeout: 240_000 }, async () => {
    mkdirSync(SHOTS, { recursive: true });
    const [dish, other] = (await dishes(2)) as [Dish, Dish];
    const { soldOut } = await staff();
    // The worker out of the way: the test sees the page's own requests and their answers.
    const { context, page, errors } = await phone({ blockServiceWorker: true });
    const checks: { status: number; conditional: boolean; at: number }[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === INDEX) checks.push({ status: r.status(), conditional: !!r.request().headers()["if-none-match"], at: Date.now() });
    });
    try {
      await addToCart(page, [
        { dish, times: 2 },
        { dish: other, times: 1 },
      ]);
      // From here on the page stays open: what it asks for the index is its checks.
      checks.length = 0;
      const both = 2 * cents(dish.portions[0]!.price) + cents(other.portions[0]!.price);
      const rest = cents(other.portions[0]!.price);
      await page.getByTestId("cart-button").click();
      const cart = page.getByTestId("cart");
      await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(2);
      expect(digits(await cart.getByTestId("cart-total").locator("strong").textContent())).toBe(amount(both));
      expect(await cart.locator("[data-sold-out]").count()).toBe(0);

      // Sold out by the staff while the guest keeps the page open (no reload, no refocus).
      await soldOut(dish.id, true);
      const published = Date.now();
      const line = cart.getByTestId("cart-line").first();
      await expect.poll(() => line.getAttribute("data-sold-out"), { timeout: 45_000 }).toBe("");
      expect(Date.now() - published, "learnt within 30 s of the publish").toBeLessThanOrEqual(32_000);
      expect(await line.getByTestId("cart-line-sold-out").textContent()).toBe("Нет в наличии");
      expect(await line.getByTestId("cart-line-increase").isDisabled()).toBe(true);
      expect(await cart.getByTestId("cart-line").nth(1).getByTestId("cart-line-increase").isDisabled()).toBe(false);
      expect(digits(await cart.getByTestId("cart-total").locator("strong").textContent())).toBe(amount(rest));
      expect(await cart.getByTestId("cart-sold-out-note").textContent()).toBe("Блюда, которых нет в наличии, не входят в итог.");
      expect(await line.locator(".cart-line__title").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
      // "+" does nothing; "−" still takes it away (not here: the line is kept for the waiter view).
      await line.getByTestId("cart-line-increase").click({ force: true });
      expect(await line.locator("output").textContent()).toBe("2");
      await page.screenshot({ path: join(SHOTS, "cart-sold-out-390.png") });
      expect(await axeViolations(page, { include: "[data-testid=cart]" })).toEqual([]);

      // The waiter sees it struck through with a note, and not in the total.
      await cart.getByTestId("cart-waiter").click();
      const waiterLine = page.locator(`[data-testid=waiter-line][data-item-id="${dish.id}"]`);
      await waiterLine.waitFor();
      expect(await waiterLine.getAttribute("data-sold-out")).toBe("");
      expect(await waiterLine.getByTestId("waiter-line-title").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
      expect(await waiterLine.getByTestId("waiter-line-sold-out").textContent()).toBe("Нет в наличии — не в заказе");
      expect(await page.locator(`[data-testid=waiter-line][data-item-id="${other.id}"]`).getAttribute("data-sold-out")).toBeNull();
      expect(digits(await page.getByTestId("waiter-total-amount").textContent())).toBe(amount(rest));
      await page.screenshot({ path: join(SHOTS, "waiter-sold-out-390.png") });
      await page.getByTestId("waiter-back").click();

      // Back in view: the page asks at once, conditionally, and an unchanged menu answers 304.
      const before = checks.length;
      await backInView(page);
      await expect.poll(() => checks.slice(before).some((c) => c.conditional && c.status === 304)).toBe(true);
      // Every check but the first (which revalidates the browser's copy) is conditional.
      expect(checks.slice(1).every((c) => c.conditional)).toBe(true);

      // Offline: the check fails, the page says the menu may be stale and keeps what it knew.
      await context.setOffline(true);
      await backInView(page);
      await page.getByTestId("offline-banner").waitFor();
      expect(await line.getAttribute("data-sold-out")).toBe("");
      expect(digits(await cart.getByTestId("cart-total").locator("strong").textContent())).toBe(amount(rest));
      await context.setOffline(false);

      // Back on sale: the line counts again and can be increased.
      await soldOut(dish.id, false);
      await backInView(page);
      await expect.poll(() => line.getAttribute("data-sold-out")).toBeNull();
      expect(await line.getByTestId("cart-line-increase").isDisabled()).toBe(false);
      expect(digits(await cart.getByTestId("cart-total").locator("strong").textContent())).toBe(amount(both));
      expect(errors).toEqual([]);
    } finally {
      await soldOut(dish.id, false).catch(() => {});
    }
  });

  it("gives focus back to the filter button and the search button, with the keyboard", async () => {
    const { page, errors } = await phone();
    await page.goto(`${base}${MENU}`);
    await guestReady(page);

    await page.getByTestId("filter-open").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("filter-sheet").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("filter-sheet").count()).toBe(0);
    await expect.poll(() => active(page)).toBe("filter-open");
    // Closed with its own "Show" button, reached by Tab.
    await page.keyboard.press("Enter");
    await page.getByTestId("filter-sheet").waitFor();
    for (let i = 0; i < 60 && (await active(page)) !== "filter-done"; i++) await page.keyboard.press("Tab");
    expect(await active(page)).toBe("filter-done");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("filter-sheet").count()).toBe(0);
    await expect.poll(() => active(page)).toBe("filter-open");

    await page.keyboard.press("Tab");
    expect(await active(page)).toBe("search-open");
    await page.keyboard.press("Enter");
    await expect.poll(() => active(page)).toBe("search-input");
    await page.keyboard.type("суп");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("search-input").count()).toBe(0);
    await expect.poll(() => active(page)).toBe("search-open");
    expect(errors).toEqual([]);
  });

  it("moves focus to the next cart line, then to the cart's heading, as lines go with −", async () => {
    const [a, b] = (await dishes(2)) as [Dish, Dish];
    const { page, errors } = await phone();
    await addToCart(page, [
      { dish: a, times: 1 },
      { dish: b, times: 1 },
    ]);
    await page.getByTestId("cart-button").focus();
    await page.keyboard.press("Enter");
    const cart = page.getByTestId("cart");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(2);
    await cart.getByTestId("cart-line-decrease").first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(1);
    // The line that took its place has focus; Tab leads into it.
    await expect.poll(() => active(page)).toBe("cart-line");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(b.title);
    await page.keyboard.press("Tab");
    expect(await active(page)).toBe("cart-line-decrease");
    await page.keyboard.press("Enter");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(0);
    await expect.poll(() => active(page)).toBe("cart-title");
    expect(errors).toEqual([]);
  });

  it("undoes Clear for 5 s, inside the cart and after it closed; then the cart stays empty", { timeout: 180_000 }, async () => {
    const [a, b] = (await dishes(2)) as [Dish, Dish];
    const { page, errors } = await phone();
    await addToCart(page, [
      { dish: a, times: 2 },
      { dish: b, times: 1 },
    ]);
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("cart:/demo/center") ?? '{"lines":[]}').lines as { id: string; quantity: number }[]);
    const kept = await stored();
    expect(kept.map((l) => [l.id, l.quantity])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    await page.getByTestId("cart-button").click();
    const cart = page.getByTestId("cart");
    await cart.getByTestId("cart-clear").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(0);
    // The status says so and its Undo button has focus.
    expect(await cart.getByTestId("cart-undo").textContent()).toContain("Корзина очищена.");
    await expect.poll(() => active(page)).toBe("cart-undo-button");
    await page.screenshot({ path: join(SHOTS, "cart-undo-390.png") });
    expect(await axeViolations(page, { include: "[data-testid=cart]" })).toEqual([]);
    await page.keyboard.press("Enter");
    await expect.poll(() => cart.getByTestId("cart-line").count()).toBe(2);
    expect(await stored()).toEqual(kept);
    await expect.poll(() => active(page)).toBe("cart-title");
    expect(await cart.getByTestId("cart-undo").count()).toBe(0);

    // Cleared and closed: the Undo floats where the cart button was.
    await cart.getByTestId("cart-clear").click();
    await page.keyboard.press("Escape");
    await expect.poll(() => cart.isVisible()).toBe(false);
    const toast = page.locator("[data-testid=guest-menu] > [data-testid=cart-undo]");
    await toast.waitFor();
    await page.screenshot({ path: join(SHOTS, "cart-undo-closed-390.png") });
    await toast.getByTestId("cart-undo-button").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("3");
    expect(await stored()).toEqual(kept);

    // Left alone, the Undo goes after 5 s and the cart stays empty.
    await page.getByTestId("cart-button").click();
    // Taken before the click: the page starts its 5 s when it handles it, before the click returns.
    const cleared = Date.now();
    await cart.getByTestId("cart-clear").click();
    await expect.poll(() => page.getByTestId("cart-undo").count(), { timeout: 15_000 }).toBe(0);
    expect(Date.now() - cleared).toBeGreaterThanOrEqual(5_000);
    await expect.poll(() => active(page)).toBe("cart-title");
    expect(await stored()).toEqual([]);
    expect(await cart.getByTestId("cart-line").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("counts what the filter hides in the section and in the whole menu", async () => {
    const index = await getJson<PublishedIndex>(INDEX);
    const byId = new Map(index.categories.map((c) => [c.id, c]));
    const sectionOf = (c: PublishedIndex["categories"][number]) => (c.parent_id ? byId.get(c.parent_id)?.section : c.section);
    const first = GUEST_SECTIONS.find((s) => index.categories.some((c) => c.section === s && !c.parent_id))!;
    const hidden = (filter: MarkFilter) => {
      const out = { section: 0, menu: 0 };
      for (const c of index.categories) {
        const section = sectionOf(c);
        if (!section || !(GUEST_SECTIONS as readonly string[]).includes(section)) continue;
        const n = c.items.filter((i) => !passesFilter(i, filter)).length;
        out.menu += n;
        if (section === first) out.section += n;
      }
      return out;
    };
    // A mark whose filter takes items from the first section and from others too (the case the issue saw).
    const filters = [...ALLERGENS.map((a) => ({ without: [a], only: [] })), ...DIET_TAGS.map((t) => ({ without: [], only: [t] }))];
    const chosen = filters.find((f) => index.marks?.[[...f.without, ...f.only][0]!] && hidden(f).section > 0 && hidden(f).menu > hidden(f).section);
    expect(chosen, "a mark in the first section and in another").toBeDefined();
    const expected = hidden(chosen!);
    const [group, code] = chosen!.without.length ? ["without", chosen!.without[0]] : ["only", chosen!.only[0]];

    const { page, errors } = await phone();
    await page.goto(`${base}${MENU}`);
    await guestReady(page);
    // Every category counts: the full menu, not only what is served now.
    await page.getByTestId("menu-type-full").click();
    await page.getByTestId("filter-open").click();
    const sheet = page.getByTestId("filter-sheet");
    await sheet.getByTestId(`filter-${group}`).locator(`input[value="${code}"]`).check();
    await sheet.getByTestId("filter-done").click();
    const note = page.getByTestId("filter-note");
    await note.waitFor();
    expect(digits(await note.getByTestId("filter-note-section").textContent())).toBe(String(expected.section));
    expect(digits(await note.getByTestId("filter-note-menu").textContent())).toBe(String(expected.menu));
    expect(await note.getByTestId("filter-note-section").textContent()).toMatch(/^В этом разделе фильтр скрыл \d+ позици/);
    expect(await note.getByTestId("filter-note-menu").textContent()).toBe(` (во всём меню — ${expected.menu})`);
    await page.evaluate(() => localStorage.removeItem("menu:filter"));
    expect(errors).toEqual([]);
  });
});
