import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(path: string, locale?: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (locale) await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + path);
  return { page, errors };
}

describe("the SPA shell", () => {
  it("renders the home page in Russian by default, without errors", async () => {
    const { page, errors } = await open("/");
    await page.waitForSelector("h1");
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    expect(await page.locator("body").innerText()).toMatch(/[А-Яа-я]/);
    expect(errors).toEqual([]);
  });

  it("shows the translated 404 screen for an unknown page, with a link home that works", async () => {
    const { page } = await open("/no/such/page");
    const heading = page.getByTestId("not-found-heading");
    expect(await heading.innerText()).toBe("Страница не найдена");
    await page.getByRole("link", { name: "На главную" }).click();
    await page.waitForURL(base + "/");
    await page.waitForSelector("h1");
  });

  it("speaks English and Chinese when chosen", async () => {
    const en = await open("/no/such/page", "en");
    expect(await en.page.getByTestId("not-found-heading").innerText()).toBe("Page not found");
    const zh = await open("/no/such/page", "zh");
    expect(await zh.page.getByTestId("not-found-heading").innerText()).toBe("页面未找到");
  });
});
