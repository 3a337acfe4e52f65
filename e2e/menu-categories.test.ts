/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedTime } from "@menu/core/shared/schedule";
import { launchBrowser } from "./browser";
import { demo, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

/** The demo company manager, signed in on a laptop-sized window. */
async function signedIn() {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return { page, errors };
}

/** A wall-clock time in the demo store's zone (Europe/Minsk), `hours` from now. */
function minskTime(hours: number) {
  const { minutes } = zonedTime(new Date(Date.now() + hours * 3_600_000), "Europe/Minsk");
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

async function createCategory(page: Page, name: string, parent?: string) {
  await page.getByTestId("add-category").click();
  const dialog = page.getByTestId("category-dialog");
  await dialog.getByLabel(/^(Название|Name)/).fill(name);
  if (parent) await dialog.getByLabel(/^(Суперкатегория|Supercategory)/).selectOption({ label: parent });
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => page.getByTestId("category-head").locator("h2").textContent()).toBe(name);
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function schedule(page: Page, start: string, end: string) {
  await page.getByTestId("schedule-category").click();
  const dialog = page.getByTestId("schedule-dialog");
  await dialog.getByLabel(/^(С|From)$/).fill(start);
  await dialog.getByLabel(/^(До|To)$/).fill(end);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("category-head").getByTestId("badge-schedule").waitFor();
}

const childOrder = (page: Page, parentId: string) =>
  page
    .locator(`.category-tree__node:has(> [data-category-id="${parentId}"]) .category-tree--children [data-testid=category-row]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-category-id")));

describe("admin-panel categories", () => {
  it("creates a supercategory with scheduled categories, reorders them, and the guest menu shows the result", async () => {
    const { page, errors } = await signedIn();
    await page.getByRole("link", { name: /^(Игры|Games)$/ }).click();
    await page.waitForURL(/\/demo\/center\/admin-panel\/games\/[^/]+$/);
    await page.getByTestId("category-panel").waitFor();

    const n = Math.floor(Math.random() * 1e5);
    const league = `Лига ${n}`;
    const leagueId = await createCategory(page, league);
    const quiz = `Квиз ${n}`;
    const quizId = await createCategory(page, quiz, league);
    // On now in the store's time zone (the window may run past midnight).
    await schedule(page, minskTime(-1), minskTime(2));
    const night = `Мафия ${n}`;
    const nightId = await createCategory(page, night, league);
    // Off now: starts in three hours.
    await schedule(page, minskTime(3), minskTime(4));

    // A category cannot have its own schedule under a supercategory that has one.
    await page.locator(`[data-category-id="${leagueId}"] .category-row__link`).click();
    await page.getByTestId("schedule-category").click();
    await page.getByTestId("schedule-blocked").waitFor();
    await page.keyboard.press("Escape");

    expect(await childOrder(page, leagueId)).toEqual([quizId, nightId]);
    // Saving an order that did not change is refused with the specification's message.
    await page.getByTestId("sort-categories").click();
    await page.getByTestId("save-order").click();
    await expect.poll(() => page.getByTestId("sort-error").textContent()).toMatch(/Вы не внесли изменений в сортировку|You did not make any changes to the sorting/);
    // Keyboard: Alt+↑ on the second category's handle moves it up.
    const handle = page.locator(`[data-category-id="${nightId}"] .category-row__grip`);
    await handle.focus();
    await page.keyboard.press("Alt+ArrowUp");
    expect(await childOrder(page, leagueId)).toEqual([nightId, quizId]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[data-category-id]")?.getAttribute("data-category-id"))).toBe(nightId);
    await page.getByTestId("save-order").click();
    await page.getByTestId("sort-bar").waitFor({ state: "detached" });
    await page.reload();
    await page.getByTestId("category-panel").waitFor();
    expect(await childOrder(page, leagueId)).toEqual([nightId, quizId]);
    expect(errors).toEqual([]);

    // The guest menu is published within seconds.
    await expect
      .poll(
        async () => {
          const menu = await publishedMenu("demo", "center", "ru");
          return menu.categories.filter((c) => c.parent_id === leagueId).map((c) => c.id);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([nightId, quizId]);

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(guest);
    const phone = await guest.newPage();
    await phone.goto(`${base}/demo/center/menu`);
    await guestReady(phone);
    await phone.getByRole("tab", { name: "Игры" }).click();
    // The current menu: the league with the quiz (on now), without the night game (off now).
    await phone.locator(`#cat-${leagueId}`).waitFor();
    expect(await phone.locator(`#cat-${leagueId} h2`).textContent()).toBe(league);
    expect(await phone.locator(`#cat-${quizId} h3`).textContent()).toBe(quiz);
    expect(await phone.locator(`#cat-${nightId}`).count()).toBe(0);
    // The full menu shows both, in the new order.
    await phone.getByTestId("menu-type-full").click();
    await phone.locator(`#cat-${nightId}`).waitFor();
    const order = await phone.locator(`#cat-${leagueId} .menu-subcategory`).evaluateAll((s) => s.map((e) => e.id));
    expect(order).toEqual([`cat-${nightId}`, `cat-${quizId}`]);
  });

  it("answers not found for an unknown section or a category of another section", async () => {
    const { page } = await signedIn();
    await page.goto(`${base}/demo/center/admin-panel/bar`);
    await page.getByText(/Страница не найдена|Page not found/).first().waitFor();
    await page.goto(`${base}/demo/center/admin-panel/kitchen`);
    await page.waitForURL(/\/admin-panel\/kitchen\/[^/]+$/);
    const kitchenId = new URL(page.url()).pathname.split("/").pop();
    await page.goto(`${base}/demo/center/admin-panel/drinks/${kitchenId}`);
    await page.getByText(/Страница не найдена|Page not found/).first().waitFor();
  });
});
