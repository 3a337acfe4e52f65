/// <reference lib="dom" />
/**
 * The interface language across two tabs of one signed-in person (SPEC section 4: the user's
 * ui_locale wins; a pick becomes it). A language picked in one tab, then another picked in a second
 * tab: the first tab follows the later choice when it next refreshes the user, and never saves its
 * own old pick over it (it did: the admin-accessibility run met Russian pages after choosing English).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileBrowser } from "./browser";
import { demo } from "./demo";
import { signInAs } from "./sign-in";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

/** The demo store manager's saved interface language (ru before and after: other files expect it). */
async function savedLocale(locale?: "ru") {
  const { email, password } = demo().logins.find((l) => l.role === "store_manager")!;
  const api = await staffApi(base, email, password);
  if (locale) expect((await api.send("PATCH", "/api/me", { ui_locale: locale })).ok).toBe(true);
  return ((await (await api.request("/api/me")).json()) as { ui_locale: string }).ui_locale;
}
beforeAll(() => savedLocale("ru"));
afterAll(() => savedLocale("ru"));

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Picks the language in the header (desktop width) and waits until it is saved as the user's. */
async function pick(page: Page, locale: "en" | "zh") {
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname === "/api/me");
  await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
  expect((await saved).ok()).toBe(true);
  await expect.poll(() => htmlLang(page)).toBe(locale);
}

describe("the interface language in two tabs", () => {
  it("follows the later pick of another tab and never saves its own older one over it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await context.newPage();
    await signInAs(first, "store_manager");
    await pick(first, "en");

    const second = await context.newPage();
    await second.goto(`${base}/demo/center/admin-panel`);
    await expect.poll(() => htmlLang(second)).toBe("en");
    await pick(second, "zh");

    // Back to the first tab: focusing it refreshes the user, whose language is now Chinese.
    const patches: string[] = [];
    first.on("request", (r) => r.method() === "PATCH" && new URL(r.url()).pathname === "/api/me" && patches.push(r.postData() ?? ""));
    await first.bringToFront();
    await first.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => htmlLang(first)).toBe("zh");
    expect(patches).toEqual([]);
    expect(await savedLocale()).toBe("zh");
  });
});
