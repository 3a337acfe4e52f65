/// <reference lib="dom" />
import type { Browser, BrowserContext } from "playwright-core";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadedBytes, launchBrowser } from "./browser";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("menu export", () => {
  it("exports the demo menu as an English Excel sheet and as a PDF from the dashboard, then downloads them", async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    await context.addCookies([{ name: "locale", value: "en", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').fill("owner@demo.menu");
    await page.locator('input[name="password"]').fill("demo-owner-2026");
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/demo/center/admin-panel`);

    const panel = page.getByTestId("menu-export");
    await panel.getByTestId("export-language").selectOption("en");
    // The click queues an export job; the download starts once the worker has written the file.
    const [sheet] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), panel.getByTestId("export-xlsx").click()]);
    expect(sheet.suggestedFilename()).toBe("menu-center-en.xlsx");
    const rows = await readSheet(await downloadedBytes(sheet));
    expect(rows[0]).toEqual(["Section", "Category", "Item", "Description", "Portion", "Price", "Currency", "Allergens", "Tags", "Visible", "ID"]);
    // Demo dishes carry marks, named in the sheet's language.
    expect(rows.some((r) => String(r[7] ?? "").includes("Gluten"))).toBe(true);
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(["Kitchen", "Drinks", "Hookahs", "Games"]));

    // The link to the finished file (signed, short-lived) stays for another download.
    await panel.getByTestId("export-download").waitFor();
    expect(await panel.getByTestId("export-download").getAttribute("href")).toMatch(/^\/files\/exports\/[\w-]+\/[\w-]+\.xlsx\?expires=\d+&name=menu-center-en\.xlsx&signature=/);

    const [pdf] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), panel.getByTestId("export-pdf").click()]);
    expect(pdf.suggestedFilename()).toBe("menu-center-en.pdf");
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString()).toBe("%PDF-");
    await pdf.saveAs("test-results/menu-export/menu-center-en.pdf"); // to look at
  });
});
