/**
 * Issue 33, point 1: a new owner opens the menu during preparation. One confirmation names the
 * trial's last day; the 14-day trial then runs and guests see the menu, not the "being prepared" note.
 */
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
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
