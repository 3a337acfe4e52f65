/// <reference lib="dom" />
/**
 * Less clutter in the admin panel (issue 33, point 9): a card's and a category's translations are
 * one "3/5" chip whose details open on demand (keyboard, Escape back to the chip, each language's
 * editor one press away); the bulk bar comes with the first selected card; on a phone the
 * interface language is switched from the header. Screenshots at 390 and 1280 px in ru and en.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo } from "./demo";
import { signInAs } from "./sign-in";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

type Category = { id: string; parent_id: string; visible: boolean };
type Item = { id: string; title: string; translations: Record<string, { title?: string; description?: string } | undefined> };

/** The demo owner's interface language is stored with the user: ru before and after (other files expect it). */
const ownerLocale = async (locale: "ru" | "en") => {
  const { email, password } = demo().logins.find((l) => l.role === "company_manager")!;
  const { send } = await staffApi(base, email, password);
  expect((await send("PATCH", "/api/me", { ui_locale: locale })).ok).toBe(true);
};
beforeAll(() => ownerLocale("ru"));
afterAll(() => ownerLocale("ru"));

async function ownerPage(width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, hasTouch: width < 600 });
  const page = await context.newPage();
  await signInAs(page, "company_manager");
  return page;
}

const json = async <T,>(page: Page, path: string) => (await (await page.request.get(base + path)).json()) as T;
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `less-clutter-${name}.png`), fullPage: false });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** A kitchen category with items and no subcategories, its items and the store's menu languages. */
async function leafCategory(page: Page) {
  const cs = await json<{ store_id: string }>(page, "/api/cs-object?companyKey=demo&storeKey=center&scope=owned");
  const categories = await json<Category[]>(page, `/api/categories?storeId=${cs.store_id}&section=kitchen`);
  const { languages } = await json<{ languages: string[] }>(page, `/api/translations?storeId=${cs.store_id}`);
  for (const c of categories.filter((c) => c.visible && !categories.some((x) => x.parent_id === c.id))) {
    const { items } = await json<{ items: Item[] }>(page, `/api/items?storeId=${cs.store_id}&categoryId=${c.id}`);
    if (items.length >= 2) return { category: c, items, languages };
  }
  throw new Error("no demo category with two items");
}

describe("less clutter in the admin panel", () => {
  it("shows a card's translations as one chip with keyboard-operable details, and the bulk bar only with a selection", async () => {
    const page = await ownerPage(1280);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const { category, items, languages } = await leafCategory(page);
    expect(languages.length).toBeGreaterThan(1);
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${category.id}`);
    await page.getByTestId("admin-items").waitFor();

    // The first demo item: as many languages done as it has translated texts, out of the store's languages.
    const item = items[0]!;
    const done = languages.filter((l) => item.translations[l]?.title || item.translations[l]?.description).length;
    expect(done).toBeGreaterThan(0);
    const card = page.locator(`[data-testid=admin-item][data-item-id="${item.id}"]`);
    const chip = card.getByTestId("translation-chip-button");
    await expect.poll(() => chip.innerText()).toMatch(new RegExp(`${done}/${languages.length}$`));
    expect(await chip.getAttribute("aria-label")).toMatch(new RegExp(`^(Переводы|Translations): ${done}/${languages.length}$`));
    // No per-language badges on view: the details are closed.
    expect(await page.locator("[data-testid=translation-badge]:visible").count()).toBe(0);
    expect(await page.locator("[data-testid=category-row] [data-testid=translation-chip]").count()).toBeGreaterThan(0);

    // Bulk bar: absent with nothing selected ("select all" stays), there with one card selected, gone again when cleared.
    expect(await page.getByTestId("bulk-bar").count()).toBe(0);
    await page.getByTestId("select-all").waitFor();
    await card.getByTestId("select-item").check();
    await expect.poll(() => page.getByTestId("bulk-bar").innerText()).toMatch(/(Выбрано|Selected): 1/);
    expect(await page.getByTestId("bulk-bar").getByTestId("bulk-hide").isVisible()).toBe(true);
    await card.getByTestId("select-item").uncheck();
    await expect.poll(() => page.getByTestId("bulk-bar").count()).toBe(0);

    // The chip with the keyboard: Enter opens the details (each language, its state, an edit button), Escape closes and returns focus.
    await chip.focus();
    await page.keyboard.press("Enter");
    const details = card.getByTestId("translation-details");
    await details.waitFor();
    expect(await chip.getAttribute("aria-expanded")).toBe("true");
    expect(await details.getByTestId("translation-badge").count()).toBe(languages.length);
    expect(await details.getByTestId("chip-edit-translation").count()).toBe(languages.length);
    expect(await axeViolations(page, { include: "[data-testid=category-content]" })).toEqual([]);
    await shot(page, "chip-1280-ru");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("chip-edit-translation");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("translation-chip-button");
    expect(await chip.getAttribute("aria-expanded")).toBe("false");

    // A language's edit button opens the item's dialog on its translation editor (the existing way to edit it).
    const lang = languages[0]!;
    await page.keyboard.press("Space");
    await details.locator(`[data-testid=chip-edit-translation][data-lang=${lang}]`).press("Enter");
    const dialog = page.getByTestId("item-dialog");
    await dialog.locator(`[data-testid=translation-language][data-lang=${lang}] [data-testid=translation-editor]`).waitFor();
    expect(await dialog.getByTestId("tab-translations").getAttribute("aria-selected")).toBe("true");
    await dialog.getByRole("button", { name: /^(Закрыть|Close)$/ }).last().click();
    await dialog.waitFor({ state: "detached" });

    // A category's chip: beside its link (a button is not put inside a link), details under the row.
    const row = page.locator(`[data-testid=category-row][data-category-id="${category.id}"]`);
    await row.getByTestId("translation-chip-button").click();
    await row.getByTestId("translation-details").waitFor();
    expect(await axeViolations(page, { include: "[data-testid=category-panel]" })).toEqual([]);
    expect(await row.locator("a [data-testid=translation-chip]").count()).toBe(0);
    await page.keyboard.press("Escape");
    await row.getByTestId("translation-details").waitFor({ state: "hidden" });

    // The same screen in English, switched with the header's switch (wide screen).
    await page.locator(".staff-header__lang").getByRole("button", { name: /^EN/ }).click();
    await expect.poll(() => htmlLang(page)).toBe("en");
    await chip.click();
    await details.waitFor();
    await expect.poll(() => chip.getAttribute("aria-label")).toBe(`Translations: ${done}/${languages.length}`);
    await card.getByTestId("select-item").check();
    await page.getByTestId("bulk-bar").waitFor();
    expect(await axeViolations(page, { include: "[data-testid=category-content]" })).toEqual([]);
    await shot(page, "chip-1280-en");
    await card.getByTestId("select-item").uncheck();
    expect(errors).toEqual([]);
  });

  it("keeps a language picked before the signed-in part of the app has loaded, and saves it as the owner's own", async () => {
    await ownerLocale("ru");
    const page = await ownerPage(1280);
    // The lazy chunk that applies and saves the user's language is held back until the pick is made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/signed-in-effects-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/demo/center/admin-panel`);
    await page.locator(".staff-header__lang").getByRole("button", { name: /^EN/ }).click();
    await expect.poll(() => htmlLang(page)).toBe("en");
    release();
    await expect.poll(async () => (await json<{ ui_locale: string }>(page, "/api/me")).ui_locale).toBe("en");
    expect(await htmlLang(page)).toBe("en");
    await page.reload();
    await expect.poll(() => htmlLang(page)).toBe("en");
    await ownerLocale("ru");
  });

  it("switches the interface language from the header on a phone, without sideways scrolling at 320 px", async () => {
    await ownerLocale("ru");
    const page = await ownerPage(390);
    const { category } = await leafCategory(page);
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${category.id}`);
    await page.getByTestId("admin-items").waitFor();
    await expect.poll(() => htmlLang(page)).toBe("ru");
    // The wide switch is hidden on a phone; the header's language button is there instead.
    expect(await page.locator(".staff-header__lang").isVisible()).toBe(false);
    const button = page.getByTestId("header-language");
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-label")).toBe("Язык интерфейса: RU");
    await page.getByTestId("admin-item").first().getByTestId("translation-chip-button").click();
    expect(await axeViolations(page, { include: "header" })).toEqual([]);
    await shot(page, "phone-390-ru");

    // Keyboard: Enter opens the choice, Escape closes it and returns focus.
    await button.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("header-language-panel");
    await panel.waitFor();
    expect(await axeViolations(page, { include: "header" })).toEqual([]);
    await shot(page, "phone-390-ru-language");
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("header-language");

    // English from the header: the interface switches, the choice is stored with the user, the panel closes.
    await button.click();
    await panel.getByRole("button", { name: /^EN/ }).click();
    await expect.poll(() => htmlLang(page)).toBe("en");
    await panel.waitFor({ state: "hidden" });
    await expect.poll(() => button.getAttribute("aria-label")).toBe("Interface language: EN");
    await expect.poll(async () => (await json<{ ui_locale: string }>(page, "/api/me")).ui_locale).toBe("en");
    await page.getByTestId("admin-item").first().getByTestId("translation-chip-button").click();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "phone-390-en");

    // At 320 px the header (language button included) fits without a sideways scroll.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    await shot(page, "phone-320-en");
  });
});
