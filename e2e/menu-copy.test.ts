/// <reference lib="dom" />
/**
 * Chains in the browser (issue 36, points 6 and 7): the demo company's owner opens a new store's
 * empty menu editor, copies demo/center's menu through the dialog (preview counts, then a summary,
 * and the menu shows it), then edits a copied dish with "Also apply to other stores" and demo/center's
 * guest menu shows the change. axe on the dialogs in ru and en; screenshots at 390 and 1280 px go
 * to test-results/. A runtime of its own: the test changes demo/center's menu.
 * Issue 46, point 4: a second tab plans the copy meanwhile, so the first tab's "Copy" shows that
 * plan with a notice (never an empty dialog), both tabs follow the copy to its summary, and the
 * overview opened again in the same tab shows the copied menu in its checklist at once, never the
 * answer it had before the copy.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo, publishedMenu } from "./demo";
import { copyOfTemplate, RUNTIME_START_MS, startRuntime, type Runtime } from "./runtime";
import { staffApi } from "./staff-api";

const browser = fileBrowser();
let runtime: Runtime;
let api: Awaited<ReturnType<typeof staffApi>>;
let center: { company_id: string; store_id: string };
let owner: { email: string; password: string };

beforeAll(async () => {
  runtime = await startRuntime(copyOfTemplate(inject("templateDir"), "menu-copy-"));
  owner = demo(runtime.dataDir).logins.find((l) => l.role === "company_manager")!;
  api = await staffApi(runtime.baseUrl, owner.email, owner.password);
  center = (await (await api.request("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as typeof center;
}, RUNTIME_START_MS + 30_000);

afterAll(async () => {
  if (!runtime) return;
  const kill = setTimeout(() => runtime.child.kill("SIGKILL"), 60_000);
  await runtime.stop();
  clearTimeout(kill);
  rmSync(runtime.dataDir, { recursive: true, force: true });
}, 90_000);

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `issue36-copy-${name}.png`), fullPage: true });
const dialogAxe = (page: Page) => axeViolations(page, { include: "[data-testid=menu-copy-dialog]" });

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${runtime.baseUrl}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${runtime.baseUrl}/demo/center/admin-panel`);
  return page;
}

/** Picks the interface language in the header (at 1280 px: the switcher is in the header there). */
async function inLanguage(page: Page, locale: "ru" | "en") {
  await page.setViewportSize({ width: 1280, height: 900 });
  const html = () => page.evaluate(() => document.documentElement.lang);
  if ((await html()) !== locale) {
    await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
    await expect.poll(html).toBe(locale);
  }
}

/** Opens the copy dialog on the page and previews demo/center. */
async function previewCenter(page: Page) {
  await page.getByTestId("menu-copy-open").first().click();
  const dialog = page.getByTestId("menu-copy-dialog");
  await dialog.getByTestId("menu-copy-source").selectOption(center.store_id);
  await dialog.getByTestId("menu-copy-preview").waitFor({ timeout: 60_000 });
  return dialog;
}

describe("copy a menu between stores", () => {
  it("copies demo/center into a new store through the dialog, and a dish changed once reaches center's guest menu", async () => {
    const created = await api.send("POST", "/api/stores", { company_id: center.company_id, name: "Copy E2E", url_key: "copy" });
    expect(created.status, await created.clone().text()).toBe(201);
    const copyStore = ((await created.json()) as { id: string }).id;
    const source = await publishedMenu("demo", "center", "ru", runtime.baseUrl);
    const kitchen = `${runtime.baseUrl}/demo/copy/admin-panel/kitchen`;

    // English first: the empty editor offers the copy; the preview counts what center brings.
    const en = await signedIn();
    await en.goto(kitchen);
    await en.getByTestId("categories-empty").waitFor();
    await inLanguage(en, "en");
    let dialog = await previewCenter(en);
    expect(await dialog.getByTestId("menu-copy-items").innerText()).toMatch(/^Items: \d+ \(new: \d+, already here: 0\)$/);
    expect(await dialogAxe(en)).toEqual([]);
    await shot(en, "preview-en-1280");
    await en.setViewportSize({ width: 390, height: 844 });
    await shot(en, "preview-en-390");
    await en.keyboard.press("Escape");
    await dialog.getByTestId("menu-copy-preview").waitFor({ state: "detached" });

    // Russian: the overview first (its checklist: no menu yet), then back to the menu by the checklist's link.
    const ru = en;
    await inLanguage(ru, "ru");
    await ru.locator(".admin-nav a").first().click();
    await ru.waitForURL(`${runtime.baseUrl}/demo/copy/admin-panel`);
    const menuStep = ru.getByTestId("checklist-menu");
    await expect.poll(() => menuStep.getAttribute("data-done")).toBe("false");
    expect(await menuStep.innerText()).toContain("Категорий: 0, позиций: 0");
    await ru.getByTestId("checklist-link-menu").click();
    await ru.getByTestId("categories-empty").waitFor();

    // The same dialog, then the copy with progress, the summary, and the menu shows it.
    dialog = await previewCenter(ru);
    expect(await dialog.getByTestId("menu-copy-items").innerText()).toMatch(/^Позиции: \d+ \(новых: \d+, уже есть: 0\)$/);
    expect(await dialogAxe(ru)).toEqual([]);
    await ru.setViewportSize({ width: 390, height: 844 });
    await shot(ru, "preview-ru-390");
    await ru.setViewportSize({ width: 1280, height: 900 });
    await shot(ru, "preview-ru-1280");
    // Meanwhile another tab plans the same copy: this tab's plan is no longer the latest. "Copy" here
    // shows that plan with a notice instead of a refusal or an empty dialog.
    const other = await signedIn();
    await other.goto(kitchen);
    await other.getByTestId("categories-empty").waitFor();
    const otherDialog = await previewCenter(other);
    await dialog.getByTestId("menu-copy-apply").click();
    await dialog.getByTestId("menu-copy-replaced").waitFor();
    await dialog.getByTestId("menu-copy-preview").waitFor();
    expect(await dialog.getByTestId("menu-copy-source").inputValue()).toBe(center.store_id);
    expect(await dialog.locator(".form-alert").count()).toBe(0);
    expect(await dialogAxe(ru)).toEqual([]);
    await shot(ru, "replaced-ru-1280");
    await dialog.getByTestId("menu-copy-apply").click();
    // The other tab planned it, this one started it: the other follows it to its summary too.
    await otherDialog.getByTestId("menu-copy-result").waitFor({ timeout: 300_000 });
    await other.context().close();
    // Done or refused: a refusal fails here with its message and the runtime's last words.
    await dialog.locator("[data-testid=menu-copy-result], .form-alert").first().waitFor({ timeout: 300_000 });
    const refusal = dialog.locator(".form-alert");
    expect(await refusal.count(), (await refusal.allInnerTexts()).join() + runtime.output().slice(-3000)).toBe(0);
    expect(await dialog.getByTestId("menu-copy-result").innerText()).toMatch(/^Готово: добавлено позиций — [1-9]\d*, обновлено — 0\.$/);
    expect(await dialogAxe(ru)).toEqual([]);
    await shot(ru, "result-ru-1280");
    await ru.keyboard.press("Escape");
    await expect.poll(() => ru.getByTestId("categories-empty").count()).toBe(0);
    await ru.locator(".categories-layout").waitFor();

    // Back on the overview (in the same tab, no reload): its checklist shows the copied menu from the
    // start, never the empty menu it showed before the copy.
    await ru.locator(".admin-nav a").first().click();
    await menuStep.waitFor();
    expect(await menuStep.innerText()).not.toContain("Категорий: 0");
    await expect.poll(() => menuStep.getAttribute("data-done")).toBe("true");
    // A step is never shown done while its work waits.
    for (const step of await ru.locator("[data-testid^=checklist-][data-done]").all()) {
      if ((await step.getAttribute("data-pending")) === "true") expect(await step.getAttribute("data-done")).toBe("false");
    }

    // Change once: a copied dish edited in the new store, applied to the other stores too.
    const categories = (await (await api.request(`/api/categories?storeId=${copyStore}&section=kitchen`)).json()) as { id: string; content_count: number }[];
    const category = categories.find((c) => c.content_count > 0)!;
    const { items } = (await (await api.request(`/api/items?storeId=${copyStore}&categoryId=${category.id}`)).json()) as { items: { id: string; title: string }[] };
    const dish = items.find((i) => source.items.some((s) => s.title === i.title))!;
    expect(dish).toBeTruthy();
    await ru.goto(`${kitchen}/${category.id}`);
    const card = ru.getByTestId("admin-item").filter({ hasText: dish.title }).first();
    await card.getByTestId("edit-item").click();
    const form = ru.getByTestId("item-dialog");
    await form.getByTestId("apply-to-stores").waitFor();
    expect(await form.getByTestId("apply-to-stores").innerText()).toContain("Применить и в других заведениях (1)");
    const title = `${dish.title} E2E`;
    await form.getByLabel(/^Название/).fill(title);
    await form.getByTestId("apply-to-stores-toggle").check();
    expect(await form.getByTestId("apply-field-prices").isChecked()).toBe(false);
    expect(await axeViolations(ru, { include: "[data-testid=item-dialog]" })).toEqual([]);
    await ru.setViewportSize({ width: 390, height: 844 });
    await form.getByTestId("apply-to-stores").scrollIntoViewIfNeeded();
    await shot(ru, "apply-others-ru-390");
    await ru.setViewportSize({ width: 1280, height: 900 });
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await publishedMenu("demo", "center", "ru", runtime.baseUrl)).items.some((i) => i.title === title), { timeout: 90_000 })
      .toBe(true);

    // The same part of the form in English.
    await ru.goto(`${kitchen}/${category.id}`);
    await inLanguage(ru, "en");
    await ru.getByTestId("admin-item").filter({ hasText: title }).first().getByTestId("edit-item").click();
    await form.getByTestId("apply-to-stores").waitFor();
    expect(await form.getByTestId("apply-to-stores").innerText()).toContain("Also apply to 1 other store\n");
    await form.getByTestId("apply-to-stores-toggle").check();
    expect(await axeViolations(ru, { include: "[data-testid=item-dialog]" })).toEqual([]);
    await shot(ru, "apply-others-en-1280");
  }, 600_000);
});
