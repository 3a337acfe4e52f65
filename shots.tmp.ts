import { chromium } from "playwright-core";
const base = "http://localhost:3900";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function shot(name: string, width: number, locale: string, path: string, signIn: boolean) {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale });
  const page = await context.newPage();
  if (signIn) {
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').fill("owner@demo.menu");
    await page.locator('input[name="password"]').fill("demo-owner-2026");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/demo/center/admin-panel`);
  }
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  await context.close();
}
await shot("dashboard-ru-1280", 1280, "ru-RU", "/demo/center/admin-panel", true);
await shot("subscription-en-390", 390, "en-US", "/demo/center/admin-panel/subscription", true);
await shot("tables-ru-1280", 1280, "ru-RU", "/demo/center/admin-panel/tables", true);
await shot("store-settings-en-390", 390, "en-US", "/demo/center/admin-panel/settings/store", true);
await shot("glossary-ru-1280", 1280, "ru-RU", "/demo/center/admin-panel/settings/translations-map", true);
await shot("menu-ar-390", 390, "ar", "/demo/center/menu", false);
await shot("menu-ru-1280", 1280, "ru-RU", "/demo/center/menu", false);
await browser.close();
