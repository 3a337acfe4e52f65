/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, type AxeViolation } from "./axe";
import { launchBrowser } from "./browser";
import { signInAs } from "./sign-in";
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

/** The company manager of the demo, signed in with the interface in `locale`. */
async function signedIn(locale: "ru" | "en", width: number) {
  // The language switch is in the desktop header: choose there, then take the width under test.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  contexts.push(context);
  // Start in the owner's own language (ru), so the switch below is the only change of language.
  await context.addCookies([{ name: "locale", value: "ru", url: base }]);
  const page = await context.newPage();
  await signInAs(page, "company_manager");
  await chooseLanguage(page, locale);
  await page.setViewportSize({ width, height: 900 });
  return page;
}

/** Picks the interface language in the header (it becomes the user's own: the test sets it back). */
async function chooseLanguage(page: Page, locale: "ru" | "en") {
  const html = () => page.evaluate(() => document.documentElement.lang);
  await expect.poll(html).toMatch(/^(ru|en|zh)$/);
  if ((await html()) === locale) return;
  // The choice is saved as the user's interface language: the next page load keeps it.
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === "/api/me");
  await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(html).toBe(locale);
}

const admin = "/demo/center/admin-panel";
/** Every admin page, the first category of a section and of promotions included. */
const PAGES = [
  "",
  "/kitchen",
  "/drinks",
  "/games",
  "/promotions",
  "/tables",
  "/settings/store",
  "/settings/stores",
  "/settings/users",
  "/settings/wifi",
  "/settings/yandex-reviews",
  "/settings/translations-map",
  "/settings/profile",
  "/subscription",
  "/subscription/history",
  "/subscription/payments",
  "/subscription/requisites",
];

/** The page loaded: its main content is there and nothing is loading any more. */
async function settled(page: Page) {
  await page.locator("main").first().waitFor();
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.locator('[aria-busy="true"], .skeleton, [data-loading]').count(), { timeout: 30_000 }).toBe(0);
}

describe("admin pages are accessible (axe-core: no serious or critical violations)", () => {
  for (const [locale, width] of [
    ["ru", 1280],
    ["en", 390],
  ] as const) {
    it(`every admin page in ${locale} at ${width} px`, async () => {
      const page = await signedIn(locale, width);
      const found: Record<string, AxeViolation[]> = {};
      for (const path of PAGES) {
        await page.goto(`${base}${admin}${path}`);
        await settled(page);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        const violations = await axeViolations(page);
        if (violations.length) found[path || "/"] = violations;
      }
      // A category page of a section (its items with their cards and badges).
      await page.goto(`${base}${admin}/kitchen`);
      await settled(page);
      // (On a phone the category tree is a drawer: open the first category by its link.)
      const href = await page.locator(`a[href^="${admin}/kitchen/"]`).first().getAttribute("href");
      await page.goto(`${base}${href}`);
      await settled(page);
      const violations = await axeViolations(page);
      if (violations.length) found["/kitchen/{category}"] = violations;
      // Sorting mode (super edit, on by default): category names and item titles are shown whole.
      expect(await page.getByTestId("admin-item").first().locator(".ma-card__handle").count()).toBe(1);
      const cut = await page.locator(".category-row__name, .ma-card__title").evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 900 });
      await chooseLanguage(page, "ru");
      expect(found).toEqual({});
    });
  }
});
