/// <reference lib="dom" />
/**
 * Issue 50, point 9 in the browser: an owner's own menu, from each kind of source to the live
 * menu. A PDF, a Word file, pasted text, a photo (read in the background: the page polls its job)
 * and a spreadsheet of the owner's own columns each become a draft with the menu's items; the owner
 * settles what the reader doubted (or corrects a price), confirms, and the published guest menu
 * shows the items with their prices. The files are made here, from menus the test writes down.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zip } from "../packages/api/test/support/hostile-zip";
import { layoutMenu, renderPdf, renderText, type CorpusMenu } from "../packages/core/test/menu-corpus";
import { photograph } from "../packages/core/test/menu-corpus/photo-camera";
import { printPage } from "../packages/core/test/menu-corpus/photo-page";
import { axeViolations } from "./axe";
import { ARTIFACTS, launchBrowser } from "./browser";
import { publishedMenu } from "./demo";
import { registeredOwner } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const key = "s" + randomUUID().replace(/[^a-f]/g, "").slice(0, 9);
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const { email, password, api } = await registeredOwner(base, key);
  const cs = (await (await api.request(`/api/cs-object?companyKey=${key}&storeKey=main&scope=owned`)).json()) as { store_id: string };
  // The menu opens to guests now, so the published menu is what they see.
  expect((await api.send("POST", "/api/subscription/open-now", { storeId: cs.store_id })).status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/login?redirect=${encodeURIComponent(`/${key}/main/admin-panel`)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/${key}/main/admin-panel`);
  await page.getByTestId("welcome-dialog").getByRole("button", { name: "Начать" }).click();
}, 120_000);
afterAll(async () => {
  expect(errors).toEqual([]);
  await browser?.close();
});

/** Picks the interface language in the header (at 1280 px), then the width. */
async function as(locale: "ru" | "en", width: number) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const html = () => page.evaluate(() => document.documentElement.lang);
  if ((await html()) !== locale) {
    await page.locator(`.staff-header__lang button[lang="${locale}"]`).click();
    await expect.poll(html).toBe(locale);
  }
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}

/** What the guest menu should show: title → price per portion, and the category. */
type Expected = { category: string; title: string; prices: string[] }[];

const STYLE: CorpusMenu["style"] = { columns: 1, leaders: false, price: "comma", font: "sans", weight: "column", headings: "large", sectionHeadings: false, unitStyle: "spaced" };
const portion = (weight: string, unit: "g" | "ml", price: string) => ({ weight, unit, price, currency: "BYN" as const });

/** A two-category Russian menu whose titles carry `tag`, so each source's items are its own in the one store. */
function menuOf(tag: string, style: Partial<CorpusMenu["style"]> = {}): CorpusMenu {
  return {
    id: `e2e-${tag}`,
    language: "ru",
    name: "Кафе Берёзка",
    style: { ...STYLE, ...style },
    categories: [
      {
        name: `Супы ${tag}`,
        section: "kitchen",
        items: [
          { title: `Борщ ${tag}`, description: "", portions: [portion("300", "g", "8.5")] },
          { title: `Солянка ${tag}`, description: "", portions: [portion("250", "g", "9.2")] },
        ],
      },
      {
        name: `Напитки ${tag}`,
        section: "drinks",
        items: [
          { title: `Морс ${tag}`, description: "", portions: [portion("250", "ml", "3.4")] },
          { title: `Компот ${tag}`, description: "", portions: [portion("200", "ml", "2.9")] },
        ],
      },
    ],
  };
}
const expectedOf = (menu: CorpusMenu): Expected => menu.categories.flatMap((c) => c.items.map((i) => ({ category: c.name, title: i.title, prices: i.portions.map((p) => p.price) })));

/** A Word file of paragraphs: headings bold and larger, an item per line. */
function docxOf(menu: CorpusMenu): Buffer {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const paragraph = (text: string, heading = false) =>
    `<w:p><w:r>${heading ? '<w:rPr><w:b/><w:sz w:val="32"/></w:rPr>' : ""}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  const body = [paragraph(menu.name, true)];
  for (const c of menu.categories) {
    body.push(paragraph(c.name, true));
    for (const i of c.items) body.push(paragraph(`${i.title}\t${i.portions[0]!.weight} ${i.portions[0]!.unit === "g" ? "г" : "мл"}\t${i.portions[0]!.price.replace(".", ",")} руб.`));
  }
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  return zip([
    {
      name: "[Content_Types].xml",
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: "_rels/.rels",
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    { name: "word/document.xml", data: `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body.join("")}</w:body></w:document>` },
  ]);
}

/** The draft's items as the editor shows them: title → prices. */
const draftItems = () =>
  page.getByTestId("draft-item").evaluateAll((items) =>
    items.map((item) => ({
      title: (item.querySelector("[data-testid=draft-title]") as HTMLInputElement).value,
      prices: [...item.querySelectorAll<HTMLInputElement>("[data-testid=draft-price]")].map((p) => p.value),
    })),
  );

/**
 * Settles every doubt of the draft as the menu says: jumps to each with "next", then writes the
 * expected value, keeps a real dish, makes a heading a category, or removes a line that is neither.
 * Answers whether there was any doubt; else the owner corrects one price by hand.
 */
async function settleDoubts(expected: Expected) {
  const editor = page.getByTestId("draft-editor");
  let settled = 0;
  for (; (await editor.getByTestId("draft-doubts").count()) > 0 && settled < 20; settled++) {
    await editor.getByTestId("draft-next-doubt").click();
    // The jump focuses a field of the doubtful item.
    const focused = page.locator("[data-testid=draft-item]:focus-within");
    await focused.waitFor();
    const item = editor.locator(`[data-testid=draft-item][data-key="${await focused.getAttribute("data-key")}"]`);
    const title = await item.getByTestId("draft-title").inputValue();
    const match = expected.find((e) => title.includes(e.title) || e.title.includes(title.trim()));
    const doubts = await item.getByTestId("draft-doubts").innerText();
    if (match && /заголов|heading/i.test(doubts)) await item.getByRole("button", { name: /Это блюдо|It is a dish/ }).click();
    else if (match) {
      await item.getByTestId("draft-title").fill(match.title);
      await item.getByTestId("draft-price").first().fill(match.prices[0]!.replace(".", ","));
      while ((await item.getByTestId("draft-dismiss").count()) > 0) await item.getByTestId("draft-dismiss").first().click();
    } else if (/заголов|heading/i.test(doubts)) await item.getByTestId("draft-make-category").click();
    else await item.getByTestId("draft-remove").click();
  }
  return settled;
}

/** Upload (or paste) → draft → settle → confirm → the guest menu shows the items at their prices. */
async function toLiveMenu(send: () => Promise<void>, expected: Expected, { jobTimeout = 30_000 } = {}) {
  await page.goto(`${base}/${key}/main/admin-panel`);
  const panel = page.getByTestId("menu-import");
  await panel.waitFor();
  await send();
  const editor = page.getByTestId("draft-editor");
  await editor.waitFor({ timeout: jobTimeout });
  // The owner's next step takes the focus.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("draft-title-heading");
  // Every category open: the draft is small.
  for (const toggle of await editor.locator("[data-testid=draft-category-toggle][aria-expanded=false]").all()) await toggle.click();

  if (!(await settleDoubts(expected))) {
    // No doubt: the owner corrects a price anyway (the first item's), as they would a typo.
    const first = expected[0]!;
    first.prices[0] = "7.7";
    const at = (await draftItems()).findIndex((i) => i.title === first.title);
    await editor.getByTestId("draft-item").nth(at).getByTestId("draft-price").first().fill("7,7");
  }
  const shown = await draftItems();
  for (const e of expected) expect(shown.map((s) => s.title)).toContain(e.title);

  await editor.getByTestId("draft-confirm").click();
  const result = panel.getByTestId("import-result");
  await result.waitFor({ timeout: 60_000 });
  expect(await page.getByTestId("draft-editor").count()).toBe(0);
  await expect
    .poll(
      async () => {
        const menu = await publishedMenu(key, "main", "ru").catch(() => undefined);
        return expected.map((e) => {
          const item = menu?.items.find((i) => i.title === e.title);
          return item && { title: item.title, category: menu!.categories.find((c) => c.id === item.category_id)?.name, prices: item.portions.map((p) => String(Number(p.price))) };
        });
      },
      { timeout: 60_000 },
    )
    .toEqual(expected.map((e) => ({ title: e.title, category: e.category, prices: e.prices.map((p) => String(Number(p))) })));
}

describe("an owner's own menu, from each source to the live menu", () => {
  it("a PDF", async () => {
    const menu = menuOf("PDF", { leaders: true });
    const pdf = Buffer.from(await renderPdf(menu));
    await toLiveMenu(async () => {
      await page.getByTestId("import-file").setInputFiles({ name: "menu.pdf", mimeType: "application/pdf", buffer: pdf });
      await page.getByTestId("draft-editor").waitFor({ timeout: 30_000 });
      await page.getByTestId("draft-editor").evaluate((e) => e.scrollIntoView());
      for (const locale of ["ru", "en"] as const) {
        for (const width of [390, 1280]) {
          await as(locale, width);
          expect(await axeViolations(page, { include: "[data-testid=menu-import]" })).toEqual([]);
          await page.getByTestId("menu-import").screenshot({ path: join(ARTIFACTS, `issue50-draft-${locale}-${width}.png`) });
        }
      }
      await as("ru", 1280);
    }, expectedOf(menu));
  });

  it("a Word file", async () => {
    const menu = menuOf("DOCX");
    await toLiveMenu(
      () => page.getByTestId("import-file").setInputFiles({ name: "menu.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: docxOf(menu) }),
      expectedOf(menu),
    );
  });

  it("pasted text", async () => {
    const menu = menuOf("Текст", { weight: "inline", headings: "bold" });
    await toLiveMenu(async () => {
      await page.getByTestId("import-paste").fill(renderText(menu));
      await page.getByTestId("import-paste-read").click();
    }, expectedOf(menu));
  });

  it("a photo, read in the background while the page polls its job", async () => {
    const menu = menuOf("Фото", { font: "serif" });
    // A phone's photo: 300 dpi, over 2,500 px on its long side, so the page scales it down before sending.
    const photo = Buffer.from(await photograph(printPage(layoutMenu(menu)[0]!, 300), { tilt: 1.5, keystone: 0.01, blur: 0.6, dim: 0.8, noise: 3, quality: 85 }, 7));
    await toLiveMenu(
      async () => {
        await page.getByTestId("import-file").setInputFiles({ name: "menu.jpg", mimeType: "image/jpeg", buffer: photo });
        // The job's progress shows while it reads (or the draft, when it was quicker than the first look).
        await page.locator("[data-testid=draft-job], [data-testid=draft-editor]").first().waitFor({ timeout: 30_000 });
      },
      expectedOf(menu),
      { jobTimeout: 120_000 },
    );
  });

  it("a spreadsheet of the owner's own columns", async () => {
    const rows = [
      ["Группа", "Наименование", "Вес, г", "Цена, руб."],
      ["Салаты", "Оливье Своё", "200", "6,40"],
      ["Салаты", "Цезарь Своё", "250", "11,90"],
      ["Горячее", "Драники Своё", "300", "9,00"],
    ];
    const expected: Expected = [
      { category: "Салаты", title: "Оливье Своё", prices: ["6.4"] },
      { category: "Салаты", title: "Цезарь Своё", prices: ["11.9"] },
      { category: "Горячее", title: "Драники Своё", prices: ["9"] },
    ];
    await toLiveMenu(
      () => page.getByTestId("import-file").setInputFiles({ name: "наше-меню.csv", mimeType: "text/csv", buffer: Buffer.from(rows.map((r) => r.map((c) => `"${c}"`).join(";")).join("\r\n")) }),
      expected,
    );
  });
});
