/// <reference lib="dom" />
/**
 * Issue 15 in the browser: links on the sign-in pages work on the first click; a sign-in typed
 * before the app's JavaScript has started is kept and sent; URL names say "Only Latin letters"
 * while typed, also after "taken"; length messages with their bounds and invisible-only names in
 * the forms; photo limits checked before uploading; games' wording in the item form; billing
 * formats; the category tree rules in the dialogs. axe-core runs on the admin dialogs.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_MIN, TITLE_MAX } from "@menu/core/shared/account-forms";
import { CATEGORY_NAME_MAX } from "@menu/core/category/schemas";
import { CONTACT_LIMITS } from "@menu/core/contact/schemas";
import { MAX_IMAGE_MB, MAX_IMAGE_MEGAPIXELS } from "@menu/core/media/variants";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { signInAs } from "./sign-in";
import { staffApi } from "./staff-api";
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
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function newPage({ locale = "ru", width = 1280 }: { locale?: string; width?: number } = {}) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: locale, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

async function signedIn(role = "company_manager", locale = "ru") {
  // The user's saved interface language wins over the browser's, and other files on this runtime
  // switch it: set it first.
  const login = demo().logins.find((l) => l.role === role)!;
  const api = await staffApi(base, login.email, login.password);
  expect((await api.send("PATCH", "/api/me", { ui_locale: locale })).ok).toBe(true);
  const { page, errors } = await newPage({ locale });
  await signInAs(page, role);
  return { page, errors };
}

type Category = { id: string; name: string; parent_id: string; content_count: number; schedule?: unknown };
async function categories(page: Page, section: string) {
  const cs = (await (await page.request.get(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).json()) as { store_id: string };
  return (await (await page.request.get(`${base}/api/categories?storeId=${cs.store_id}&section=${section}`)).json()) as Category[];
}

/** The app's scripts are held back until `release()`: the page is as a slow phone shows it before they arrive. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A PNG of width × height (1 bit grey, all white): tiny as a file, huge as a bitmap. */
function bigPng(width: number, height: number) {
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

describe("sign-in pages", () => {
  it("follow a link on the first click, with the e-mail field focused, empty or half typed", async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/login`);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    await page.getByRole("link", { name: "Забыли пароль?" }).click();
    await page.waitForURL(`${base}/forgot-password`);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    await page.getByRole("link", { name: "Вернуться ко входу" }).click();
    await page.waitForURL(`${base}/login`);
    await page.locator('input[name="email"]').fill("anna@");
    await page.getByRole("link", { name: "Зарегистрируйте заведение" }).click();
    await page.waitForURL(`${base}/register/organization`);

    // Leaving an untouched empty field says nothing; an edited one is checked when left.
    await page.goto(`${base}/login`);
    await page.locator('input[name="email"]').focus();
    await page.keyboard.press("Tab");
    expect(await page.locator(".field__error").count()).toBe(0);
    await page.locator('input[name="email"]').fill("anna@");
    await page.keyboard.press("Tab");
    await page.getByText("Некорректный адрес электронной почты").waitFor();
    expect(errors).toEqual([]);
  });

  it("keep a sign-in typed before the page's JavaScript has started, and send it once it has", async () => {
    const manager = login("store_manager");
    const { page, errors } = await newPage({ width: 390 });
    const release = await holdScripts(page);
    await page.goto(`${base}/login`, { waitUntil: "commit" });
    const early = page.locator("#boot-login");
    await early.locator('input[name="email"]').waitFor();
    expect(await early.locator("h1").innerText()).toBe("Вход");
    expect(await page.locator("#root").innerHTML()).toBe("");
    const box = await early.locator('input[name="password"]').boundingBox();
    await early.locator('input[name="email"]').pressSequentially(manager.email);
    await early.locator('input[name="password"]').pressSequentially(manager.password);
    await page.keyboard.press("Enter");
    expect(await early.locator("form").getAttribute("data-pending")).toBe("true");
    release();
    await page.waitForURL(`${base}/demo/center/admin-panel`);
    expect(await page.locator("#boot-login").count()).toBe(0);
    expect(box).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("hand over values, focus and caret when the app starts, in the same place on the page", async () => {
    const { page, errors } = await newPage({ locale: "en", width: 390 });
    const release = await holdScripts(page);
    await page.goto(`${base}/login?email=guest%40example.com`, { waitUntil: "commit" });
    const early = page.locator("#boot-login");
    await early.locator('input[name="password"]').waitFor();
    expect(await early.locator("h1").innerText()).toBe("Sign in");
    expect(await early.locator('input[name="email"]').inputValue()).toBe("guest@example.com");
    const before = await early.locator('input[name="password"]').boundingBox();
    await early.locator('input[type="checkbox"]').check();
    await early.locator('input[name="password"]').click();
    await page.keyboard.type("secret12");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    release();
    await early.waitFor({ state: "detached" });
    const password = page.locator('#root input[name="password"]');
    expect(await password.inputValue()).toBe("secret12");
    expect(await page.locator('#root input[name="email"]').inputValue()).toBe("guest@example.com");
    expect(await page.locator('#root input[name="remember"]').isChecked()).toBe(true);
    expect(await password.boundingBox()).toEqual(before);
    await page.keyboard.type("X");
    expect(await password.inputValue()).toBe("secretX12");
    expect(errors).toEqual([]);
  });

  it("leave no early form on other pages", async () => {
    const { page } = await newPage();
    await page.goto(`${base}/forgot-password`);
    await page.locator('input[name="email"]').waitFor();
    expect(await page.locator("#boot-login").count()).toBe(0);
  });
});

describe("account forms", () => {
  it("registration: URL names say 'Only Latin letters' while typed after 'taken'; bounds and invisible names", async () => {
    const { page, errors } = await newPage({ width: 390 });
    await page.goto(`${base}/register/organization`);
    const companyKey = page.locator('input[name="company_url_key"]');
    await companyKey.fill("demo");
    await page.getByText("Такое URL-имя компании уже занято").waitFor();
    await companyKey.pressSequentially("ы");
    await page.getByText("Допустимы только латинские буквы").waitFor();
    await companyKey.press("Backspace");
    await expect.poll(() => page.getByText("Допустимы только латинские буквы").count()).toBe(0);

    const short = "x".repeat(PASSWORD_MIN - 1);
    await page.locator('input[name="company_name"]').fill("К".repeat(130));
    await page.locator('input[name="store_name"]').fill("\u200B\u200D\u2066\u2069");
    await page.locator('input[name="password"]').fill(short);
    await page.locator('input[name="password_confirmation"]').fill(short);
    await page.locator('form button[type="submit"]').click();
    await page.getByText(`Максимальная длина — ${TITLE_MAX} символов`).waitFor();
    await page.getByText(`Минимальная длина — ${PASSWORD_MIN} символов`).waitFor();
    await page.locator('.field:has(input[name="store_name"]) .field__error').getByText("Строка не может быть пустой").waitFor();
    expect(await page.getByText("Это поле обязательно").count()).toBeLessThanOrEqual(1); // the e-mail only
    expect(errors).toEqual([]);
  });

  it("/change-password and /service-contacts say their bounds", async () => {
    const { page } = await newPage({ locale: "en" });
    await page.goto(`${base}/change-password?token=${"x".repeat(43)}`);
    await page.locator('input[name="password"]').fill("short");
    await page.locator('input[name="password_confirmation"]').fill("short");
    await page.locator('form button[type="submit"]').click();
    await page.getByText(`Minimum length is ${PASSWORD_MIN} characters`).waitFor();

    await page.goto(`${base}/service-contacts`);
    await page.locator('input[name="name"]').fill("A".repeat(CONTACT_LIMITS.nameMax + 1));
    await page.locator('input[name="email"]').fill("anna@example.com");
    await page.locator('textarea[name="message"]').fill("Hello");
    await page.locator('form button[type="submit"]').click();
    await page.getByText(`Maximum length is ${CONTACT_LIMITS.nameMax} characters`).waitFor();
    expect(await page.getByText("This field is required").count()).toBe(0);
  });
});

describe("admin forms", () => {
  it("photo upload: size and pixel dimensions are checked before anything is sent, each with its message; limits shown", async () => {
    const { page, errors } = await signedIn();
    const kitchen = await categories(page, "kitchen");
    const leaf = kitchen.find((c) => c.content_count > 0 && !c.schedule)!;
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${leaf.id}`);
    await page.getByTestId("add-item").click();
    const dialog = page.getByTestId("item-dialog");
    const field = dialog.getByTestId("image-field");
    await field.locator(".field__hint").waitFor();
    expect(await field.locator(".field__hint").innerText()).toContain(`до ${MAX_IMAGE_MB} МБ и ${MAX_IMAGE_MEGAPIXELS} Мп`);
    const uploads: Request[] = [];
    page.on("request", (r) => r.url().includes("/api/media") && uploads.push(r));

    // 20 MB that no browser can read: refused at once by its size.
    const bytes = Buffer.alloc(20 * 1024 * 1024, 7);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const big = join(mkdtempSync(join(tmpdir(), "menu-forms-")), "photo.jpg");
    writeFileSync(big, bytes);
    await field.locator('input[type="file"]').setInputFiles(big);
    await field.getByRole("alert").waitFor();
    expect(await field.getByRole("alert").innerText()).toBe(`Файл весит 20 МБ, а загрузить можно не больше ${MAX_IMAGE_MB} МБ. Выберите изображение поменьше.`);

    // 12000 × 12000 in a small file: refused at once by its pixels, not as "4 MB".
    const bomb = bigPng(12_000, 12_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await field.locator('input[type="file"]').setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: bomb });
    await expect.poll(() => field.getByRole("alert").innerText()).toBe(`Изображение 12000 × 12000 px (144 Мп), а загрузить можно не больше ${MAX_IMAGE_MEGAPIXELS} Мп. Уменьшите его и попробуйте снова.`);
    expect(uploads).toEqual([]);
    expect(await axeViolations(page, { include: "[data-testid=item-dialog]" })).toEqual([]);

    // A picture within the limits is uploaded.
    await field.locator('input[type="file"]').setInputFiles({ name: "ok.png", mimeType: "image/png", buffer: bigPng(400, 300) });
    await field.getByTestId("image-field-stored").waitFor();
    // Asked for a presigned URL, PUT the file there (not through the API), finished the upload.
    expect(uploads.map((r) => new URL(r.url()).pathname)).toEqual(["/api/media/uploads", expect.stringMatching(/^\/api\/media\/uploads\/[\w-]+\/complete$/)]);
    expect(await field.getByRole("alert").count()).toBe(0);
    await dialog.getByRole("button", { name: "Отмена" }).click();
    expect(errors).toEqual([]);
  });

  it("games: the item form speaks of options and quantity, in pieces, not portions and grams", async () => {
    const { page, errors } = await signedIn();
    const games = await categories(page, "games");
    await page.goto(`${base}/demo/center/admin-panel/games/${games[0]!.id}`);
    await page.getByTestId("add-item").click();
    const dialog = page.getByTestId("item-dialog");
    await dialog.getByText(`Новая игра в «${games[0]!.name}»`).waitFor();
    expect(await dialog.locator("legend").first().innerText()).toBe("Варианты и цены");
    await dialog.getByText("Вариант 1").waitFor();
    await dialog.getByLabel("Количество").waitFor();
    expect(await dialog.getByLabel("Вес").count()).toBe(0);
    expect(await dialog.getByLabel("Единица").locator("option").allInnerTexts()).toEqual(["шт."]);
    await dialog.getByTestId("game-portions-hint").waitFor();
    await dialog.getByLabel("Количество").fill("0");
    await dialog.locator('input[name="title"]').fill("Шашки");
    await page.getByRole("button", { name: "Добавить игру" }).click();
    await dialog.getByText("Количество не может быть равно 0").waitFor();
    expect(await axeViolations(page, { include: "[data-testid=item-dialog]" })).toEqual([]);
    await dialog.getByRole("button", { name: "Отмена" }).click();

    // A kitchen item keeps portions and weight.
    const kitchen = await categories(page, "kitchen");
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${kitchen.find((c) => c.content_count > 0)!.id}`);
    await page.getByTestId("add-item").click();
    await page.getByTestId("item-dialog").getByLabel("Вес").waitFor();
    expect(await page.getByTestId("item-dialog").getByLabel("Единица").locator("option").count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it("category dialogs: a long name says its bound; a category with items is no move target; equal times are refused", async () => {
    const { page, errors } = await signedIn();
    const kitchen = await categories(page, "kitchen");
    const child = kitchen.find((c) => c.parent_id && !c.schedule)!;
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${child.id}`);
    await page.getByTestId("category-head").waitFor();

    await page.getByTestId("add-category").click();
    const create = page.getByTestId("category-dialog");
    await create.getByLabel(/^Название/).fill("Ч".repeat(300));
    // Only empty top-level categories are offered as supercategories.
    const offered = await create.getByLabel(/^Суперкатегория/).locator("option").allInnerTexts();
    for (const c of kitchen.filter((x) => !x.parent_id && x.content_count > 0)) expect(offered.join("|")).not.toContain(c.name);
    await create.locator('button[type="submit"]').click();
    await create.getByText(`Максимальная длина — ${CATEGORY_NAME_MAX} символов`).waitFor();
    await create.getByRole("button", { name: "Отмена" }).click();

    await page.getByTestId("move-category").click();
    const move = page.getByTestId("move-dialog");
    const full = kitchen.find((c) => !c.parent_id && c.content_count > 0)!;
    const empty = kitchen.find((c) => !c.parent_id && c.content_count === 0 && c.id !== child.parent_id)!;
    await expect.poll(() => move.getByRole("radio", { name: full.name }).isDisabled()).toBe(true);
    expect(await move.getByRole("radio", { name: empty.name }).isDisabled()).toBe(false);
    expect(await move.getByTestId("move-target-holds-items").first().innerText()).toContain("сначала перенесите их");
    expect(await axeViolations(page, { include: "[data-testid=move-dialog]" })).toEqual([]);
    await move.getByRole("button", { name: "Отмена" }).click();

    const plain = kitchen.find((c) => !c.parent_id && c.content_count > 0 && !c.schedule && !kitchen.some((x) => x.parent_id === c.id))!;
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${plain.id}`);
    await page.getByTestId("schedule-category").click();
    const schedule = page.getByTestId("schedule-dialog");
    await schedule.getByLabel(/^С$/).fill("12:00");
    await schedule.getByLabel(/^До$/).fill("12:00");
    let saved = false;
    page.on("request", (r) => r.url().includes("/schedule") && r.method() === "PUT" && (saved = true));
    await schedule.locator('button[type="submit"]').click();
    await schedule.getByText("Время окончания должно отличаться от времени начала").waitFor();
    await schedule.getByLabel(/^До$/).fill("16:00");
    await expect.poll(() => schedule.getByText("Время окончания должно отличаться от времени начала").count()).toBe(0);
    expect(saved).toBe(false);
    await schedule.getByRole("button", { name: "Отмена" }).click();
    expect(errors).toEqual([]);
  });

  it("billing details: УНП, BIC, postcode and phone are checked with the specification's messages, hints say the formats", async () => {
    const { page, errors } = await signedIn();
    await page.goto(`${base}/demo/center/admin-panel/subscription/requisites`);
    const form = page.getByTestId("requisites-form");
    await form.waitFor();
    await form.getByText("9 цифр, последняя — контрольная").waitFor();
    const error = (name: string) => form.locator(`.field:has(input[name="${name}"]) .field__error`);
    for (const [name, value] of [
      ["bic", "NBRB"],
      ["postcode", "2200"],
    ] as const) {
      await form.locator(`input[name="${name}"]`).fill(value);
      await form.locator(`input[name="${name}"]`).blur();
      await expect.poll(() => error(name).innerText()).toBe("Некорректное значение");
    }
    // The payer number says which rule it breaks: its form, or its check digit (issue 33).
    await form.locator('input[name="vat_number"]').fill("12345");
    await form.locator('input[name="vat_number"]').blur();
    await expect.poll(() => error("vat_number").innerText()).toBe("9 цифр, первая — от 1 до 7");
    await form.locator('input[name="vat_number"]').fill("190000001");
    await expect.poll(() => error("vat_number").innerText()).toBe("Контрольная цифра не совпадает");
    await form.locator('input[name="phone"]').fill("звоните");
    await form.locator('input[name="phone"]').blur();
    await expect.poll(() => error("phone").innerText()).toBe("Неверный формат телефона");
    await form.locator('input[name="vat_number"]').fill("200988541");
    await expect.poll(() => error("vat_number").count()).toBe(0);
    expect(await axeViolations(page, { include: "[data-testid=requisites-form]" })).toEqual([]);
    expect(pathOf(page)).toBe("/demo/center/admin-panel/subscription/requisites");
    expect(errors).toEqual([]);
  });
});
