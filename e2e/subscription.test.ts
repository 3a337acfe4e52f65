/// <reference lib="dom" />
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpCheckDigit } from "@menu/core/billing/schemas";
import { launchBrowser } from "./browser";
import { demo } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

const login = (role: string) => demo().logins.find((l) => l.role === role)!;
const admin = "/demo/center/admin-panel";

/** A new browser signed in as a demo login, on a page of the demo/center admin panel. */
async function signedIn(role: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const { email, password } = login(role);
  await page.goto(`${base}/login?redirect=${encodeURIComponent(path)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(base + path);
  return { page, errors };
}

/** A valid УНП from eight digits (the ninth is the check digit; a head whose check would be 10 is bumped). */
function unpOf(head: string): string {
  const check = unpCheckDigit(head);
  return check === undefined ? unpOf(String(Number(head) + 1)) : `${head}${check}`;
}

async function fillBilling(page: Page, iban: string) {
  const values: Record<string, string> = {
    organization_name: "ООО «Демо»",
    director_last_name: "Петров",
    director_first_name: "Пётр",
    director_middle_name: "Петрович",
    director_position: "Директор",
    vat_number: unpOf(`19${randomUUID().replace(/\D/g, "").slice(0, 6)}`),
    bank_name: "Нацбанк",
    iban,
    bic: "NBRBBY2X",
    legal_address: "Минск, пр. Независимости 1",
    postcode: "220030",
    phone: "+375291112233",
  };
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
}

describe("subscription screens", () => {
  it("shows the plan, saves billing details, downgrades with confirmation and the operator marks the invoice paid", async () => {
    const { page, errors } = await signedIn("company_manager", `${admin}/subscription`);
    await expect.poll(() => page.getByTestId("current-plan-name").innerText()).toBe("Премиум");
    expect(await page.getByTestId("phase").innerText()).toBe("Меню открыто");
    // Preparation, then the premium period (now).
    expect(await page.getByTestId("timeline-step").count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId("timeline").innerText()).toContain("Подготовка");
    await page.getByTestId("billing-missing").waitFor();
    expect(await page.getByTestId("plan-basic").getByRole("button").isDisabled()).toBe(true);

    // Billing details: a wrong IBAN checksum is refused on the field, a valid one is saved.
    await page.getByTestId("billing-missing").getByRole("link").click();
    await page.waitForURL(`${base}${admin}/subscription/requisites`);
    await page.getByTestId("requisites-form").waitFor();
    await fillBilling(page, "BY13NBRB3600900000002Z00AB01");
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator(".field--invalid").innerText()).toContain("Контрольная цифра не совпадает");
    await page.locator('input[name="iban"]').fill("BY13 NBRB 3600 9000 0000 2Z00 AB00");
    await page.locator('form button[type="submit"]').click();
    await page.getByText("Реквизиты сохранены").waitFor();
    expect(await page.locator('input[name="iban"]').inputValue()).toBe("BY13NBRB3600900000002Z00AB00");

    // Premium → basic is a downgrade: the dialog lists what is lost.
    await page.getByTestId("subscription-tabs").getByRole("link", { name: "Тариф" }).click();
    await page.getByTestId("plan-basic").getByRole("button", { name: "Выбрать" }).click();
    const lost = await page.getByTestId("features-lost").innerText();
    for (const feature of ["Виджет отзывов", "Экспорт меню (PDF, Excel)", "QR-код Wi-Fi"]) expect(lost).toContain(feature);
    await page.getByTestId("switch-confirm").click();
    await page.getByText(/Тариф добавлен, выставлен счёт INV-/).waitFor();
    await page.getByTestId("switch-unpaid").waitFor();
    await page.getByTestId("switch-cooldown").waitFor();

    await page.getByTestId("subscription-tabs").getByRole("link", { name: "Платежи" }).click();
    const row = page.getByTestId("invoice-row").first();
    await expect.poll(() => row.innerText()).toContain("Базовый");
    expect(await row.getByTestId("invoice-status").innerText()).toBe("Не оплачен");
    expect(await row.getByTestId("mark-paid").count()).toBe(0);
    const number = await row.locator(".data-table__primary").innerText();
    const pdf = await page.request.get(base + (await row.getByTestId("invoice-pdf").getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    await page.getByTestId("subscription-tabs").getByRole("link", { name: "История" }).click();
    await expect.poll(() => page.getByTestId("history-row").first().innerText()).toContain("Базовый");
    expect(errors).toEqual([]);

    // The operator marks it paid.
    const operator = await signedIn("admin", `${admin}/subscription/payments`);
    const invoice = operator.page.getByTestId("invoice-row").filter({ hasText: number });
    await invoice.getByTestId("mark-paid").click();
    await operator.page.getByTestId("mark-paid-confirm").click();
    await expect.poll(() => invoice.getByTestId("invoice-status").innerText()).toBe("Оплачен");
    expect(operator.errors).toEqual([]);

    // The manager can now activate it: queued after the running premium period.
    await page.getByTestId("subscription-tabs").getByRole("link", { name: "Тариф" }).click();
    await page.reload();
    await page.getByTestId("activate").click();
    await page.getByText("Подписка начнётся после окончания текущего периода").waitFor();
    await expect.poll(() => page.getByTestId("timeline").innerText()).toContain("В очереди");
  });

  it("shows a store manager the plan but not the company's payments and billing details", async () => {
    const { page, errors } = await signedIn("store_manager", `${admin}/subscription`);
    await expect.poll(() => page.getByTestId("current-plan-name").innerText()).toBe("Премиум");
    expect(await page.getByTestId("subscription-tabs").getByRole("link").allInnerTexts()).toEqual(["Тариф", "История"]);
    await page.goto(`${base}${admin}/subscription/payments`);
    await page.getByTestId("not-found-heading").waitFor();
    expect(errors).toEqual([]);
  });
});
