/// <reference lib="dom" />
/**
 * Allergens, dietary tags and "sold out today" end to end (issue 19): staff mark an item in the
 * item form, in bulk and with one tap on its card; a guest reading the menu in Chinese sees the
 * same marks (named in Chinese from the product's table), filters by them (the filter is kept for
 * the visitor), and cannot order the sold-out item until it is back on sale.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALLERGENS, DIET_TAGS, markName, type Mark } from "@menu/core/item/marks";
import type { WholeMenu } from "@menu/core/shared/published-menu";
import { axeViolations } from "./axe";
import { ARTIFACTS, fileBrowser } from "./browser";
import { demo, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

type Category = { id: string; parent_id: string; visible: boolean; schedule?: { enabled: boolean } };

async function newPage(width: number, cookies: { name: string; value: string }[] = []) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1, hasTouch: width < 600 });
  await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  return { context, page: await context.newPage() };
}

async function signedIn() {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const { page } = await newPage(1280, [{ name: "locale", value: "en" }]);
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return page;
}

const menuJson = async (lang: string) => publishedMenu("demo", "center", lang);
/** Waits until the published menu (Chinese) shows the item as `check` wants it. */
const published = (id: string, check: (item: WholeMenu["items"][number] | undefined) => boolean) =>
  expect.poll(async () => check((await menuJson("zh")).items.find((i) => i.id === id)), { timeout: 60_000 }).toBe(true);
const ready = guestReady;

describe("allergens, dietary tags and sold out", () => {
  it("staff mark an item; a Chinese guest sees the marks, filters by them (remembered), and cannot order it while sold out", async () => {
    // ---- Staff: a new dish with peanuts and the spicy tag, then sesame added in bulk, then sold out with one tap.
    const admin = await signedIn();
    const cs = (await (await admin.request.get(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).json()) as { store_id: string };
    const categories = (await (await admin.request.get(`${base}/api/categories?storeId=${cs.store_id}&section=kitchen`)).json()) as Category[];
    const category = categories.find((c) => {
      const parent = categories.find((p) => p.id === c.parent_id);
      return c.visible && !c.schedule?.enabled && !parent?.schedule?.enabled && (!parent || parent.visible) && !categories.some((x) => x.parent_id === c.id);
    })!;
    await admin.goto(`${base}/demo/center/admin-panel/kitchen/${category.id}`);
    await admin.getByTestId("admin-items").waitFor();
    const title = `Лапша с арахисом E2E ${Date.now() % 100000}`;
    await admin.getByTestId("add-item").click();
    const dialog = admin.getByTestId("item-dialog");
    // The owner's profile language (ru or en) is the interface's: labels are matched in either.
    await dialog.getByLabel(/^(Название|Title)/).fill(title);
    await dialog.getByTestId("portion-row").getByLabel(/^(Вес|Weight)/).fill("320");
    await dialog.getByTestId("portion-row").getByLabel(/^(Цена|Price)/).fill("14.20");
    const lang = await admin.evaluate(() => document.documentElement.lang);
    const named = (mark: Mark) => markName(mark, lang);
    // Every mark has its own pictogram, drawn inside its 24-unit grid.
    const pictograms = await dialog.locator(".ma-mark svg.mark-pictogram path").evaluateAll((paths) =>
      paths.map((p) => {
        const box = (p as SVGPathElement).getBBox();
        return { d: p.getAttribute("d"), inside: box.x >= 0 && box.y >= 0 && box.x + box.width <= 24 && box.y + box.height <= 24 && box.width > 8 && box.height > 8 };
      }),
    );
    expect(pictograms).toHaveLength(ALLERGENS.length + DIET_TAGS.length);
    expect(new Set(pictograms.map((p) => p.d)).size).toBe(pictograms.length);
    expect(pictograms.filter((p) => !p.inside)).toEqual([]);
    await dialog.getByTestId("allergens").getByLabel(named("peanuts")).check();
    await dialog.getByTestId("diet-tags").getByLabel(named("spicy")).check();
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    const card = admin.getByTestId("admin-item").filter({ hasText: title });
    await card.waitFor();
    const id = (await card.getAttribute("data-item-id"))!;

    await card.getByTestId("select-item").check();
    await admin.getByTestId("bulk-marks").click();
    const bulk = admin.getByTestId("bulk-marks-dialog");
    // Nothing chosen: the dialog says so instead of calling.
    await bulk.getByTestId("apply-marks").click();
    await bulk.getByText(/^(Выберите хотя бы одну метку|Choose at least one mark)$/).waitFor();
    await bulk.getByLabel(named("sesame")).check();
    expect(await axeViolations(admin, { include: "[data-testid=bulk-marks-dialog]" })).toEqual([]);
    await bulk.getByTestId("apply-marks").click();
    await bulk.waitFor({ state: "detached" });
    await expect.poll(() => card.getByTestId("card-marks").locator("li").evaluateAll((els) => els.map((e) => e.getAttribute("title")))).toEqual([named("spicy"), named("peanuts"), named("sesame")]);

    await card.getByTestId("sold-out-item").click();
    await card.getByTestId("sold-out-badge").waitFor();
    await card.getByTestId("on-sale-item").waitFor();

    // ---- The published Chinese menu: the same marks, named in Chinese from the table, and sold out.
    await published(id, (i) => !!i?.sold_out_until && i.tags?.join() === "spicy" && i.allergens?.join() === "peanuts,sesame");
    const zh = await menuJson("zh");
    expect([zh.marks.peanuts?.name, zh.marks.sesame?.name, zh.marks.spicy?.name]).toEqual(["花生", "芝麻", "辣"]);

    // ---- A guest reading Chinese on a phone.
    const { context, page } = await newPage(390, [{ name: "menu_language", value: "zh" }]);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/demo/center/menu`);
    await ready(page);
    const guestCard = page.locator(`main [data-item-id="${id}"]`);
    await guestCard.waitFor();
    expect(await guestCard.getAttribute("data-sold-out")).toBe("true");
    await guestCard.getByText("售罄").waitFor();
    expect(await guestCard.locator(".item-card__add").isDisabled()).toBe(true);
    expect(await guestCard.getByTestId("item-marks").locator("li").evaluateAll((els) => els.map((e) => e.getAttribute("data-mark")))).toEqual(["spicy", "peanuts", "sesame"]);

    // The item window names the marks and offers no "add to cart".
    await guestCard.locator(".item-card__link").click();
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.getByTestId("item-marks-full").innerText()).toMatch(/辣[\s\S]*花生[\s\S]*芝麻/);
    expect(await modal.getByTestId("add-to-cart").isDisabled()).toBe(true);
    expect(await axeViolations(page, { include: "[data-testid=item-modal]" })).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);

    // The filter: "without peanuts" hides the dish and says how many are hidden.
    const before = await page.locator("main [data-testid=item-card]").count();
    await page.getByTestId("filter-open").click();
    const sheet = page.getByTestId("filter-sheet");
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByTestId("filter-without").getByLabel("花生").check();
    expect(await axeViolations(page, { include: "[data-testid=filter-sheet]" })).toEqual([]);
    await sheet.getByTestId("filter-done").click();
    await expect.poll(() => guestCard.count()).toBe(0);
    await page.getByTestId("filter-note").waitFor();
    expect(await page.getByTestId("filter-open").getAttribute("aria-pressed")).toBe("true");

    // Remembered for the visitor: another page of the same browser opens with the filter on.
    const again = await context.newPage();
    await again.goto(`${base}/demo/center/menu`);
    await ready(again);
    expect(await again.getByTestId("filter-open").getAttribute("aria-pressed")).toBe("true");
    await again.getByTestId("filter-note").waitFor();
    expect(await again.locator(`main [data-item-id="${id}"]`).count()).toBe(0);
    // Reset: the dish and every other one are back.
    await again.getByTestId("filter-open").click();
    await again.getByTestId("filter-reset").click();
    await again.getByTestId("filter-done").click();
    await again.locator(`main [data-item-id="${id}"]`).waitFor();
    expect(await again.getByTestId("filter-open").getAttribute("aria-pressed")).toBe("false");
    expect(await again.locator("main [data-testid=item-card]").count()).toBeGreaterThanOrEqual(before);
    await page.screenshot({ path: join(ARTIFACTS, "marks-zh-390.png") });

    // ---- Back on sale: the guest can order it again (after the next publish).
    await card.getByTestId("on-sale-item").click();
    await card.getByTestId("sold-out-item").waitFor();
    await published(id, (i) => !!i && !i.sold_out_until);
    await again.reload();
    await ready(again);
    const onSale = again.locator(`main [data-item-id="${id}"]`);
    await onSale.waitFor();
    expect(await onSale.getAttribute("data-sold-out")).toBeNull();
    await onSale.locator(".item-card__add").click();
    await expect.poll(() => again.getByTestId("cart-count").textContent()).toBe("1");
    expect(errors).toEqual([]);

    // Clean up: the dish leaves the demo menu.
    await card.getByTestId("delete-item").click();
    await admin.getByTestId("confirm-delete").click();
    await expect.poll(() => card.count()).toBe(0);
  });
});
