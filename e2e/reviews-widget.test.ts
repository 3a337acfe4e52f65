/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo owner (premium store `demo/center`); texts are matched in ru or en (their interface language wins after sign-in). */
async function signedIn() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "locale", value: "en", url: base }]);
  // The maps service is not reachable from the tests; its frame stays empty.
  await context.route(/yandex\./, (route) => route.abort());
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

/** Reloads the guest reviews page until the published page shows what is expected (the publish job runs in the background). */
async function guestReviews(page: Page, expected: (src: string | null) => boolean) {
  /** The reviews frame's address, or undefined while the address still shows the menu (no widget, or not published yet). */
  const shown = async () => {
    await page.goto(`${base}/demo/center/reviews`);
    await page.getByTestId("guest-menu").waitFor();
    if (!(await page.getByTestId("reviews-page").count())) return undefined;
    const frame = page.locator("[data-testid=reviews-page] iframe");
    return (await frame.count()) ? await frame.getAttribute("src") : null;
  };
  let src: string | null | undefined;
  await expect.poll(async () => (src = await shown()) !== undefined && expected(src), { timeout: 30_000 }).toBe(true);
  return src;
}

describe("settings/yandex-reviews", () => {
  it("refuses a wrong code, saves a right one as its organisation id, and the guest reviews page shows it; removal takes the page away", async () => {
    const { page, errors } = await signedIn();
    await page.getByRole("link", { name: /^(Настройки|Settings)$/ }).click();
    await page.getByTestId("settings-tabs").getByRole("link", { name: /^(Отзывы|Reviews)$/ }).click();
    await page.waitForURL(`${base}/demo/center/admin-panel/settings/yandex-reviews`);
    const code = page.getByTestId("widget-code");
    await code.waitFor();

    await code.fill('<div><iframe src="https://example.com/maps-reviews-widget/1?comments"></iframe></div>');
    await page.getByRole("button", { name: /^(Сохранить|Save)$/ }).click();
    await expect(page.getByTestId("widget-code-error").textContent()).resolves.toMatch(
      /^(Неверный формат виджета Яндекс\.Отзывов|Incorrect Yandex\.Reviews widget format)$/,
    );

    const org = String(7_000_000_000 + Math.floor(Math.random() * 999_999_999));
    await code.fill(
      `<div style="width:560px;height:800px;overflow:hidden;position:relative;"><iframe style="width:100%;height:100%;border:1px solid #e6e6e6;border-radius:8px;box-sizing:border-box" src="https://yandex.by/maps-reviews-widget/${org}?comments"></iframe><a href="https://yandex.by/maps/org/demo_center/${org}/" target="_blank" style="box-sizing:border-box;text-decoration:none;color:#b3b3b3;font-size:10px">Demo Center on Yandex Maps</a></div>`,
    );
    await page.getByRole("button", { name: /^(Сохранить|Save)$/ }).click();
    await page.getByTestId("widget-org-id").filter({ hasText: new RegExp(`^${org}$`) }).waitFor();
    await expect(code.inputValue()).resolves.toBe("");

    const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await guest.route(/yandex\./, (route) => route.abort());
    await expect(guestReviews(guest, (src) => !!src?.includes(org))).resolves.toBe(`https://yandex.ru/maps-reviews-widget/${org}?comments`);

    // Removal asks first; then the store has no reviews page: its address shows the menu, without a reviews tab.
    await page.getByTestId("widget-remove").click();
    await page.getByTestId("confirm-remove").click();
    await page.getByTestId("widget-empty").waitFor();
    await expect
      .poll(
        async () => {
          await guest.goto(`${base}/demo/center/reviews`);
          await guest.getByTestId("guest-menu").waitFor();
          return (await guest.getByTestId("reviews-page").count()) + (await guest.locator('a[href$="/reviews"]').count());
        },
        { timeout: 30_000 },
      )
      .toBe(0);

    // Put a widget back, as the demo data has one.
    await code.fill(`https://yandex.ru/maps-reviews-widget/${org}?comments`);
    await page.getByRole("button", { name: /^(Сохранить|Save)$/ }).click();
    await page.getByTestId("widget-org-id").filter({ hasText: new RegExp(`^${org}$`) }).waitFor();
    await guestReviews(guest, (src) => !!src?.includes(org));
    expect(errors).toEqual([]);
    await guest.close();
    await page.context().close();
  });
});
