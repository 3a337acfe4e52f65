/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedMenu as readPublishedMenu } from "./demo";
import { launchBrowser } from "./browser";
import { workerRuntime } from "./worker-runtime";

// sharp is a dependency of the server packages, not of the root.
type Sharp = (input: object) => { composite(layers: { input: Buffer }[]): { png(): { toBuffer(): Promise<Buffer> } } };
const sharp = createRequire(resolve(import.meta.dirname, "../packages/local/package.json"))("sharp") as Sharp;

const base = workerRuntime().baseUrl;
const artifacts = resolve(import.meta.dirname, "../test-results");
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

/** A 240×240 PNG logo: an orange disc on transparency. */
const logoPng = () =>
  sharp({ create: { width: 240, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><circle cx="120" cy="120" r="110" fill="#ea580c"/></svg>') }])
    .png()
    .toBuffer();

const publishedMenu = () => readPublishedMenu("demo", "center", "ru");

describe("settings/store", () => {
  it("the demo owner changes the working hours and the logo; guests see both on the menu within seconds", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await context.addCookies([{ name: "locale", value: "en", url: base }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').fill("owner@demo.menu");
    await page.locator('input[name="password"]').fill("demo-owner-2026");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/demo/center/admin-panel`);

    // Settings in the section tabs opens the venue's settings.
    await page.getByRole("navigation", { name: /^(Разделы|Sections)$/ }).getByRole("link", { name: /^(Настройки|Settings)$/ }).click();
    await page.waitForURL(`${base}/demo/center/admin-panel/settings/store`);
    const rows = page.getByTestId("hours-row");
    await rows.first().waitFor();

    // A wrong phone is refused with the specification's message before anything is sent.
    const phone = page.getByTestId("phone-row").first().locator('input[type="tel"]');
    const number = await phone.inputValue();
    await phone.fill("call us");
    await page.locator('.store-settings__bar button[type="submit"]').click();
    await expect.poll(() => page.getByTestId("phone-row").first().locator(".field__error").textContent()).toMatch(/^(Неверный формат телефона|Invalid phone format)$/);
    await phone.fill(number);

    // Sunday: 09:15 until 01:30 the next night.
    const sunday = rows.last();
    const [open, close] = [sunday.locator('input[type="time"]').first(), sunday.locator('input[type="time"]').last()];
    await open.fill("09:15");
    await close.fill("01:30");
    await expect(sunday.textContent()).resolves.toMatch(/(after midnight|после полуночи)/);

    // The light logo: a PNG made here, re-encoded by the server.
    const logoField = page.getByTestId("image-field").first();
    await logoField.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
    await logoField.getByTestId("image-field-stored").waitFor();
    const key = (await logoField.getByTestId("image-field-stored").getAttribute("src"))!.slice(1);
    expect(key).toMatch(/^media\/.+\.webp$/);

    await page.screenshot({ path: resolve(artifacts, "store-settings-desktop-en.png"), fullPage: true });
    await page.locator('.store-settings__bar button[type="submit"]').click();
    await page.getByText(/^(Settings saved|Настройки сохранены)/).waitFor();

    // Published within seconds.
    await expect
      .poll(async () => {
        const menu = await publishedMenu();
        return [menu.store.logo_light, menu.store.working_hours.find((h) => h.days.includes("sun"))];
      }, { timeout: 30_000, interval: 500 })
      .toEqual([key, { days: ["sun"], open: "09:15", close: "01:30" }]);

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(guest);
    const menuPage = await guest.newPage();
    // The local edge keeps published files for 2 s.
    await expect
      .poll(async () => {
        await menuPage.goto(`${base}/demo/center/menu`);
        return menuPage.getByTestId("store-info").textContent();
      }, { timeout: 15_000, interval: 1000 })
      .toContain("09:15–01:30");
    const logo = menuPage.getByTestId("guest-header").locator("img").first();
    expect(await logo.getAttribute("src")).toBe(`/${key}`);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
