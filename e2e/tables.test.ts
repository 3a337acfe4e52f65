/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
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

/** The demo owner (their interface language, ru, wins over the cookie after sign-in; texts are matched in ru or en). */
async function signedIn(locale = "en") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill("owner@demo.menu");
  await page.locator('input[name="password"]').fill("demo-owner-2026");
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return { page, errors };
}

async function addTable(page: Page, position: number, name: string) {
  await page.getByTestId("add-table").click();
  const dialog = page.getByTestId("table-dialog");
  await dialog.getByLabel(/^(Номер стола|Table number)/).fill(String(position));
  await dialog.getByLabel(/^(Название|Name)/).fill(name);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: "detached" });
  return page.getByTestId("table-row").filter({ hasText: name });
}

describe("admin-panel/tables", () => {
  it("creates a table whose QR link opens the menu with its number; a re-issued key retires the old link", async () => {
    const { page, errors } = await signedIn();
    await page.getByRole("link", { name: /^(Столы|Tables)$/ }).click();
    await page.waitForURL(`${base}/demo/center/admin-panel/tables`);
    await page.getByTestId("tables-table").waitFor();

    const position = 700 + Math.floor(Math.random() * 299);
    const name = `Veranda ${position}`;
    const row = await addTable(page, position, name);
    await expect(row.textContent()).resolves.toContain(String(position));

    // The same name again is refused with the specification's message.
    await page.getByTestId("add-table").click();
    const dialog = page.getByTestId("table-dialog");
    await dialog.getByLabel(/^(Номер стола|Table number)/).fill(String(position + 1));
    await dialog.getByLabel(/^(Название|Name)/).fill(name.toUpperCase());
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText(/Стол с таким названием уже существует|Table name already exists/).waitFor();
    await dialog.getByRole("button", { name: /^(Отмена|Cancel)$/ }).click();

    const href = await row.getByTestId("qr-link").getAttribute("href");
    // Absolute, on the runtime's PUBLIC_BASE_URL (localhost:<port>; the tests reach it as 127.0.0.1).
    expect(href).toMatch(/^https?:\/\/[^/]+\/t\/[A-Za-z0-9]+$/);
    expect(new URL(href!).port).toBe(new URL(base).port);

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(guest);
    const phone = await guest.newPage();
    await phone.goto(href!);
    await phone.waitForURL((u) => u.pathname === "/demo/center/menu" && u.search === `?table=${position}`);
    // The table badge is the app's: it shows once the guest does something (the app starts).
    await guestReady(phone);
    await expect(phone.getByTestId("table-badge").textContent()).resolves.toContain(String(position));

    // Re-issue: the confirmation says the printed code stops working; the old link then says so and links to the menu.
    await row.getByRole("button", { name: new RegExp(`(Новый QR-код для «|New QR code for “)${name}`) }).click();
    await page.getByText(/Напечатанный сейчас код перестанет работать|The code printed now will stop working/).waitFor();
    await page.getByTestId("confirm-reissue").click();
    await expect.poll(() => row.getByTestId("qr-link").getAttribute("href")).not.toBe(href);
    const retired = await phone.goto(href!);
    expect(retired?.status()).toBe(404);
    expect(new URL(phone.url()).pathname).toBe(new URL(href!).pathname);
    await phone.locator('a[href="/demo/center/menu"]').waitFor();

    // Delete it again so reruns on the same data start clean.
    await row.getByRole("button", { name: new RegExp(`(Удалить «|Delete “)${name}`) }).click();
    await page.getByTestId("confirm-delete").click();
    await row.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });
});
