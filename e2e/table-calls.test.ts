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
import { pdfText } from "./pdf";

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

/**
 * Everything the guest's live region ever said (issue 48): it must change with the state, never
 * with the clock. Recorded from the moment the call bar is there.
 */
async function recordSaid(page: Page) {
  await page.getByTestId("call-said").waitFor({ state: "attached" });
  await page.evaluate(() => {
    const region = document.querySelector("[data-testid=call-said]")!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => void (region.textContent && said.push(region.textContent))).observe(region, { childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}
/** No live region holds a call's age. */
const ageOutsideLiveRegions = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll("[data-testid^=call-age]")].every((el) => !el.closest("[role=status],[role=alert],[aria-live]")));

describe("calls from a verified table", () => {
  it("calls the waiter and asks for the bill at once, undoes a cancel, moves focus and clears errors; the board says the table's changes once", async () => {
    const { page: guest } = await guestAt(await qrKeyOf(5), "en");
    // The table comes from the pass.
    // The pass leaves the default name "Стол 5" out: the guest reads "Table 5" in their language.
    expect(await guest.getByTestId("table-badge").textContent()).toBe("Table 5");
    const said = await recordSaid(guest);

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
    const waiter = guest.getByTestId("call-status-waiter");
    await expect.poll(() => guest.getByTestId("call-state-waiter").textContent()).toBe("Waiter called");
    expect(await guest.getByTestId("call-age-waiter").textContent()).toBe("just now");
    await expect.poll(() => focused(guest)).toBe("call-cancel-waiter");
    // The bill right after the waiter: its own call, not refused (issue 48, point 4).
    await guest.getByTestId("call-bill").click();
    await guest.getByTestId("call-send").click();
    const bill = guest.getByTestId("call-status-bill");
    await expect.poll(() => bill.getAttribute("data-status")).toBe("open");
    expect(await guest.getByTestId("call-error").count()).toBe(0);
    await expect.poll(said).toEqual(["Waiter called", "Bill requested"]);
    expect(await ageOutsideLiveRegions(guest)).toBe(true);
    expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
    await guest.screenshot({ path: join(ARTIFACTS, "table-calls-guest-en-390.png") });

    const staff = await staffBoard(390);
    const staffSaid = staff.getByTestId("calls-said");
    await expect.poll(() => card(staff, 5).count(), { timeout: 10_000 }).toBe(2);
    expect(await card(staff, 5).allTextContents()).toEqual([expect.stringContaining("Two glasses of water, please"), expect.stringContaining("Просит счёт")]);
    expect(await card(staff, 5).first().getByTestId("call-wait").textContent()).toBe("Только что");
    // The board's list is no live region (its clock would talk); its one region says changes only.
    expect(await staff.locator(".calls-list[aria-live], .calls-list [aria-live]").count()).toBe(0);
    await expect.poll(() => staff.title()).toMatch(/^\(\d+\) /);
    expect(await axeViolations(staff, { include: "main" })).toEqual([]);
    await staff.screenshot({ path: join(ARTIFACTS, "table-calls-board-ru-390.png"), fullPage: true });

    // A mistaken cancel is undone within 5 s: the call never left the board.
    await guest.getByTestId("call-cancel-bill").click();
    await expect.poll(() => bill.getAttribute("data-status")).toBe("cancelled");
    await expect.poll(() => focused(guest)).toBe("call-undo-bill");
    expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
    await guest.screenshot({ path: join(ARTIFACTS, "table-calls-undo-en-390.png") });
    await guest.getByTestId("call-undo-bill").click();
    await expect.poll(() => bill.getAttribute("data-status")).toBe("open");
    await expect.poll(() => focused(guest)).toBe("call-cancel-bill");
    expect(await card(staff, 5).count()).toBe(2);
    // Not undone: after 5 s the bill's button is back, focused, and the board drops the call.
    await guest.getByTestId("call-cancel-bill").click();
    await expect.poll(() => focused(guest)).toBe("call-undo-bill");
    await expect.poll(() => focused(guest), { timeout: 15_000 }).toBe("call-bill");
    await expect.poll(() => card(staff, 5).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => staffSaid.textContent()).toBe("Стол 5: вызов закрыт.");

    // The same kind again within the minute is refused, with a clear message ...
    await guest.getByTestId("call-bill").click();
    await guest.getByTestId("call-send").click();
    await expect.poll(() => guest.getByTestId("call-error").textContent()).toBe("You have just called. You can call again in a minute.");
    await expect.poll(() => focused(guest)).toBe("call-bill");
    expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
    // ... which the next action clears: a cancel (undone) of the waiter.
    await guest.getByTestId("call-cancel-waiter").click();
    await expect.poll(() => guest.getByTestId("call-error").count()).toBe(0);
    await guest.getByTestId("call-undo-waiter").click();
    await expect.poll(() => waiter.getAttribute("data-status")).toBe("open");

    await card(staff, 5).getByTestId("call-take").click();
    await expect.poll(() => card(staff, 5).getAttribute("data-status")).toBe("taken");
    await expect.poll(() => staffSaid.textContent()).toBe("Стол 5: вызов принят.");
    // The guest's page asks every 10 s while a call is open.
    await expect.poll(() => waiter.getAttribute("data-status"), { timeout: 20_000 }).toBe("taken");
    expect(await guest.getByTestId("call-state-waiter").textContent()).toBe("Waiter on the way");
    expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);

    await card(staff, 5).getByTestId("call-done").click();
    await expect.poll(() => card(staff, 5).count()).toBe(0);
    await expect.poll(() => guest.getByTestId("call-waiter").count(), { timeout: 20_000 }).toBe(1);
    // Said once per change, in order; the clock said nothing in the ~20 s this took.
    await expect.poll(said).toEqual(["Waiter called", "Bill requested", "Cancelled", "Bill requested", "Cancelled", "Cancelled", "Waiter called", "Waiter on the way", "Waiter call completed"]);

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
    expect(await guest.getByTestId("call-state-bill").textContent()).toBe("Счёт запрошен");
    expect(await guest.getByTestId("call-age-bill").textContent()).toBe("только что");

    const staff = await staffBoard(1280);
    await expect.poll(() => card(staff, 6).count(), { timeout: 10_000 }).toBe(1);
    await guest.getByTestId("call-cancel-bill").click();
    await expect.poll(() => guest.getByTestId("call-bill").count(), { timeout: 15_000 }).toBe(1);
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

/** The words of the call bar in each language the issue names (issue 48, point 8). */
const WORDS = {
  ru: { called: "Официант вызван", justNow: "только что", cancelled: "Отменено", undo: "Вернуть" },
  en: { called: "Waiter called", justNow: "just now", cancelled: "Cancelled", undo: "Undo" },
  zh: { called: "已呼叫服务员", justNow: "刚刚", cancelled: "已取消", undo: "撤销" },
  ar: { called: "تم نداء النادل", justNow: "الآن", cancelled: "أُلغي", undo: "تراجع" },
} as const;

describe("the call bar in ru, en, zh and ar (issue 48)", () => {
  it("says each change once, reads the age naturally, undoes a cancel, stays on screen while the menu scrolls, and passes axe in every state", async () => {
    const tables = { ru: 8, en: 9, zh: 10, ar: 11 } as const;
    for (const language of ["ru", "en", "zh", "ar"] as const) {
      const words = WORDS[language];
      const { context, page: guest } = await guestAt(await qrKeyOf(tables[language]), language);
      const said = await recordSaid(guest);
      const bar = guest.getByTestId("table-calls-slot");
      const box = await bar.boundingBox();
      // At the bottom of the screen, and still there when the menu has scrolled.
      expect(box!.y + box!.height).toBe(844);
      await guest.mouse.wheel(0, 3000);
      await expect.poll(() => guest.evaluate(() => scrollY)).toBeGreaterThan(1000);
      expect(await bar.boundingBox()).toEqual(box);
      expect(await guest.getByTestId("call-waiter").isVisible()).toBe(true);
      expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);

      await guest.getByTestId("call-waiter").click();
      await guest.getByTestId("call-send").click();
      await expect.poll(() => guest.getByTestId("call-state-waiter").textContent()).toBe(words.called);
      expect(await guest.getByTestId("call-age-waiter").textContent()).toBe(words.justNow);
      expect(await ageOutsideLiveRegions(guest)).toBe(true);
      await expect.poll(() => focused(guest)).toBe("call-cancel-waiter");
      expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
      if (language === "ru" || language === "ar") await guest.screenshot({ path: join(ARTIFACTS, `table-calls-bar-${language}-390.png`) });

      await guest.getByTestId("call-cancel-waiter").click();
      await expect.poll(() => guest.getByTestId("call-status-waiter").textContent()).toBe(`${words.cancelled}${words.undo}`);
      await expect.poll(() => focused(guest)).toBe("call-undo-waiter");
      expect(await axeViolations(guest, { include: "[data-testid=table-calls]" })).toEqual([]);
      if (language === "ru" || language === "ar") await guest.screenshot({ path: join(ARTIFACTS, `table-calls-undo-${language}-390.png`) });
      await guest.getByTestId("call-undo-waiter").click();
      await expect.poll(() => guest.getByTestId("call-status-waiter").getAttribute("data-status")).toBe("open");
      await expect.poll(said).toEqual([words.called, words.cancelled, words.called]);
      await context.close();
    }
  });

  it("keeps the call bar's box from the first paint: nothing moves when the app wakes (CLS)", async () => {
    const qrKey = await qrKeyOf(12);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });
    await context.addCookies([{ name: "menu_language", value: "ru", url: base }]);
    // Before any script of the page: the layout shifts, and the bar's box at the first paint.
    await context.addInitScript(() => {
      const w = window as unknown as { cls: number; shifts: string[]; firstBox?: DOMRect | null };
      w.cls = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
          if (e.hadRecentInput) continue;
          w.cls += e.value;
          w.shifts.push(`${e.value.toFixed(4)} ${e.sources?.map((s) => (s.node as Element | undefined)?.className).join(" ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        w.firstBox = document.querySelector("[data-testid=table-calls-slot]")?.getBoundingClientRect().toJSON() as DOMRect | undefined;
      }).observe({ type: "paint", buffered: true });
    });
    const page = watched(await context.newPage());
    await page.goto(`${base}/t/${qrKey}`);
    await page.waitForFunction(() => "firstBox" in window);
    const first = await page.evaluate(() => (window as unknown as { firstBox: DOMRect }).firstBox);
    // The pre-rendered page before the app: the box is there, empty, at the bottom.
    expect(await page.evaluate(() => !!document.querySelector("[data-testid=guest-menu][data-ready]"))).toBe(false);
    expect(first).toMatchObject({ x: 0, width: 390 });
    expect(first.y + first.height).toBe(844);
    expect(first.height).toBeGreaterThanOrEqual(60);
    // The app wakes (a key) and fills the box.
    await ready(page);
    await page.getByTestId("call-waiter").waitFor();
    const woke = await page.getByTestId("table-calls-slot").boundingBox();
    expect(woke).toEqual({ x: first.x, y: first.y, width: first.width, height: first.height });
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      return { cls: w.cls, shifts: w.shifts };
    });
    console.log(`CLS with the call bar, first paint to app wake: ${cls.toFixed(4)} (${shifts.join("; ") || "no shifts"})`);
    expect(cls, shifts.join("; ")).toBeLessThan(0.01);
    await context.close();
  });
});

describe("tables keep their names (issue 48, point 5)", () => {
  it("a table made from the pattern 'Терраса {n}' is 'Терраса N' on the guest's pill, the cart and the waiter's view, the board (said and shown) and its printed card", async () => {
    const owner = demo().logins.find((l) => l.role === "company_manager")!;
    const api = await staffApi(base, owner.email, owner.password);
    const stores = (await (await api.request("/api/me/stores")).json()) as { store_id: string; store_url_key: string }[];
    const storeId = stores.find((s) => s.store_url_key === STORE)!.store_id;
    const from = 200 + Math.floor(Math.random() * 700);
    const created = await api.send("POST", "/api/tables/bulk", { store_id: storeId, from, count: 1, name: "Терраса {n}" });
    expect(created.status).toBe(201);
    const [table] = (await created.json()) as { table_id: string; position: number; name: string; qr_key: string }[];
    const name = `Терраса ${from}`;
    expect(table).toMatchObject({ position: from, name });

    const staff = await staffBoard(1280);
    const { page: guest } = await guestAt(table!.qr_key, "zh");
    // The pill says the table's own name (not "200 号桌"), isolated in the Chinese line.
    expect(await guest.getByTestId("table-badge").textContent()).toBe(name);
    expect(await axeViolations(guest, { include: "[data-testid=guest-header]" })).toEqual([]);
    // The cart's button, its sheet and the view shown to the waiter say it too.
    expect(await guest.getByTestId("cart-button").locator(".cart-button__table").textContent()).toBe(name);
    await guest.getByTestId("item-card").first().click();
    await guest.getByTestId("item-modal").getByTestId("add-to-cart").click();
    await expect.poll(() => guest.getByTestId("cart-count").textContent()).toBe("1");
    await guest.keyboard.press("Escape");
    await expect.poll(() => guest.getByTestId("item-modal").count()).toBe(0);
    await guest.getByTestId("cart-button").click();
    expect(await guest.getByTestId("cart-table").textContent()).toBe(name);
    await guest.getByTestId("cart-waiter").click();
    expect(await guest.getByTestId("waiter-table").textContent()).toBe(name);
    await guest.getByTestId("waiter-back").click();
    await guest.keyboard.press("Escape");
    await expect.poll(() => guest.getByTestId("cart").isVisible()).toBe(false);
    await guest.getByTestId("call-bill").click();
    await guest.getByTestId("call-send").click();
    await expect.poll(() => guest.getByTestId("call-state-bill").textContent()).toBe("已请求结账");

    await expect.poll(() => card(staff, from).count(), { timeout: 10_000 }).toBe(1);
    expect(await card(staff, from).getByTestId("call-table").textContent()).toBe(name);
    await expect.poll(() => staff.getByTestId("calls-said").textContent()).toBe(`Новый вызов. ${name}: просит счёт.`);
    expect(await axeViolations(staff, { include: "main" })).toEqual([]);
    await staff.screenshot({ path: join(ARTIFACTS, "table-calls-board-named-ru-1280.png") });
    await chooseLanguage(staff, "en");
    try {
      await expect.poll(() => card(staff, from).getByTestId("call-wait").textContent()).toMatch(/^(Just now|Waiting \d+ min)$/);
      expect(await axeViolations(staff, { include: "main" })).toEqual([]);
      await staff.screenshot({ path: join(ARTIFACTS, "table-calls-board-named-en-1280.png") });
    } finally {
      await chooseLanguage(staff, "ru");
    }
    await card(staff, from).getByTestId("call-done").click();
    await expect.poll(() => card(staff, from).count()).toBe(0);

    // The printed card: the name is the headline, and no "Стол N" (the name already holds the number).
    await staff.goto(`${base}/demo/${STORE}/admin-panel/tables/print?ids=${table!.table_id}`);
    await expect.poll(() => staff.getByTestId("print-card").count()).toBe(1);
    expect(await staff.getByTestId("print-card-title").textContent()).toBe(name);
    expect(await staff.getByTestId("print-card").textContent()).not.toContain(`Стол ${from}`);
    expect(await axeViolations(staff, { include: "main" })).toEqual([]);
    await staff.getByTestId("print-card").screenshot({ path: join(ARTIFACTS, "table-card-named-ru.png") });
    const pdf = await staff.request.get(`${base}/api/tables/cards?storeId=${storeId}&tableId=${table!.table_id}`);
    expect(pdf.status()).toBe(200);
    const text = (await pdfText(new Uint8Array(await pdf.body()))).join(" ");
    expect(text).toContain(name);
    expect(text).not.toContain(`Стол ${from}`);
    await api.send("DELETE", `/api/tables/${table!.table_id}?storeId=${storeId}`, {});
  });
});
