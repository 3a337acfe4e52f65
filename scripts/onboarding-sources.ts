/**
 * The owner's menu of the onboarding benchmark (scripts/bench-onboarding.ts), in the two forms its
 * journeys bring it, and how each comes in on the import panel (the owner's hands counted): our
 * spreadsheet (the template's columns), and the same items as the PDF a designer would have made
 * (issue 50: an owner's own menu), drawn by the menu corpus's renderer.
 */
import { templateRows } from "@menu/core/import/menu-template";
import { WORDS } from "@menu/core/shared/menu-rows";
import { textSheet } from "@menu/core/render/menu-sheet";
import type { Locator } from "playwright-core";
import { renderPdf, type CorpusMenu } from "../packages/core/test/menu-corpus";
import { owner, wait } from "./onboarding-journey";

/** How long a screen may take to answer on a busy machine. */
const UI_MS = 120_000;

/** The owner's `items`-item Russian sheet: the template's columns, five kitchen and four drinks categories. */
export function sheetRows(items: number): string[][] {
  const [header, kitchenExample, drinksExample] = templateRows() as [string[], string[], string[]];
  const kitchen = kitchenExample[0]!;
  const drinks = drinksExample[0]!;
  const yes = kitchenExample[9]!;
  const menu: [string, string, string[], string][] = [
    [kitchen, "Супы", ["Борщ", "Солянка", "Щи", "Уха", "Рассольник", "Харчо"], "г"],
    [kitchen, "Салаты", ["Оливье", "Винегрет", "Цезарь", "Греческий", "Сельдь под шубой", "Мимоза"], "г"],
    [kitchen, "Горячее", ["Котлета", "Плов", "Бефстроганов", "Голубцы", "Драники", "Пельмени"], "г"],
    [kitchen, "Гарниры", ["Картофельное пюре", "Гречка", "Рис", "Овощи гриль", "Макароны", "Перловка"], "г"],
    [kitchen, "Десерты", ["Сырники", "Блины", "Медовик", "Наполеон", "Пирожок с вишней", "Мороженое"], "г"],
    [drinks, "Чай", ["Чай чёрный", "Чай зелёный", "Чай с чабрецом", "Иван-чай", "Чай с облепихой"], "мл"],
    [drinks, "Кофе", ["Эспрессо", "Американо", "Капучино", "Латте", "Раф"], "мл"],
    [drinks, "Соки", ["Сок яблочный", "Сок апельсиновый", "Сок томатный", "Морс клюквенный", "Компот"], "мл"],
    [drinks, "Лимонады", ["Лимонад тархун", "Лимонад груша", "Квас", "Лимонад мятный", "Лимонад малиновый"], "мл"],
  ];
  const styles = ["домашний", "по-деревенски", "фирменный", "по-купечески"];
  const rows: string[][] = [];
  for (let round = 0; rows.length < items; round++) {
    for (const [section, category, names, unit] of menu) {
      if (rows.length === items) break;
      const name = names[round % names.length]!;
      const title = round < names.length ? name : `${name} ${styles[Math.floor(round / names.length) - 1]}`;
      if (rows.some((r) => r[2] === title)) continue;
      rows.push([section, category, title, `${title} по рецепту нашей кухни`, `${unit === "г" ? 250 + round * 10 : 300} ${unit}`, (5 + rows.length * 0.25).toFixed(2), "BYN", "", "", yes, ""]);
    }
  }
  // In the sheet's order: a category's items together.
  const order = menu.map((m) => m[1]);
  return [header, ...rows.sort((a, b) => order.indexOf(a[1]!) - order.indexOf(b[1]!))];
}

/** The sheet's items as a one-column PDF menu: a heading per category, "Title ...... 250 г 5,25" per item. */
export function pdfMenu(rows: string[][]): Promise<Uint8Array> {
  const categories: CorpusMenu["categories"] = [];
  for (const [section, category, title, , portion, price] of rows.slice(1)) {
    if (categories.at(-1)?.name !== category) categories.push({ name: category!, section: section === WORDS.ru.sections.drinks ? "drinks" : "kitchen", items: [] });
    const [weight, unit] = portion!.split(" ");
    categories.at(-1)!.items.push({ title: title!, description: "", portions: [{ weight: weight!, unit: unit === "мл" ? "ml" : "g", price: String(Number(price)), currency: "BYN" }] });
  }
  const style: CorpusMenu["style"] = { columns: 1, leaders: true, price: "comma", font: "sans", weight: "column", headings: "large", sectionHeadings: false, unitStyle: "spaced" };
  return renderPdf({ id: "bench-onboarding", language: "ru", name: "Кафе «Липка»", style, categories });
}

/**
 * A journey's own part: the café the owner registers, and how their menu comes in (clicks counted)
 * on the empty kitchen's import panel, ending when the import's summary shows.
 */
export type Source = { title: string; goalMinutes: number; cafe: string; email: string; bring: (panel: Locator) => Promise<void> };

/** Our spreadsheet: previewed, then imported. */
export const spreadsheet = (rows: string[][], email: string): Source => ({
  title: `Journey 1: our spreadsheet (${rows.length - 1} items)`,
  goalMinutes: 3,
  cafe: "Кафе «Берёзка»",
  email,
  bring: async (panel) => {
    await owner.choose(panel.getByTestId("import-file"), { name: "menu.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(await textSheet(rows)) });
    await wait(() => panel.getByTestId("import-create").waitFor({ timeout: UI_MS }));
    if (await panel.getByTestId("import-errors").count()) throw new Error(`The sheet has errors: ${await panel.getByTestId("import-errors").innerText()}`);
    await owner.click(panel.getByTestId("import-apply"));
  },
});

/** The same menu as a designer's PDF (issue 50): read into a draft, its doubts settled (a click and a price each), confirmed. */
export const pdf = (rows: string[][], email: string): Source => ({
  title: `Journey 2: the owner's PDF menu (${rows.length - 1} items)`,
  goalMinutes: 5,
  cafe: "Кафе «Липка»",
  email,
  bring: async (panel) => {
    await owner.choose(panel.getByTestId("import-file"), { name: "menu.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdfMenu(rows)) });
    const editor = panel.getByTestId("draft-editor");
    await wait(() => editor.waitFor({ timeout: UI_MS }));
    console.log(`Draft: ${await panel.getByTestId("draft-summary").innerText()}`);
    const prices = new Map(rows.slice(1).map((r) => [r[2]!, r[5]!.replace(".", ",")]));
    for (let left = await editor.getByTestId("draft-doubts").count(); left > 0; left = await editor.getByTestId("draft-doubts").count()) {
      await owner.click(editor.getByTestId("draft-next-doubt"));
      const item = editor.locator(`[data-testid=draft-item][data-key="${await panel.locator("[data-testid=draft-item]:focus-within").getAttribute("data-key")}"]`);
      const price = prices.get(await item.getByTestId("draft-title").inputValue());
      if (price) await owner.fill(item.getByTestId("draft-price").first(), price);
      while (await item.getByTestId("draft-dismiss").count()) await owner.click(item.getByTestId("draft-dismiss").first());
      if (!price && (await item.count())) await owner.click(item.getByTestId("draft-remove"));
    }
    await owner.click(editor.getByTestId("draft-confirm"));
  },
});
