import type { Page } from "playwright-core";
import { expect } from "vitest";

import { demo } from "./demo";
import { workerRuntime } from "./worker-runtime";

/**
 * Signs a demo user of `role` in through the sign-in form and waits for `landing` (by default the
 * admin panel of demo/center, where staff of that store land; another path goes through `?redirect=`).
 */
export async function signInAs(page: Page, role: string, landing = "/demo/center/admin-panel") {
  const base = workerRuntime().baseUrl;
  const { email, password } = demo().logins.find((l) => l.role === role)!;
  await page.goto(landing === "/demo/center/admin-panel" ? `${base}/login` : `${base}/login?redirect=${encodeURIComponent(landing)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(base + landing);
}

/** Picks a staff page's interface language in the header (at 1280 px: phones have it in the avatar menu), then the width. */
export async function pickInterfaceLanguage(page: Page, locale: "ru" | "en", width: number) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const html = () => page.evaluate(() => document.documentElement.lang);
  if ((await html()) !== locale) {
    await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
    await expect.poll(html).toBe(locale);
  }
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}
