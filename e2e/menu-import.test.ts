/// <reference lib="dom" />
/**
 * Menu import in the admin panel (issue 19): the demo store's own Excel export imports as "nothing
 * to import"; a CSV with mistakes lists them by row and column in the interface language and offers
 * no import; a valid CSV previews the new item, imports with progress, and the guest menu shows it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { workbookEntries, zip } from "../packages/api/test/support/hostile-zip";
import { axeViolations } from "./axe";
import { downloadedBytes, fileBrowser } from "./browser";
import { demo, publishedMenu } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

async function signedIn(): Promise<Page> {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, acceptDownloads: true });
  await context.addCookies([{ name: "locale", value: "en", url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return page;
}

const csvFile = (rows: string[][]) => ({ name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(rows.map((r) => r.join(",")).join("\r\n")) });
const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];

describe("menu import", () => {
  it("round-trips the demo export, lists a file's mistakes by row and column, and imports a new item", async () => {
    const page = await signedIn();
    const panel = page.getByTestId("menu-import");
    await panel.waitFor();

    // The store's own export (Russian, Excel) changes nothing.
    const exportPanel = page.getByTestId("menu-export");
    await exportPanel.getByTestId("export-language").selectOption("ru");
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), exportPanel.getByTestId("export-xlsx").click()]);
    const sheet = await downloadedBytes(download);
    await panel.getByTestId("import-file").setInputFiles({ name: "menu-center-ru.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: sheet });
    await panel.getByTestId("import-nothing").waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId("import-summary").innerText()).toMatch(/^(New|Новых): 0, (changed|изменённых): 0/);

    // Mistakes: listed by row and column, in the interface language; nothing to import.
    await panel.getByTestId("import-file").setInputFiles(
      csvFile([HEADER, ["Кухня", "Супы", "Щи", "", "300 г", "0", "BYN", "", "", "да", ""], ["Бар", "Супы", "Уха", "", "300 г", "5", "BYN", "", "", "да", ""]]),
    );
    await panel.getByTestId("import-errors").waitFor();
    const errors = await panel.getByTestId("import-error").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(errors).toEqual([
      ["2", "Цена", expect.stringMatching(/^(Price cannot be 0|Цена не может быть равна 0): «0»$/)],
      ["3", "Раздел", expect.stringMatching(/^(No such section|Нет такого раздела): «Бар»$/)],
    ]);
    expect(await panel.getByTestId("import-apply").count()).toBe(0);
    expect(await axeViolations(page, { include: "[data-testid=menu-import]" })).toEqual([]);

    // A zip bomb (one cell that unpacks to 20 MB) is refused as a whole, in the interface language, naming the cell it found, with no table and no import.
    const bomb = zip(workbookEntries([HEADER, ["Кухня", "Супы", "x".repeat(20 * 1024 * 1024), "", "300 г", "5", "BYN", "", "", "да", ""]]));
    await panel.getByTestId("import-file").setInputFiles({ name: "bomb.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: bomb });
    await panel.getByTestId("import-refusal").waitFor();
    expect(await panel.getByTestId("import-refusal").innerText()).toMatch(
      /^(The file unpacks to more than 100 times its size: sheet “[^”]+”, row 2, column C\.|Файл распаковывается больше чем в 100 раз своего размера: лист «[^»]+», строка 2, столбец C\.)\s+(Nothing was imported\.|Ничего не импортировано\.)$/,
    );
    expect(await panel.getByTestId("import-errors").count()).toBe(0);
    expect(await panel.getByTestId("import-apply").count()).toBe(0);
    expect(await axeViolations(page, { include: "[data-testid=menu-import]" })).toEqual([]);

    // A new dish in a new category: previewed, imported with progress, on the guest menu.
    const title = `Импорт E2E ${Date.now() % 100000}`;
    await panel.getByTestId("import-file").setInputFiles(csvFile([HEADER, ["Кухня", "Импорт E2E", title, "Из таблицы", "250 г", "11.30", "BYN", "Gluten", "Vegan", "да", ""]]));
    await panel.getByTestId("import-create").getByText(title).waitFor();
    await panel.getByTestId("import-apply").click();
    // Done: the summary says so and stays, the preview goes (the progress line shows between chunks; one chunk here).
    await panel.getByTestId("import-result").waitFor();
    expect(await panel.getByTestId("import-result-added").innerText()).toMatch(/^(Added|Добавлено)\s+1$/);
    await expect.poll(() => panel.getByTestId("import-preview").count()).toBe(0);
    await expect
      .poll(
        async () => {
          const menu = await publishedMenu("demo", "center", "ru");
          const item = menu.items.find((i) => i.title === title);
          return item ? { category: menu.categories.find((c) => c.id === item.category_id)?.name, allergens: item.allergens, tags: item.tags } : undefined;
        },
        { timeout: 60_000 },
      )
      .toEqual({ category: "Импорт E2E", allergens: ["gluten"], tags: ["vegan"] });

    // Clean up: the imported dish and its category leave the demo menu.
    const { csrfToken } = (await (await page.request.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    const headers = { "x-csrf-token": csrfToken };
    const menu = await publishedMenu("demo", "center", "ru");
    const item = menu.items.find((i) => i.title === title)!;
    const storeId = menu.store.id;
    expect((await page.request.post(`${base}/api/items/bulk`, { headers, data: { store_id: storeId, action: "delete", item_ids: [item.id] } })).ok()).toBe(true);
    expect((await page.request.delete(`${base}/api/categories/${item.category_id}?storeId=${storeId}`, { headers })).ok()).toBe(true);
  });
});
