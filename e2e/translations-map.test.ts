/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { demo } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const mapPath = "/demo/center/admin-panel/settings/translations-map";

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

/** The demo owner, signed in (their interface language wins after sign-in: texts are matched in ru or en). */
async function signedIn(width: number, locale = "en") {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return page;
}

/**
 * The axe rules this page could break, checked in the page (label, button-name, link-name,
 * image-alt, duplicate-id-aria, aria-valid-attr-value for id references, html-has-lang,
 * aria-progressbar-name, empty-heading).
 */
const a11yProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      return getComputedStyle(el).visibility !== "hidden" && (box.width > 0 || box.height > 0);
    };
    const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
    const named = (el: Element) =>
      !!el.getAttribute("aria-label")?.trim() ||
      !!el.getAttribute("aria-labelledby")?.split(/\s+/).some((id) => text(document.getElementById(id) ?? document.createElement("i"))) ||
      !!el.getAttribute("title")?.trim();
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}`;
    if (!document.documentElement.lang) problems.push("html-has-lang");
    document.querySelectorAll("input:not([type=hidden]), select, textarea, progress").forEach((el) => {
      if (!visible(el)) return;
      const labels = (el as HTMLInputElement).labels;
      if (!named(el) && !(labels && [...labels].some((l) => text(l)))) problems.push(`label: ${describe(el)}`);
    });
    document.querySelectorAll("button, [role=button]").forEach((el) => {
      if (visible(el) && !text(el) && !named(el)) problems.push(`button-name: ${describe(el)}`);
    });
    document.querySelectorAll("a[href]").forEach((el) => {
      if (visible(el) && !text(el) && !named(el) && !el.querySelector("img[alt]:not([alt=''])")) problems.push(`link-name: ${describe(el)}`);
    });
    document.querySelectorAll("img").forEach((el) => {
      if (!el.hasAttribute("alt")) problems.push(`image-alt: ${describe(el)}`);
    });
    const ids = new Map<string, number>();
    document.querySelectorAll("[id]").forEach((el) => ids.set(el.id, (ids.get(el.id) ?? 0) + 1));
    for (const [id, n] of ids) if (n > 1) problems.push(`duplicate-id: ${id}`);
    // As axe: rendered elements only; an id list needs one existing id; a collapsed control may point at what is not rendered yet.
    document.querySelectorAll("[aria-labelledby], [aria-describedby], [aria-controls]").forEach((el) => {
      if (!visible(el)) return;
      for (const attr of ["aria-labelledby", "aria-describedby", "aria-controls"]) {
        const ids = el.getAttribute(attr)?.split(/\s+/).filter(Boolean) ?? [];
        if (attr === "aria-controls" && el.getAttribute("aria-expanded") === "false") continue;
        if (ids.length && !ids.some((id) => document.getElementById(id))) problems.push(`aria-valid-attr-value: ${describe(el)} ${attr}=${ids.join(" ")}`);
      }
    });
    document.querySelectorAll("h1, h2, h3, h4").forEach((el) => {
      if (visible(el) && !text(el)) problems.push(`empty-heading: ${describe(el)}`);
    });
    document.querySelectorAll("[lang]").forEach((el) => {
      if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/.test(el.getAttribute("lang")!)) problems.push(`valid-lang: ${describe(el)}`);
    });
    return problems;
  });

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await a11yProblems(page)).toEqual([]);
}

const abbreviations = (page: Page) => page.getByTestId("glossary-row").evaluateAll((els) => els.map((e) => e.getAttribute("data-abbreviation")));
const row = (page: Page, abbreviation: string) => page.locator(`[data-testid="glossary-row"][data-abbreviation="${abbreviation}"]`);

type Job = { target_id: string; status: string };

/**
 * An item of the test's own whose description uses "с/м", machine-translated (through the fake
 * engine) into every language of the store: what a glossary change makes out of date. The demo's
 * own translations are hand-made and never count. Answers a function that deletes it.
 */
async function machineTranslatedItem(page: Page) {
  const api = page.request;
  const { csrfToken } = (await (await api.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const headers = { "x-csrf-token": csrfToken };
  const { store_id } = (await (await api.get(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).json()) as { store_id: string };
  const categories = (await (await api.get(`${base}/api/categories?storeId=${store_id}&section=kitchen`)).json()) as { id: string; parent_id?: string }[];
  const leaf = categories.find((c) => !categories.some((x) => x.parent_id === c.id))!;
  const res = await api.post(`${base}/api/items`, {
    headers,
    data: {
      store_id,
      category_id: leaf.id,
      title: "Креветки на гриле",
      description: JSON.stringify({ ops: [{ insert: "креветки с/м, чеснок, лимон\n" }] }),
      portions: [{ weight: "200", unit: "g", price: "15.00", currency: "BYN" }],
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const jobs = async () => ((await (await api.get(`${base}/api/translations?storeId=${store_id}`)).json()) as { jobs: Job[] }).jobs.filter((j) => j.target_id === id);
  await expect.poll(async () => (await jobs()).length > 0 && (await jobs()).every((j) => j.status === "completed"), { timeout: 60_000 }).toBe(true);
  return async () => {
    const deleted = await api.post(`${base}/api/items/bulk`, { headers, data: { store_id, action: "delete", item_ids: [id] } });
    expect(deleted.ok()).toBe(true);
  };
}

/** Opens the add dialog from the keyboard and submits it with Enter. */
async function addWithKeyboard(page: Page, abbreviation: string, fullForm: string) {
  await page.getByTestId("glossary-add").focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("glossary-dialog");
  await dialog.waitFor();
  // The abbreviation field has the focus.
  await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("abbreviation");
  await page.keyboard.type(abbreviation);
  await page.keyboard.press("Tab");
  await page.keyboard.type(fullForm);
  await page.keyboard.press("Enter");
  return dialog;
}

describe("settings/translations-map", () => {
  it("keeps the glossary (add, search, edit, a duplicate refused, delete with confirmation) and shows the translation engine", async () => {
    const page = await signedIn(1280);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The settings tabs lead to the page.
    await page.goto(`${base}/demo/center/admin-panel/settings/store`);
    await page.getByTestId("settings-tabs").getByRole("link", { name: /^(Translations map|Словарь сокращений и переводы)$/ }).click();
    await page.waitForURL(`${base}${mapPath}`);
    await page.getByTestId("glossary-row").first().waitFor();
    // The demo glossary, sorted.
    expect(await abbreviations(page)).toEqual(expect.arrayContaining(["с/м", "б/к", "б/а", "в ассорт."]));

    // The panel: the runtime translates through (a fake) LibreTranslate.
    const engine = page.getByTestId("translation-engine");
    await engine.waitFor();
    expect(await engine.getAttribute("data-engine")).toBe("libretranslate");
    expect(await engine.textContent()).toMatch(/LibreTranslate/);
    expect(await page.getByTestId("translation-languages").locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("translation-usage").textContent()).toMatch(/\d.*(of|из).*\d.*(characters|символ)/);
    await expectAccessible(page);

    // Delete with confirmation: cancel keeps it, confirm removes it; a machine-translated item uses "с/м", so its translations are now out of date.
    const deleteItem = await machineTranslatedItem(page);
    await row(page, "с/м").getByTestId("glossary-delete").click();
    const confirm = page.getByTestId("glossary-delete-dialog");
    await expect.poll(() => confirm.textContent()).toContain("свежемороженый");
    await confirm.getByRole("button", { name: /^(Cancel|Отмена)$/ }).click();
    await expect.poll(() => confirm.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await row(page, "с/м").count()).toBe(1);
    await row(page, "с/м").getByTestId("glossary-delete").click();
    await page.getByTestId("glossary-confirm-delete").click();
    await expect.poll(() => row(page, "с/м").count()).toBe(0);
    await page.getByText(/^(Abbreviation “с\/м” deleted|Сокращение «с\/м» удалено)$/).waitFor();
    const stale = page.getByTestId("glossary-stale");
    await stale.waitFor();
    expect(await page.getByTestId("glossary-retranslate").textContent()).toMatch(/^(Re-translate the affected items|Перевести затронутые заново) \([1-9]\d*\)$/);
    // Focus stays on the page's controls, not lost with the removed row.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("glossary-add");

    // Add "с/м" → "свежемороженый" (from the keyboard): listed, and the same pair again leaves nothing out of date.
    const dialog = await addWithKeyboard(page, "с/м", "свежемороженый");
    await expect.poll(() => row(page, "с/м").count()).toBe(1);
    expect(await row(page, "с/м").textContent()).toContain("свежемороженый");
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => stale.count()).toBe(0);

    // The form validates with the shared schema: an empty abbreviation is refused before anything is sent.
    await page.getByTestId("glossary-add").click();
    await dialog.waitFor();
    await dialog.locator('input[name="full_form"]').fill("что-нибудь");
    await dialog.locator('input[name="full_form"]').press("Enter");
    await expect.poll(() => dialog.locator(".field__error").first().textContent()).toMatch(/^(String cannot be empty|Строка не может быть пустой)$/);

    // A duplicate (in another case) is refused by the server under the field.
    await dialog.locator('input[name="abbreviation"]').fill("С/М");
    await dialog.locator('input[name="full_form"]').press("Enter");
    await expect.poll(() => dialog.locator(".field__error").first().textContent()).toMatch(/^(This abbreviation already exists|Такое сокращение уже есть)$/);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);

    // A pair of the test's own: found by either column, in any case, with ё and е alike.
    await addWithKeyboard(page, "тст.", "тестовое ёмкое сокращение");
    await expect.poll(() => row(page, "тст.").count()).toBe(1);
    const listed = (await abbreviations(page)).length;
    const search = page.getByTestId("glossary-search");
    await search.fill("ЕМКОЕ");
    await expect.poll(() => abbreviations(page)).toEqual(["тст."]);
    await search.fill("Б/К");
    await expect.poll(() => abbreviations(page)).toEqual(["б/к"]);
    await search.fill("нет такого");
    await page.getByTestId("glossary-no-match").waitFor();
    await search.press("Escape");
    await expect.poll(async () => (await abbreviations(page)).length).toBe(listed);

    // Edit.
    await row(page, "тст.").getByTestId("glossary-edit").click();
    await dialog.waitFor();
    expect(await dialog.locator('input[name="abbreviation"]').inputValue()).toBe("тст.");
    await dialog.locator('input[name="full_form"]').fill("тестовое сокращение, изменено");
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => row(page, "тст.").textContent()).toContain("тестовое сокращение, изменено");

    // Delete it again, with confirmation.
    await row(page, "тст.").getByTestId("glossary-delete").click();
    await page.getByTestId("glossary-confirm-delete").click();
    await expect.poll(() => row(page, "тст.").count()).toBe(0);
    expect(await abbreviations(page)).toEqual(expect.arrayContaining(["с/м", "б/к", "б/а", "в ассорт."]));
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await deleteItem();
  });

  it("fits a 390 px phone: no horizontal scroll, the pairs as cards, accessible", async () => {
    const page = await signedIn(390, "ru");
    await page.goto(`${base}${mapPath}`);
    await page.getByTestId("glossary-row").first().waitFor();
    await page.getByTestId("translation-engine").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Cards: the table's header is hidden and each pair is one block.
    expect(await page.getByTestId("glossary-table").locator("thead").evaluate((el) => getComputedStyle(el).display)).toBe("none");
    await expectAccessible(page);
    // The dialog fits too.
    await page.getByTestId("glossary-add").click();
    await page.getByTestId("glossary-dialog").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    const box = await page.getByTestId("glossary-dialog").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
