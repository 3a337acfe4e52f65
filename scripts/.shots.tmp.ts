import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRuntime } from "../e2e/runtime";
import { launchBrowser } from "../e2e/browser";

const dataDir = mkdtempSync(join(tmpdir(), "menu-shots-"));
const runtime = await startRuntime(dataDir);
const base = runtime.baseUrl;
const demo = JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as { logins: { role: string; email: string; password: string }[] };
const browser = await launchBrowser();
const out = (n: string) => join(import.meta.dirname, "../test-results/shots", n);
try {
  for (const [lang, width] of [["zh", 390], ["ru", 1280], ["ar", 390]] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    await ctx.addCookies([{ name: "menu_language", value: lang, url: base }]);
    const page = await ctx.newPage();
    await page.goto(`${base}/demo/center/menu?table=3`);
    await page.waitForSelector("[data-testid=guest-menu][data-ready]");
    await page.screenshot({ path: out(`guest-${lang}-${width}.png`) });
    await page.getByTestId("filter-open").click();
    await page.getByTestId("filter-sheet").waitFor();
    await page.locator("[data-testid=filter-without] input").first().check();
    await page.screenshot({ path: out(`filter-${lang}-${width}.png`) });
    await page.getByTestId("filter-done").click();
    await page.screenshot({ path: out(`filtered-${lang}-${width}.png`) });
    const card = page.locator("main [data-testid=item-card]").nth(1);
    await card.locator(".item-card__link").click();
    await page.getByTestId("item-modal").waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: out(`item-${lang}-${width}.png`) });
    await ctx.close();
  }
  const owner = demo.logins.find((l) => l.role === "company_manager")!;
  for (const [locale, width] of [["ru", 1280], ["en", 390]] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    await ctx.addCookies([{ name: "locale", value: locale, url: base }]);
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').fill(owner.email);
    await page.locator('input[name="password"]').fill(owner.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${base}/demo/center/admin-panel`);
    await page.getByTestId("menu-import").scrollIntoViewIfNeeded();
    await page.getByTestId("import-file").setInputFiles({
      name: "menu.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Раздел,Категория,Позиция,Описание,Выход,Цена,Валюта,Аллергены,Метки,Показывать,ID\r\nКухня,Супы,Щи,,300 г,0,BYN,,,да,\r\nКухня,Новое,Салат нисуаз,Тунец,250 г,14.5,BYN,Fish,,да,"),
    });
    await page.getByTestId("import-preview").waitFor();
    await page.getByTestId("menu-import").screenshot({ path: out(`import-errors-${locale}-${width}.png`) });
    await page.goto(`${base}/demo/center/admin-panel/kitchen`);
    await page.getByTestId("admin-items").waitFor();
    await page.getByTestId("admin-item").first().getByTestId("sold-out-item").click();
    await page.getByTestId("sold-out-badge").first().waitFor();
    await page.screenshot({ path: out(`admin-items-${locale}-${width}.png`) });
    await page.getByTestId("admin-item").first().getByTestId("edit-item").click();
    await page.getByTestId("allergens").scrollIntoViewIfNeeded();
    await page.screenshot({ path: out(`item-form-${locale}-${width}.png`) });
    await ctx.close();
  }
} finally {
  await browser.close();
  await runtime.stop();
}
