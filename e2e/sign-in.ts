import type { Page } from "playwright-core";

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
