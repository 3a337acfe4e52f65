/// <reference lib="dom" />
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, downloadedBytes, fileBrowser } from "./browser";
import { demo } from "./demo";
import { guestReady } from "./guest";
import { signInAs } from "./sign-in";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

/**
 * Issue 36, points 2 and 3: a guest who scanned a table's QR code calls the waiter; the staff's
 * board shows the table within seconds; "On my way" shows on the guest's phone and "Done" clears
 * it. The demo's `park` store offers ar/tr/fr too, and its company manager may manage it.
 */
const base = workerRuntime().baseUrl;
const browser = fileBrowser();
const STORE = "park";
const board = `/demo/${STORE}/admin-panel/calls`;

/** The QR key of the park store's table at `position`, read through the tables API. */
async function qrKeyOf(position: number) {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const api = await staffApi(base, owner.email, owner.password);
  const stores = (await (await api.request("/api/me/stores")).json()) as { store_id: string; store_url_key: string }[];
  const storeId = stores.find((s) => s.store_url_key === STORE)!.store_id;
  const tables = (await (await api.request(`/api/tables?storeId=${storeId}`)).json()) as { position: number; qr_key: string }[];
  const table = tables.find((t) => t.position === position);
  expect(table, `table ${position} of ${STORE}`).toBeDefined();
  return table!.qr_key;
}

/** A guest's phone in `language` that scanned the table's code (the redirect sets the table pass). */
async function guestAt(qrKey: string, language: string, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
  await context.addCookies([{ name: "menu_language", value: language, url: base }]);
  const page = watched(await context.newPage());
  await page.goto(`${base}/t/${qrKey}`);
  expect(new URL(page.url()).pathname).toBe(`/demo/${STORE}/menu`);
  await ready(page);
  await page.getByTestId("table-calls").waitFor();
  return { context, page };
}

/** The company manager's board, signed in, in the interface language `locale`. */
async function staffBoard(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  await context.addCookies([{ name: "locale", value: "ru", url: base }]);
  const page = await context.newPage();
  await signInAs(page, "company_manager", board);
  await page.getByTestId("calls-page").waitFor();
  return page;
}

/** Picks the interface language in the header (saved as the user's own: the test sets ru back). */
async function chooseLanguage(page: Page, locale: "ru" | "en") {
  const html = () => page.evaluate(() => document.documentElement.lang);
  if ((await html()) === locale) return;
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === "/api/me");
  await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(html).toBe(locale);
}

/** Hydrated; a page that never gets there names its errors and what it shows. */
const pageErrors = new WeakMap<Page, string[]>();
function watched(page: Page) {
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  return page;
}
async function ready(page: Page) {
  try {
    await guestReady(page);
  } catch (error) {
    throw new Error(`${page.url()} "${await page.title()}" never ready: ${pageErrors.get(page)?.join(" | ")}`, { cause: error });
  }
}

const card = (page: Page, table: number) => page.locator(`[data-testid=call-card][data-table="${table}"]`);
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));

describe("calls from a verified table", () => {
  it("a guest calls the waiter, the board shows the table, 'On my way' reaches the guest and 'Done' clears it", async () => {
    const { page: guest } = await guestAt(await qrKeyOf(5), "en");
    // The table comes from the pass.
    expect(await guest.getByTestId("table-badge").textContent()).toBe("Table 5");

    // The sheet: keyboard usable, focus back on the button when it closes.
    await guest.getByTestId("call-waiter").focus();
    await guest.keyboard.press("Enter");
    await guest.getByTestId("call-sheet").waitFor();
    await guest.getByTestId("call-note").fill("Two glasses of water, please");
    expect(await guest.locator("#call-note-count").textContent()).toBe("28 / 140");
    expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
    await guest.screenshot({ path: join(ARTIFACTS, "table-calls-sheet-en-390.png") });
    await guest.keyboard.press("Escape");
    await expect.poll(() => guest.getByTestId("call-sheet").count()).toBe(0);
    await expect.poll(() => focused(guest)).toBe("call-waiter");

    await guest.getByTestId("call-waiter").click();
    await guest.getByTestId("call-note").fill("Two glasses of water, please");
    await guest.getByTestId("call-send").click();
    const status = guest.getByTestId("call-status-waiter");
    await expect.poll(() => status.textContent()).toMatch(/^Waiter called · 0:\d\d ago/);
    await expect.poll(() => focused(guest)).toBe("call-cancel-waiter");
    // One new call per table a minute: the bill right after is refused with a clear message.
    await guest.getByTestId("call-bill").click();
    await guest.getByTestId("call-send").click();
    await expect.poll(() => guest.getByTestId("call-error").textContent()).toBe("You have just called. You can call again in a minute.");
    await guest.screenshot({ path: join(ARTIFACTS, "table-calls-guest-en-390.png") });

    const staff = await staffBoard(390);
    await expect.poll(() => card(staff, 5).count(), { timeout: 10_000 }).toBe(1);
    expect(await card(staff, 5).textContent()).toContain("Two glasses of water, please");
    await expect.poll(() => staff.title()).toMatch(/^\(\d+\) /);
    expect(await axeViolations(staff, { include: "main" })).toEqual([]);
    await staff.screenshot({ path: join(ARTIFACTS, "table-calls-board-ru-390.png"), fullPage: true });

    await card(staff, 5).getByTestId("call-take").click();
    await expect.poll(() => card(staff, 5).getAttribute("data-status")).toBe("taken");
    // The guest's page asks every 10 s while a call is open.
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 20_000 }).toBe("taken");
    expect(await status.textContent()).toContain("On the way");

    await card(staff, 5).getByTestId("call-done").click();
    await expect.poll(() => card(staff, 5).count()).toBe(0);
    await expect.poll(() => guest.getByTestId("call-waiter").count(), { timeout: 20_000 }).toBe(1);

    await staff.setViewportSize({ width: 1280, height: 900 });
    await chooseLanguage(staff, "en");
    try {
      await staff.getByTestId("calls-page").waitFor();
      expect(await axeViolations(staff, { include: "main" })).toEqual([]);
      await staff.screenshot({ path: join(ARTIFACTS, "table-calls-board-en-1280.png") });
    } finally {
      await chooseLanguage(staff, "ru");
    }

    // The overview counts the call for table 5 and its wait until taken; its CSV has the same figures.
    await staff.goto(`${base}/demo/${STORE}/admin-panel?period=7`);
    const row = staff.getByTestId("calls-table").locator("tbody tr", { hasText: /5/ });
    await expect.poll(() => row.count()).toBeGreaterThan(0);
    const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByTestId("csv-calls").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${STORE}-calls-per-table-.*\\.csv$`));
    const lines = (await downloadedBytes(download)).toString("utf8").replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Стол,Номер,Вызовы,Прошлый период,Изменение");
    const table5 = lines.slice(1).map((l) => l.split(",")).find((cells) => cells[1] === "5");
    expect(table5, lines.join(" | ")).toBeDefined();
    expect(Number(table5![2])).toBeGreaterThanOrEqual(1);
    // The label holds a comma, so it is quoted; the median is in seconds.
    expect(lines.at(-1)).toMatch(/^"Медиана ожидания до принятия, с",,\d+(\.\d+)?,/);
  });

  it("keeps a call made offline and sends it when the connection is back; the guest may cancel it", async () => {
    const { context, page: guest } = await guestAt(await qrKeyOf(6), "ru");
    await context.setOffline(true);
    await guest.getByTestId("call-bill").click();
    await guest.getByTestId("call-send").click();
    const status = guest.getByTestId("call-status-bill");
    await expect.poll(() => status.textContent()).toContain("Отправим, когда появится интернет");
    await context.setOffline(false);
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 10_000 }).toBe("open");
    expect(await status.textContent()).toMatch(/^Счёт запрошен · 0:\d\d назад/);

    const staff = await staffBoard(1280);
    await expect.poll(() => card(staff, 6).count(), { timeout: 10_000 }).toBe(1);
    await guest.getByTestId("call-cancel-bill").click();
    await expect.poll(() => guest.getByTestId("call-bill").count()).toBe(1);
    await expect.poll(() => card(staff, 6).count(), { timeout: 10_000 }).toBe(0);
  });

  it("shows no buttons with only ?table= in the address, and passes axe in ru, zh and ar", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = watched(await context.newPage());
    await page.goto(`${base}/demo/${STORE}/menu?table=5`);
    await ready(page);
    expect(await page.getByTestId("table-badge").textContent()).toBe("Стол 5");
    expect(await page.getByTestId("table-calls").count()).toBe(0);

    const key = await qrKeyOf(7);
    for (const language of ["ru", "zh", "ar"]) {
      const { page: guest } = await guestAt(key, language, language === "ar" ? 1280 : 390);
      expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
      await guest.getByTestId("call-waiter").click();
      await guest.getByTestId("call-sheet").waitFor();
      expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
      await guest.screenshot({ path: join(ARTIFACTS, `table-calls-sheet-${language}.png`) });
      await guest.getByTestId("call-close").click();
      await expect.poll(() => focused(guest)).toBe("call-waiter");
    }
  });
});
