/**
 * Issue 33, point 1: a new owner opens the menu during preparation. One confirmation names the
 * trial's last day; the 14-day trial then runs and guests see the menu, not the "being prepared" note.
 * Issue 50, point 8: the welcome dialog, where a new owner first reads about preparation, offers
 * the same (screenshots at 390 and 1280 px in ru and en go to test-results/).
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, launchBrowser } from "./browser";
import { registeredOwner } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("open the menu now", () => {
  it("starts the trial from the subscription page after one confirmation, and the guest menu opens", async () => {
    const key = "o" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
    const { email, password } = await registeredOwner(base, key);
    const guest = async () => (await fetch(`${base}/${key}/main/menu`)).text();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const path = `/${key}/main/admin-panel/subscription`;
    await page.goto(`${base}/login?redirect=${encodeURIComponent(path)}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(base + path);
    // A new owner's first visit greets them first.
    await page.getByTestId("welcome-dialog").getByRole("button", { name: "Начать" }).click();
    // The welcome has its own "open now" button: wait until it has gone, so one button is left.
    await expect.poll(() => page.getByTestId("welcome-dialog").isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId("phase").innerText()).toBe("Подготовка");
    await expect.poll(guest, { timeout: 30_000 }).toContain("готовит своё меню");

    // Cancel changes nothing; the confirmation names the last day of the trial.
    await page.getByTestId("open-now").click();
    const dialog = page.getByTestId("open-now-dialog");
    await dialog.waitFor();
    const lastDay = new Date(Date.now() + 14 * 86_400_000).toLocaleDateString("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" });
    expect(await dialog.innerText()).toContain(lastDay);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Отмена" }).click();
    expect(await page.getByTestId("phase").innerText()).toBe("Подготовка");

    await page.getByTestId("open-now").click();
    await page.getByTestId("open-now-confirm").click();
    await expect.poll(() => page.getByTestId("phase").innerText()).toBe("Меню открыто");
    expect(await page.getByTestId("current-plan-name").innerText()).toBe("Пробный");
    expect(await page.getByTestId("open-now").count()).toBe(0);
    await expect.poll(guest, { timeout: 30_000 }).not.toContain("готовит своё меню");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("open the menu now from the welcome dialog (issue 50, point 8)", () => {
  it("offers it beside the 3 days of preparation, in ru and en; opening closes the welcome and the guest menu opens", async () => {
    const key = "w" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
    const { email, password, api } = await registeredOwner(base, key);
    const guest = async () => (await fetch(`${base}/${key}/main/menu`)).text();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const path = `/${key}/main/admin-panel`;
    await page.goto(`${base}/login?redirect=${encodeURIComponent(path)}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(base + path);
    const welcome = page.getByTestId("welcome-dialog");
    const shots = async (locale: string) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.screenshot({ path: join(ARTIFACTS, `issue50-welcome-${locale}-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    };

    // In English first (the welcome stays until it is closed): the words and the button.
    expect((await api.send("PATCH", "/api/me", { ui_locale: "en" })).ok).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    await welcome.getByRole("button", { name: "Open the menu now" }).waitFor();
    expect(await welcome.innerText()).toContain("Ready sooner? Open the menu to guests now.");
    expect(await axeViolations(page, { include: "[data-testid=welcome-dialog]" })).toEqual([]);
    await shots("en");

    expect((await api.send("PATCH", "/api/me", { ui_locale: "ru" })).ok).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ru");
    await welcome.getByText("Готовы раньше — откройте меню гостям сейчас.").waitFor();
    expect(await axeViolations(page, { include: "[data-testid=welcome-dialog]" })).toEqual([]);
    await shots("ru");

    // The same confirmation as on the subscription page; opening closes the welcome for good.
    await welcome.getByTestId("open-now").click();
    const confirm = page.getByTestId("open-now-dialog");
    await confirm.waitFor();
    const lastDay = new Date(Date.now() + 14 * 86_400_000).toLocaleDateString("ru-RU", { day: "numeric", month: "long", timeZone: "UTC" });
    expect(await confirm.innerText()).toContain(lastDay);
    expect(await axeViolations(page, { include: "[data-testid=open-now-dialog]" })).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "issue50-welcome-confirm-ru-1280.png") });
    await page.getByTestId("open-now-confirm").click();
    await welcome.waitFor({ state: "hidden" });
    await expect.poll(guest, { timeout: 30_000 }).not.toContain("готовит своё меню");
    const seen = async () => ((await (await api.request("/api/me")).json()) as { setup_welcome_message: boolean }).setup_welcome_message;
    await expect.poll(seen).toBe(true);
    await page.goto(`${base}/${key}/main/admin-panel/subscription`);
    await expect.poll(() => page.getByTestId("phase").innerText()).toBe("Меню открыто");
    expect(await welcome.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
