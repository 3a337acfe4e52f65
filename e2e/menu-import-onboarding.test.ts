/// <reference lib="dom" />
/**
 * Issue 33, point 5 in the browser: a new owner's empty menu editor offers the import with its
 * template; the downloaded template imports as it is, its categories come in the sheet's order with
 * icons, and the summary (added, changed, unchanged, errors, links to the categories) stays after
 * applying; the checklist's "menu" step leads to the import. axe on each state; screenshots at 390
 * and 1280 px in ru and en go to test-results/.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, downloadedBytes, launchBrowser } from "./browser";
import { pickInterfaceLanguage } from "./sign-in";
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

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `issue33-import-${name}.png`), fullPage: true });

describe("the import on the empty menu editor", () => {
  it("offers the template, imports it in the sheet's order with icons, and keeps the summary", async () => {
    const key = "i" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
    const { email, password } = await registeredOwner(base, key);
    const admin = `/${key}/main/admin-panel`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/login?redirect=${encodeURIComponent(`${admin}/kitchen`)}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}${admin}/kitchen`);
    await page.getByTestId("welcome-dialog").getByRole("button", { name: "Начать" }).click();

    // The empty section offers both: the first category by hand, or the import with its template.
    await page.getByTestId("categories-empty").waitFor();
    const panel = page.getByTestId("menu-import");
    await panel.waitFor();
    for (const locale of ["ru", "en"] as const) {
      for (const width of [390, 1280]) {
        await pickInterfaceLanguage(page, locale, width);
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `empty-${locale}-${width}`);
      }
    }
    await pickInterfaceLanguage(page, "ru", 1280);

    // The CSV template link answers a CSV file; the Excel one downloads the workbook imported below.
    const csv = await page.request.get(base + (await panel.getByTestId("import-template-csv").getAttribute("href"))!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await csv.text()).split(/\r\n/)[0]).toBe("\uFEFFРаздел,Категория,Позиция,Описание,Выход,Цена,Валюта,Аллергены,Метки,Показывать,ID");
    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByTestId("import-template-xlsx").click()]);
    expect(download.suggestedFilename()).toBe("menu-template.xlsx");
    const workbook = await downloadedBytes(download);
    await panel.getByTestId("import-file").setInputFiles({ name: "menu-template.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
    await panel.getByTestId("import-create").waitFor();
    expect(await panel.getByTestId("import-errors").count()).toBe(0);
    await panel.getByTestId("import-apply").click();

    // The section is no longer empty; the summary stays under its categories.
    await page.locator(".category-row__link .category-row__icon").first().waitFor();
    const result = panel.getByTestId("import-result");
    await result.waitFor();
    expect(await page.getByTestId("categories-empty").count()).toBe(0);
    const count = (key: string) => result.getByTestId(`import-result-${key}`).locator("dd").innerText();
    expect([await count("added"), await count("changed"), await count("untouched"), await count("errors")]).toEqual(["2", "0", "0", "0"]);
    expect(await result.getByTestId("import-result-categories").getByRole("link").allInnerTexts()).toEqual(["Супы", "Чай"]);
    expect(await page.locator(".category-row__link .category-row__icon").allInnerTexts()).toEqual(["🍲"]);
    expect(await axeViolations(page)).toEqual([]);
    for (const locale of ["ru", "en"] as const) {
      for (const width of [390, 1280]) {
        await pickInterfaceLanguage(page, locale, width);
        await result.waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `result-${locale}-${width}`);
      }
    }
    await pickInterfaceLanguage(page, "ru", 1280);

    // Its links lead to the categories; within the section the summary is still there.
    await result.getByRole("link", { name: "Супы" }).click();
    await page.waitForURL(new RegExp(`${admin}/kitchen/[^/]+$`));
    await page.getByText("Борщ").first().waitFor();
    expect(await result.isVisible()).toBe(true);
    await result.getByRole("link", { name: "Чай" }).click();
    await page.waitForURL(new RegExp(`${admin}/drinks/[^/]+$`));
    await page.getByText("Чай чёрный").first().waitFor();
    expect(await page.locator(".category-row__link .category-row__icon").allInnerTexts()).toEqual(["🫖"]);

    // The checklist's "menu" step leads to the import, also once the section has categories.
    await page.goto(base + admin);
    await page.getByTestId("checklist-link-menu").click();
    // The section opens on its first category (or stays on the section while it loads): the hash goes along.
    await page.waitForURL(new RegExp(`${admin}/kitchen(/[^/#]+)?#menu-import$`));
    await panel.getByTestId("import-template-xlsx").waitFor();
    await page.waitForURL(new RegExp(`${admin}/kitchen/[^/#]+#menu-import$`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
