/**
 * Issue 33, points 4 and 8: a new store's overview puts the setup checklist first, with the texts to
 * translate per menu language (every language of the trial is on) and a link to each language on the
 * translations page; a change's colour follows its meaning; every CSV control looks alike.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { signInAs } from "./sign-in";
import { registeredOwner } from "./staff-api";
import { engineControl, workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await engineControl("resume");
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

async function newPage(width: number, locale: "ru" | "en") {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  return context.newPage();
}

/** Is `a` before `b` in the page? */
const before = (page: Page, a: string, b: string) =>
  page.evaluate(([a, b]) => !!(document.querySelector(`[data-testid=${a}]`)!.compareDocumentPosition(document.querySelector(`[data-testid=${b}]`)!) & Node.DOCUMENT_POSITION_FOLLOWING), [a, b]);

describe("a new owner's overview", () => {
  it("shows the checklist first with the texts to translate per language, each linking to that language", async () => {
    await engineControl("pause");
    const key = "v" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
    const { email, password, api } = await registeredOwner(base, key);
    const cs = (await (await api.request(`/api/cs-object?companyKey=${key}&storeKey=main&scope=owned`)).json()) as { store_id: string };
    const category = (await (await api.send("POST", "/api/categories", { store_id: cs.store_id, section: "kitchen", name: "Супы" })).json()) as { id: string };
    const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
    for (const title of ["Борщ", "Солянка"]) {
      expect((await api.send("POST", "/api/items", { store_id: cs.store_id, category_id: category.id, title, description: "", visible: true, portions: [portion] })).status).toBe(201);
    }
    // Arabic by hand for the category: one text fewer to translate into Arabic only.
    expect((await api.send("PUT", `/api/translations/Category/${category.id}/ar`, { store_id: cs.store_id, title: "شوربات" })).status).toBe(200);
    const perLanguage = async () => {
      const list = (await (await api.request(`/api/setup-checklist?storeId=${cs.store_id}`)).json()) as { steps: { id: string; languages?: { language: string; missing: number }[] }[] };
      return Object.fromEntries((list.steps.find((s) => s.id === "translations")!.languages ?? []).map((l) => [l.language, l.missing]));
    };
    // Every language of the trial is on; the facts worker counts the texts a few seconds later.
    await expect.poll(perLanguage).toEqual({ en: 3, zh: 3, ar: 2, tr: 3, fr: 3 });

    const page = await newPage(1280, "ru");
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/${key}/main/admin-panel`);
    await page.getByTestId("welcome-dialog").getByRole("button", { name: "Начать" }).click();
    const checklist = page.getByTestId("checklist");
    await expect.poll(() => checklist.getAttribute("data-complete")).toBe("false");
    await page.getByTestId("overview").waitFor();
    expect(await before(page, "checklist", "overview")).toBe(true);
    const line = (language: string) => checklist.getByTestId(`checklist-language-${language}`);
    expect(await line("ar").innerText()).toBe("Перевести на арабский: 2 текста");
    expect(await line("en").innerText()).toBe("Перевести на английский: 3 текста");
    expect(await checklist.getByTestId("checklist-translations").locator("[data-testid^=checklist-language-]").count()).toBe(5);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/owner-overview-ru-1280.png", fullPage: true });

    // The Arabic line opens the translations page on Arabic: its row marked and in view, in the
    // panel that has "translate everything missing".
    await line("ar").getByRole("link").click();
    await page.waitForURL(`${base}/${key}/main/admin-panel/settings/translations-map?lang=ar`);
    const row = page.locator("[data-testid=translation-languages] [data-language=ar]");
    await expect.poll(() => row.getAttribute("aria-current")).toBe("true");
    expect(await page.locator("[data-testid=translation-languages] [aria-current]").count()).toBe(1);
    expect(await row.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // English (the header's switch: a signed-in owner's own interface language wins over the
    // cookie) and a phone: the same lines in English, nothing wider than the screen.
    await page.goto(`${base}/${key}/main/admin-panel`);
    await page.locator('button[lang="en"]:visible').first().click();
    const english = checklist.getByTestId("checklist-language-ar");
    await expect.poll(() => english.innerText()).toBe("2 texts to translate into Arabic");
    expect(await checklist.getByTestId("checklist-language-zh").innerText()).toBe("3 texts to translate into Chinese");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/owner-overview-en-390.png", fullPage: true });
  });

  it("colours a change by its meaning, draws every CSV control alike and puts a complete checklist after the analytics", async () => {
    const page = await newPage(1280, "ru");
    await signInAs(page, "company_manager");
    await page.getByTestId("kpis").waitFor();
    await page.getByTestId("company-table").waitFor();
    await expect.poll(() => page.getByTestId("checklist").getAttribute("data-complete")).toBe("true");
    expect(await before(page, "overview", "checklist")).toBe(true);

    // Each badge's tone follows its direction and what the figure means: more searches that found
    // nothing is bad news (red), more views good news (green).
    const badges = await page.locator(".change").evaluateAll((els) =>
      els.map((el) => ({
        kind: ["up", "down", "new", "same", "none"].find((k) => el.classList.contains(`change--${k}`)),
        tone: el.getAttribute("data-tone"),
        worse: !!el.closest("[data-testid=kpi-search_misses], [data-testid=searches-table], td:nth-child(6)"),
        color: getComputedStyle(el).color,
      })),
    );
    expect(badges.length).toBeGreaterThan(5);
    for (const b of badges) {
      const good = b.kind === "down" ? b.worse : b.kind === "up" || b.kind === "new" ? !b.worse : undefined;
      expect([b, b.tone]).toEqual([b, good === undefined ? "neutral" : good ? "good" : "bad"]);
    }
    const colours = (tone: string) => new Set(badges.filter((b) => b.tone === tone).map((b) => b.color));
    // One red, one green, never the same.
    expect(colours("good").size).toBeLessThanOrEqual(1);
    expect(colours("bad").size).toBeLessThanOrEqual(1);
    expect([...colours("good")].some((c) => colours("bad").has(c))).toBe(false);

    // Every CSV control: the same look (class, size, colours, icon), the totals' one included.
    const looks = await page.locator("[data-testid^=csv-]").evaluateAll((els) =>
      els.map((el) => {
        const s = getComputedStyle(el);
        return {
          className: el.className,
          look: [s.height, s.fontSize, s.fontWeight, s.color, s.backgroundColor, s.borderTopWidth, s.borderTopColor, s.borderRadius, s.paddingLeft].join(" "),
          icon: !!el.querySelector("svg"),
          text: el.textContent,
        };
      }),
    );
    expect(looks.length).toBeGreaterThanOrEqual(8);
    expect(looks.map((l) => l.text)).toContain("CSV");
    expect(new Set(looks.map((l) => JSON.stringify({ ...l, text: undefined }))).size).toBe(1);
    expect(looks[0]!.icon).toBe(true);
    expect(await axeViolations(page, { include: "[data-testid=overview]" })).toEqual([]);
    await page.screenshot({ path: "test-results/owner-overview-demo-ru-1280.png", fullPage: true });
  });
});
