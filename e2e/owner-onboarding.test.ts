/// <reference lib="dom" />
/**
 * Issue 33 in the browser, points 2, 3, 6 and 7: registration proposes URL names from the names
 * typed and the next free variant of a taken one; tables are added in bulk (all or nothing) and the
 * cards of chosen tables are printed; the print page loads the logo and prints what the PDF holds;
 * prices and payer numbers say what is wrong, and the English screens show no Russian. axe-core on
 * each screen; screenshots at 390 and 1280 px in ru and en go to test-results/.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SCAN_LINE } from "@menu/core/shared/table-card-words";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo } from "./demo";
import { signInAs } from "./sign-in";
import { registeredOwner, staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";
import { pdfText } from "./pdf";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();
const admin = "/demo/center/admin-panel";
type Locale = "ru" | "en";

async function open(path: string, { locale, width }: { locale: Locale; width: number }) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + path);
  return { page, errors };
}

/** The demo owner, signed in once; `as` then picks the interface language and the width. */
async function owner() {
  const { page, errors } = await open("/login", { locale: "ru", width: 1280 });
  await signInAs(page, "company_manager");
  return { page, errors, as: (locale: Locale, width = 1280) => as(page, locale, width) };
}

/**
 * Picks the interface language in the header (at 1280 px: phones have it in the avatar menu), then
 * the width. It becomes the owner's own language, so the tests set ru back.
 */
async function as(page: Page, locale: Locale, width: number) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const html = () => page.evaluate(() => document.documentElement.lang);
  const saved = async () => ((await (await page.request.get(`${base}/api/me`)).json()) as { ui_locale: string }).ui_locale;
  // The page starts in the cookie's language, then takes the owner's own: the pick comes after, as a
  // person's would. The header may still be settling after the resize: a lost click is made again.
  await expect.poll(html).toBe(await saved());
  const choice = page.locator(`.staff-header__lang button[lang="${locale}"]`);
  await expect
    .poll(async () => {
      if ((await choice.getAttribute("aria-pressed")) !== "true") await choice.click();
      return html();
    })
    .toBe(locale);
  await expect.poll(saved).toBe(locale);
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}

// The demo owner's own language is ru for the files that follow, even after a failure here.
afterAll(async () => {
  const { email, password } = demo().logins.find((l) => l.role === "company_manager")!;
  const { send } = await staffApi(base, email, password);
  expect((await send("PATCH", "/api/me", { ui_locale: "ru" })).ok).toBe(true);
});

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: join(ARTIFACTS, `issue33-${name}.png`), fullPage });
const shot50 = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `issue50-${name}.png`) });

/**
 * The interface's own words on the screen (labels, hints, messages, headings, buttons), without
 * the venue's data (table names in rows, the card sheet, the header's venue): what must not be
 * Russian in the English interface.
 */
const interfaceText = (page: Page, scope: "page" | "dialog" = "page") =>
  page.evaluate((scope) => {
    const inDialog = "dialog label, dialog .field__hint, dialog .field__error, dialog footer button";
    const own = scope === "dialog" ? inDialog : `main label, main .field__hint, main .field__error, main .field__status, main h1, main h2, main th, main .page-head__lead, main button, ${inDialog}, dialog h2`;
    const data = "td, .print-sheet, .tables-bulk__preview";
    return [...document.querySelectorAll<HTMLElement>(own)].filter((el) => !el.closest(data)).map((el) => el.innerText.trim()).filter(Boolean);
  }, scope);
const russianIn = (texts: string[]) => texts.filter((t) => /[\u0400-\u04FF]/.test(t));

describe("registration proposes URL names (point 2)", () => {
  it("from the names typed (transliterated), the next free variant of a taken one; the owner's own edit is kept", async () => {
    const { page, errors } = await open("/register/organization", { locale: "ru", width: 390 });
    const company = page.locator('input[name="company_url_key"]');
    const store = page.locator('input[name="store_url_key"]');
    const field = (name: string) => page.locator(`.field:has(input[name="${name}"])`);
    // "Демо" gives "demo", which the demo company has: the form takes the next free variant (-2, -3…).
    await page.locator('input[name="company_name"]').fill("Демо");
    await expect.poll(() => company.inputValue()).toMatch(/^demo-\d+$/);
    const suggested = await company.inputValue();
    await expect.poll(() => field("company_url_key").innerText()).toContain("Свободно");
    expect(await field("company_url_key").innerText()).toContain("Из названия латинскими буквами — можно изменить");
    // Words every venue shares are left out ("кафе", "на"); the others are joined by hyphens.
    await page.locator('input[name="store_name"]').fill("Кафе «Щука» на Немиге");
    await expect.poll(() => store.inputValue()).toBe("shchuka-nemige");

    // The owner's own URL name is theirs: a taken one is not replaced, the variant is offered instead.
    await company.fill("demo");
    await field("company_url_key").getByText("Такое URL-имя компании уже занято").waitFor();
    expect(await company.inputValue()).toBe("demo");
    await page.locator('input[name="company_name"]').fill("Демо кафе");
    expect(await company.inputValue()).toBe("demo");
    await shot(page, "register-taken-ru-390");
    await field("company_url_key").getByRole("button", { name: `Взять «${suggested}»` }).click();
    await expect.poll(() => company.inputValue()).toBe(suggested);
    await expect.poll(() => field("company_url_key").innerText()).toContain("Свободно");
    expect(await axeViolations(page, { include: "form" })).toEqual([]);
    await shot(page, "register-suggested-ru-390");

    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill("Registered-pass-33");
    await page.locator('input[name="password_confirmation"]').fill("Registered-pass-33");
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId("registration-done").waitFor();
    const cs = await (await page.request.get(`${base}/api/cs-object?companyKey=${suggested}&storeKey=shchuka-nemige`)).json();
    expect(cs).toMatchObject({ company_url_key: suggested, store_url_key: "shchuka-nemige" });
    expect(errors).toEqual([]);
  });

  it("in English too, with no Russian in the form's words", async () => {
    const { page, errors } = await open("/register/organization", { locale: "en", width: 1280 });
    await page.locator('input[name="company_name"]').fill("Кофейня «Ёжик» у парка");
    await expect.poll(() => page.locator('input[name="company_url_key"]').inputValue()).toBe("ezhik-parka");
    await page.locator('input[name="store_name"]').fill("The Café Zoë");
    await expect.poll(() => page.locator('input[name="store_url_key"]').inputValue()).toBe("zoe");
    await page.locator('.field:has(input[name="company_url_key"])').getByText("Available").waitFor();
    await page.locator('.field:has(input[name="company_url_key"])').getByText("Made from the name in Latin letters — you can change it").waitFor();
    expect(russianIn(await interfaceText(page))).toEqual([]);
    expect(await axeViolations(page, { include: "form" })).toEqual([]);
    await shot(page, "register-suggested-en-1280");
    const small = await open("/register/organization", { locale: "en", width: 390 });
    await small.page.locator('input[name="company_name"]').fill("Демо");
    await expect.poll(() => small.page.locator('input[name="company_url_key"]').inputValue()).toMatch(/^demo-\d+$/);
    await shot(small.page, "register-suggested-en-390");
    const wide = await open("/register/organization", { locale: "ru", width: 1280 });
    await wide.page.locator('input[name="company_name"]').fill("Демо");
    await expect.poll(() => wide.page.locator('input[name="company_url_key"]').inputValue()).toMatch(/^demo-\d+$/);
    await shot(wide.page, "register-suggested-ru-1280");
    expect(errors).toEqual([]);
  });
});

describe("registration can open the menu at once (issue 50, point 8)", () => {
  it("the box under the 3 days' note, ticked from the keyboard, registers a store open to guests with its trial started", async () => {
    const { page, errors } = await open("/register/organization", { locale: "ru", width: 390 });
    const key = `open${randomUUID().replace(/[^a-f]/g, "").slice(0, 10)}`;
    await page.locator('input[name="company_name"]').fill("Открытое кафе");
    await page.locator('input[name="company_url_key"]').fill(key);
    await page.locator('input[name="store_name"]').fill("Центр");
    await page.locator('input[name="store_url_key"]').fill("center");
    await page.locator('input[name="email"]').fill(`${key}@example.com`);
    await page.locator('input[name="password"]').fill("Registered-pass-1");
    await page.locator('input[name="password_confirmation"]').fill("Registered-pass-1");
    const box = page.getByRole("checkbox", { name: "Открыть меню гостям сразу: 14 бесплатных дней начнутся сегодня" });
    expect(await box.isChecked()).toBe(false);
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(true);
    expect(await axeViolations(page, { include: "form" })).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "issue50-register-open-now-ru-390.png"), fullPage: true });
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId("registration-done").waitFor();
    // The first publish of the store says nothing hides it (a store in preparation says "preparation").
    const manifest = async () => {
      const res = await page.request.get(`${base}/m/${key}/center/manifest.json`);
      return res.ok() ? ((await res.json()) as { hidden?: string }).hidden ?? "open" : "unpublished";
    };
    await expect.poll(manifest, { timeout: 30_000 }).toBe("open");
    expect(errors).toEqual([]);
  });
});

describe("tables in bulk, chosen cards and the print page (points 3 and 6)", () => {
  it("adds a range all or nothing, prints the chosen tables' cards with the logo, as the PDF prints them", async () => {
    const { page, errors, as } = await owner();
    await as("ru", 1280);
    const notFound: string[] = [];
    page.on("response", (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname));
    await page.goto(`${base}${admin}/tables`);
    await page.getByTestId("tables-table").waitFor();
    const from = 3000 + Math.floor(Math.random() * 6000);
    // No "f": "ff" and "fi" become ligatures, which the PDF's text spells apart.
    const tag = randomUUID().replace(/[^a-e]/g, "").slice(0, 4);
    const pattern = `Терраса ${tag} {n}`;
    const name = (n: number) => pattern.replace("{n}", String(n));
    const ours = page.getByTestId("table-row").filter({ hasText: `Терраса ${tag} ` });

    // A range of five: first number and how many; the preview names the first and the last.
    await page.getByTestId("add-tables").click();
    const dialog = page.getByTestId("tables-bulk-dialog");
    await dialog.getByLabel(/^Первый номер/).fill(String(from));
    await dialog.getByLabel(/^Сколько столов/).fill("5");
    expect(await dialog.getByLabel(/^Последний номер/).inputValue()).toBe(String(from + 4));
    await dialog.getByLabel(/^Название/).fill("Терраса");
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText("Добавьте {n} туда, где стоит номер стола").waitFor();
    await dialog.getByLabel(/^Название/).fill(pattern);
    await expect.poll(() => dialog.getByTestId("tables-bulk-preview").innerText()).toBe(`5 столов: ${name(from)} … ${name(from + 4)}`);
    expect(await axeViolations(page, { include: "[data-testid=tables-bulk-dialog]" })).toEqual([]);
    await shot(page, "tables-bulk-dialog-ru-1280", false);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => ours.count()).toBe(5);

    // Overlapping a taken name: nothing is added, and the taken names are listed.
    await page.getByTestId("add-tables").click();
    await dialog.getByLabel(/^Первый номер/).fill(String(from + 3));
    await dialog.getByLabel(/^Последний номер/).fill(String(from + 7));
    await dialog.getByLabel(/^Название/).fill(pattern);
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText(`Такие названия уже есть: ${name(from + 3)}, ${name(from + 4)}. Ничего не добавлено.`).waitFor();
    await dialog.getByRole("button", { name: "Отмена" }).click();
    expect(await ours.count()).toBe(5);

    // Choose the five: their cards only, two A4 pages, printed and as PDF.
    for (let i = 0; i < 5; i++) await ours.nth(i).getByTestId("choose-table").check();
    await expect.poll(() => page.getByTestId("chosen-actions").innerText()).toContain("Выбрано: 5");
    expect(await axeViolations(page, { include: "main" })).toEqual([]);
    await shot(page, "tables-chosen-ru-1280");
    const pdfHref = await page.getByTestId("pdf-chosen").getAttribute("href");
    const ids = new URL(base + pdfHref!).searchParams.get("tableIds")!.split(",");
    expect(ids).toHaveLength(5);
    await page.getByTestId("print-chosen").click();
    await page.waitForURL((u) => u.pathname === `${admin}/tables/print` && u.searchParams.get("ids") === ids.join(","));
    await expect.poll(() => page.getByTestId("print-card").count()).toBe(5);

    // The logo loads from an absolute address (a relative one asked for …/tables/media/… and got 404).
    const logo = page.getByTestId("print-logo").first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await logo.getAttribute("src")).toMatch(/^\/media\//);
    expect(notFound).toEqual([]);
    await page.locator(".print-card__qr img").nth(4).waitFor();
    expect(await axeViolations(page, { include: "main" })).toEqual([]);
    await shot(page, "print-ru-1280");

    // The browser's print holds what the PDF holds, page by page.
    const printed = await pdfText(new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true })));
    const server = await pdfText(new Uint8Array(await (await page.request.get(base + pdfHref!)).body()));
    expect(printed).toHaveLength(2);
    expect(server).toHaveLength(2);
    const store = (await page.locator(".print-card__store").first().innerText()).trim();
    for (const [p, tables] of [[0, [0, 1, 2, 3]], [1, [4]]] as const) {
      for (const doc of [printed, server]) {
        for (const i of tables) for (const line of [name(from + i)]) expect(doc[p]).toContain(line);
        expect(doc[p]).toContain(store);
        expect(doc[p]).toContain(SCAN_LINE.ru);
        expect(doc[p]).toContain(SCAN_LINE.en);
      }
    }
    await page.emulateMedia({ media: "print" });
    await shot(page, "print-media-print-ru-1280");
    await page.emulateMedia({ media: "screen" });

    // Clean up, so reruns on the same data start clean.
    const { email, password } = demo().logins.find((l) => l.role === "company_manager")!;
    const api = await staffApi(base, email, password);
    const cs = (await (await api.request("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as { store_id: string };
    for (const id of ids) expect((await api.send("DELETE", `/api/tables/${id}?storeId=${cs.store_id}`, {})).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it("in English and on phones: the bulk dialog, the choice and the print page, with no Russian in the interface's words", async () => {
    const { page, errors, as } = await owner();
    for (const [locale, width] of [["en", 1280], ["en", 390], ["ru", 390]] as const) {
      await page.goto(`${base}${admin}/tables`);
      await as(locale, width);
      await page.getByTestId("tables-table").waitFor();
      await page.getByTestId("add-tables").click();
      const dialog = page.getByTestId("tables-bulk-dialog");
      await dialog.getByTestId("tables-bulk-preview").getByText(locale === "en" ? /^10 tables: Table \d+ … Table \d+$/ : /^10 столов: Стол \d+ … Стол \d+$/).waitFor();
      if (locale === "en") expect(russianIn(await interfaceText(page))).toEqual([]);
      expect(await axeViolations(page, { include: "[data-testid=tables-bulk-dialog]" })).toEqual([]);
      await shot(page, `tables-bulk-dialog-${locale}-${width}`, false);
      await dialog.getByRole("button", { name: locale === "en" ? "Cancel" : "Отмена" }).click();
      const rows = page.getByTestId("table-row");
      await rows.nth(0).getByTestId("choose-table").check();
      await rows.nth(1).getByTestId("choose-table").check();
      await page.getByTestId("chosen-actions").waitFor();
      if (locale === "en") expect(russianIn(await interfaceText(page))).toEqual([]);
      expect(await axeViolations(page, { include: "main" })).toEqual([]);
      await shot(page, `tables-chosen-${locale}-${width}`);
      await page.getByTestId("print-chosen").click();
      await page.waitForURL((u) => u.pathname === `${admin}/tables/print`);
      await expect.poll(() => page.getByTestId("print-card").count()).toBe(2);
      await expect.poll(() => page.getByTestId("print-logo").first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      if (locale === "en") expect(russianIn(await interfaceText(page))).toEqual([]);
      expect(await axeViolations(page, { include: "main" })).toEqual([]);
      await shot(page, `print-${locale}-${width}`);
    }
    expect(errors).toEqual([]);
  });
});

describe("messages that say what is wrong (point 7)", () => {
  it("prices in the item form and the payer number, in ru and en; the English screens have no Russian words", async () => {
    const { page, errors, as } = await owner();
    for (const locale of ["ru", "en"] as const) {
      await as(locale, 1280);
      const say = (ru: string, en: string) => (locale === "ru" ? ru : en);
      const cs = (await (await page.request.get(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).json()) as { store_id: string };
      const categories = (await (await page.request.get(`${base}/api/categories?storeId=${cs.store_id}&section=kitchen`)).json()) as { id: string; parent_id: string }[];
      const leaf = categories.find((c) => !categories.some((x) => x.parent_id === c.id))!;
      await page.goto(`${base}${admin}/kitchen/${leaf.id}`);
      await page.getByTestId("add-item").click();
      const dialog = page.getByTestId("item-dialog");
      const row = dialog.getByTestId("portion-row").nth(0);
      const error = (field: string) => row.locator(`.field:has(input[name="portions.0.${field}"]) .field__error`);
      await dialog.getByLabel(/^(Название|Title)/).fill("Борщ");
      for (const [field, value, ru, en] of [
        ["price", "12.345", "Не больше 2 знаков после запятой", "At most 2 decimal places"],
        ["price", "99999999999999", "Не больше 9 999 999,99", "At most 9,999,999.99"],
        ["weight", "0,1234", "Не больше 3 знаков после запятой", "At most 3 decimal places"],
      ] as const) {
        await row.getByLabel(/^(Вес|Weight)/).fill(field === "weight" ? value : "300");
        await row.getByLabel(/^(Цена|Price)/).fill(field === "price" ? value : "9.50");
        await dialog.locator('button[type="submit"]').click();
        await expect.poll(async () => (await error(field).innerText()).replace(/\u00A0|\u202F/g, " ")).toBe(say(ru, en));
      }
      // The dialog's own words (its title names the venue's category, in Russian).
      if (locale === "en") expect(russianIn(await interfaceText(page, "dialog"))).toEqual([]);
      // The message is read where the owner sees it: on the portion's tinted surface, not under the footer.
      await error("weight").scrollIntoViewIfNeeded();
      expect(await axeViolations(page, { include: "[data-testid=item-dialog]" })).toEqual([]);
      await shot(page, `item-price-${locale}-1280`, false);
      await dialog.getByRole("button", { name: say("Отмена", "Cancel") }).click();

      await page.goto(`${base}${admin}/subscription/requisites`);
      const form = page.getByTestId("requisites-form");
      await form.waitFor();
      const vat = form.locator('input[name="vat_number"]');
      const vatError = form.locator('.field:has(input[name="vat_number"]) .field__error');
      await vat.fill("12345");
      await vat.blur();
      await expect.poll(() => vatError.innerText()).toBe(say("9 цифр, первая — от 1 до 7", "9 digits, the first from 1 to 7"));
      await vat.fill("190000001");
      await expect.poll(() => vatError.innerText()).toBe(say("Контрольная цифра не совпадает", "Checksum does not match"));
      if (locale === "en") expect(russianIn(await interfaceText(page))).toEqual([]);
      expect(await axeViolations(page, { include: "[data-testid=requisites-form]" })).toEqual([]);
      await shot(page, `requisites-${locale}-1280`);
    }
    // Back to the owner's own language, for the tests that follow.
    await as("ru", 1280);
    expect(errors).toEqual([]);
  });
});

describe("the way in, smoother (issue 50, point 8)", () => {
  it("the new-store dialog suggests a URL name as registration does; the copy link needs another store's menu; the guest view starts off", async () => {
    const key = "w" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
    const { email, password, api } = await registeredOwner(base, key);
    const cs = (await (await api.request(`/api/cs-object?companyKey=${key}&storeKey=main&scope=owned`)).json()) as { store_id: string };
    // The store says its city: a taken store URL name is offered with it.
    const settings = (await (await api.request(`/api/store-settings?storeId=${cs.store_id}`)).json()) as Record<string, unknown>;
    expect((await api.send("PUT", "/api/store-settings", { ...settings, storeId: cs.store_id, address: "г. Минск, ул. Немига 5" })).status).toBe(200);

    const { page, errors } = await open("/login", { locale: "ru", width: 1280 });
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/${key}/main/admin-panel`);
    await page.getByTestId("welcome-dialog").getByRole("button", { name: "Начать" }).click();
    const kitchen = async (store: string) => {
      const stores = page.waitForResponse((r) => r.url().includes("/api/stores?"));
      await page.goto(`${base}/${key}/${store}/admin-panel/kitchen`);
      await stores;
      await page.getByTestId("categories-empty").or(page.locator(".categories-layout")).first().waitFor();
    };
    // One store: nothing to copy from.
    await kitchen("main");
    expect(await page.getByTestId("menu-copy-open").count()).toBe(0);

    // "Кафе Main": the filler word goes, "main" is taken, the city's variant is taken in its place.
    await page.goto(`${base}/${key}/main/admin-panel/settings/stores`);
    await page.getByTestId("new-store").click();
    const dialog = page.getByTestId("new-store-dialog");
    const url = dialog.locator('input[name="url_key"]');
    await dialog.locator('input[name="name"]').fill("Кафе Main");
    await expect.poll(() => url.inputValue()).toBe("main-minsk");
    await dialog.getByText("Свободно").waitFor();
    expect(await dialog.innerText()).toContain("Из названия латинскими буквами — можно изменить");
    expect(await axeViolations(page, { include: "[data-testid=new-store-dialog]" })).toEqual([]);
    await shot50(page, "new-store-ru-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot50(page, "new-store-ru-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    // The owner's own URL name is kept while the name changes.
    await url.fill("terrasa");
    await dialog.locator('input[name="name"]').fill("Кафе Терраса");
    expect(await url.inputValue()).toBe("terrasa");
    await url.fill("");
    await dialog.locator('input[name="name"]').fill("Кафе Main");
    await expect.poll(() => url.inputValue()).toBe("main-minsk");
    await dialog.getByText("Свободно").waitFor();
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("store-row").filter({ hasText: "/main-minsk" }).waitFor();

    // Two stores, neither with a menu: still nothing to copy. Once main has a dish, main-minsk offers it.
    await kitchen("main-minsk");
    expect(await page.getByTestId("menu-copy-open").count()).toBe(0);
    const category = (await (await api.send("POST", "/api/categories", { store_id: cs.store_id, section: "kitchen", name: "Супы" })).json()) as { id: string };
    const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
    expect((await api.send("POST", "/api/items", { store_id: cs.store_id, category_id: category.id, title: "Борщ", description: "", visible: true, portions: [portion] })).status).toBe(201);
    await kitchen("main-minsk");
    await page.getByTestId("menu-copy-open").first().waitFor();
    await kitchen("main");
    expect(await page.getByTestId("menu-copy-open").count()).toBe(0);

    // "As guests see it" is off: the new owner has the editing tools (add, quick actions).
    await page.goto(`${base}/${key}/main/admin-panel/kitchen/${category.id}`);
    const guestView = page.getByRole("switch", { name: "Как видят гости" });
    await guestView.waitFor({ state: "attached" });
    expect(await guestView.isChecked()).toBe(false);
    await page.getByTestId("add-item").waitFor();
    await page.getByTestId("admin-item").getByTestId("select-item").waitFor();
    // The checkbox is drawn as a switch: a person clicks its label.
    const toggle = page.locator("label.ma-switch", { hasText: "Как видят гости" });
    await toggle.click();
    await expect.poll(() => page.getByTestId("add-item").count()).toBe(0);
    expect(await page.getByTestId("select-item").count()).toBe(0);
    await page.reload();
    await guestView.waitFor({ state: "attached" });
    expect(await guestView.isChecked()).toBe(true);
    await toggle.click();
    await page.getByTestId("add-item").waitFor();

    // In English: the dialog's words and its shots.
    expect((await api.send("PATCH", "/api/me", { ui_locale: "en" })).ok).toBe(true);
    await page.goto(`${base}/${key}/main/admin-panel/settings/stores`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByTestId("new-store").click();
    await dialog.locator('input[name="name"]').fill("The Main Bar");
    await expect.poll(() => url.inputValue()).toBe("main-2");
    await dialog.getByText("Available").waitFor();
    expect(russianIn(await interfaceText(page, "dialog"))).toEqual([]);
    expect(await axeViolations(page, { include: "[data-testid=new-store-dialog]" })).toEqual([]);
    await shot50(page, "new-store-en-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot50(page, "new-store-en-390");
    expect(errors).toEqual([]);
  });
});
