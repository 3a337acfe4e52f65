/**
 * Issue 15, the server's side of the form rules: length messages with their bounds (the same
 * numbers the SPA's forms use, since both parse the same schemas), names made only of invisible
 * characters refused like empty ones, billing details validated before anything reaches an
 * invoice, and the category tree rules (a category holding items is no supercategory; equal start
 * and end times are refused).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { PASSWORD_MIN, TITLE_MAX } from "@menu/core/shared/account-forms";
import { CATEGORY_NAME_MAX } from "@menu/core/category/schemas";
import { CONTACT_LIMITS } from "@menu/core/contact/schemas";
import { TABLE_NAME_MAX } from "@menu/core/tables/schemas";
import { ITEM_TITLE_MIN } from "@menu/core/item/schemas";
import { iban, unp } from "../../core/test/fixtures";
import { browser, captureMail } from "./support/browser-client";
import { uniqueEmail } from "./support/accounts";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
let t: Tenant;
let other: Tenant;
let owner: Client;
let manager: Client;
/** The other company's owner. */
let stranger: Client;

beforeAll(async () => {
  ({ t, other, owner, manager, stranger } = await signedInTenants(app, "formrules", "formrulesother"));
});

type Answer = { code: string; message: string };
const answer = async (res: Response) => ({ status: res.status, ...(await body<Answer>(res)) });

/** Zero-width space and joiner, bidi override and isolates, ideographic and no-break spaces, Hangul filler, soft hyphen, BOM. */
const INVISIBLE = ["\u200B\u200D", "\u202E\u2066\u2069", "\u3000\u00A0", "\u3164", "\u00AD\uFEFF", " \u200E\u200F "];

const registration = (over: Record<string, unknown> = {}) => ({
  company_name: "Кафе",
  store_name: "Центр",
  company_url_key: `rules${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}`,
  store_url_key: "center",
  email: uniqueEmail("rules"),
  password: "Long-enough-1",
  password_confirmation: "Long-enough-1",
  ...over,
});

describe("length messages with their bounds, the same numbers as the forms", () => {
  it("registration: a short password and a long company name say their bound", async () => {
    const short = "x".repeat(PASSWORD_MIN - 1);
    const res = await answer(await browser(app).send("POST", "/api/auth/register", registration({ password: short, password_confirmation: short, company_name: "К".repeat(130) })));
    expect(res.status).toBe(400);
    expect(res.message).toContain(`password: Minimum length is ${PASSWORD_MIN} characters`);
    expect(res.message).toContain(`company_name: Maximum length is ${TITLE_MAX} characters`);
    expect(res.message).not.toContain("This field is required");
  });

  it("/change-password (reset with a token) and the profile's password change say the minimum length", async () => {
    const reset = await answer(await browser(app).send("POST", "/api/auth/reset-password", { token: "x".repeat(43), password: "short", password_confirmation: "short" }));
    expect(reset).toMatchObject({ status: 400, message: `password: Minimum length is ${PASSWORD_MIN} characters` });
    const change = await answer(await manager.send("POST", "/api/me/password", { current_password: "whatever", password: "short", password_confirmation: "short" }));
    expect(change.status).toBe(400);
    expect(change.message).toContain(`password: Minimum length is ${PASSWORD_MIN} characters`);
  });

  it("/service-contacts: a long name says the maximum length", async () => {
    const data = { name: "Я".repeat(CONTACT_LIMITS.nameMax + 1), email: "anna@example.com", message: "Здравствуйте", attachments: [] };
    const res = await answer(
      await browser(app, { address: "198.51.100.200" }).request("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data) }),
    );
    expect(res).toMatchObject({ status: 400, message: `name: Maximum length is ${CONTACT_LIMITS.nameMax} characters` });
  });

  it("category name, item title and table name say their bounds", async () => {
    const category = await answer(await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name: "Ч".repeat(300) }));
    expect(category).toMatchObject({ status: 400, message: `name: Maximum length is ${CATEGORY_NAME_MAX} characters` });
    const portions = [{ weight: "300", unit: "g", price: "9.50", currency: "BYN" }];
    const item = await answer(await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, title: "Щ", portions }));
    expect(item).toMatchObject({ status: 400, message: `title: Minimum length is ${ITEM_TITLE_MIN} characters` });
    const table = await answer(await manager.send("POST", "/api/tables", { store_id: t.store_id, position: 3, name: "Т".repeat(TABLE_NAME_MAX + 1), note: "" }));
    expect(table).toMatchObject({ status: 400, message: `name: Maximum length is ${TABLE_NAME_MAX} characters` });
  });

  it("prices and weights say what is wrong: decimal places, the largest value, not a number, zero (issue 33)", async () => {
    const item = async (portion: Record<string, string>) => {
      const portions = [{ weight: "300", unit: "g", price: "9.50", currency: "BYN", ...portion }];
      return answer(await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, title: "Борщ", portions }));
    };
    const cases: [Record<string, string>, string][] = [
      [{ price: "12.345" }, "portions.0.price: At most 2 decimal places"],
      [{ price: "99999999999999" }, "portions.0.price: At most 9 999 999.99"],
      [{ price: "10000000,5" }, "portions.0.price: At most 9 999 999.99"],
      [{ price: "12.5р" }, "portions.0.price: Value is incorrect"],
      [{ price: "0,00" }, "portions.0.price: Price cannot be 0"],
      [{ weight: "0.1234" }, "portions.0.weight: At most 3 decimal places"],
      [{ weight: "1000000" }, "portions.0.weight: At most 999 999.999"],
      [{ weight: "-1" }, "portions.0.weight: Value is incorrect"],
    ];
    for (const [portion, message] of cases) expect(await item(portion), JSON.stringify(portion)).toMatchObject({ status: 400, message });
    // The largest values, and leading zeros that do not make a number larger, are accepted.
    expect((await item({ price: "9999999.99", weight: "999999.999" })).status).toBe(201);
    expect((await item({ price: "00000012,50", weight: "0300" })).status).toBe(201);
  });
});

describe("names made only of invisible characters", () => {
  it("are refused like empty ones: categories, tables, items, store names, registration", async () => {
    for (const name of INVISIBLE) {
      const category = await answer(await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name }));
      expect(category, JSON.stringify(name)).toMatchObject({ status: 400, message: "name: String cannot be empty" });
      const table = await answer(await manager.send("POST", "/api/tables", { store_id: t.store_id, position: 4, name, note: "" }));
      expect(table.message, JSON.stringify(name)).toBe("name: String cannot be empty");
      const portions = [{ weight: "1", unit: "pieces", price: "5", currency: "BYN" }];
      const item = await answer(await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, title: name, portions }));
      expect(item.message, JSON.stringify(name)).toBe("title: This field is required");
      const store = await answer(await owner.send("POST", "/api/stores", { company_id: t.company_id, name, url_key: "second" }));
      expect(store.message, JSON.stringify(name)).toContain("name: String cannot be empty");
    }
    const res = await answer(await browser(app).send("POST", "/api/auth/register", registration({ company_name: "\u200B\u2060\u200B", store_name: "\u2800\u2800" })));
    expect(res.message).toContain("company_name: String cannot be empty");
    expect(res.message).toContain("store_name: String cannot be empty");
  });

  it("keeps visible names with joiners and trims invisible characters at the ends", async () => {
    const res = await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name: "\u200B Семья 👨‍👩‍👧 \u200E", icon: "☕️" });
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ name: "Семья 👨‍👩‍👧", icon: "☕️" });
  });
});

describe("billing details", () => {
  const valid = (over: Record<string, unknown> = {}) => ({
    company_id: t.company_id,
    organization_name: "ООО «Правила»",
    director_last_name: "Иванов",
    director_first_name: "Иван",
    director_middle_name: "",
    director_position: "Директор",
    vat_number: unp(Date.now()),
    bank_name: "Нацбанк",
    iban: iban("BY", `NBRB${String(Date.now()).padStart(20, "0").slice(-20)}`),
    bic: "NBRBBY2X",
    legal_address: "Минск, пр. Независимости 1",
    postcode: "220030",
    phone: "+375 29 111-22-33",
    ...over,
  });
  const save = async (over: Record<string, unknown>) => answer(await owner.send("PUT", "/api/billing", valid(over)));

  it("refuses a wrong УНП (its form apart from its check digit), IBAN, BIC, postcode or phone, saying what is wrong", async () => {
    const vat = unp(Date.now());
    const wrongCheck = `${vat.slice(0, 8)}${(Number(vat[8]) + 1) % 10}`;
    for (const vat_number of ["12345", "VAT123456", "812345678", "1234567890"]) {
      expect(await save({ vat_number }), vat_number).toMatchObject({ status: 400, message: "vat_number: 9 digits, the first from 1 to 7" });
    }
    // 190000001 looks right (9 digits) but its check digit is not 5 (issue 33).
    for (const vat_number of [wrongCheck, "190000001", "190 000 001"]) {
      expect(await save({ vat_number }), vat_number).toMatchObject({ status: 400, message: "vat_number: Checksum does not match" });
    }
    const goodIban = valid().iban;
    const badIban = `${goodIban.slice(0, 2)}${String((Number(goodIban.slice(2, 4)) + 1) % 100).padStart(2, "0")}${goodIban.slice(4)}`;
    expect(await save({ iban: badIban })).toMatchObject({ status: 400, message: "iban: Checksum does not match" });
    expect(await save({ iban: "BY13" })).toMatchObject({ status: 400, message: "iban: Value is incorrect" });
    for (const bic of ["NBRB", "NBRBBY2", "1BRBBY2X", "NBRBBY2XXX", "НБРББY2X"]) {
      expect(await save({ bic }), bic).toMatchObject({ status: 400, message: "bic: Value is incorrect" });
    }
    for (const postcode of ["22003", "2200300", "ABCDEF"]) {
      expect(await save({ postcode }), postcode).toMatchObject({ status: 400, message: "postcode: Value is incorrect" });
    }
    for (const phone of ["call me", "12", "+375 29 111-22-33-44-55-66"]) {
      expect(await save({ phone }), phone).toMatchObject({ status: 400, message: "phone: Invalid phone format" });
    }
    expect(await save({ organization_name: "\u200B" })).toMatchObject({ status: 400, message: "organization_name: This field is required" });
  });

  it("saves valid details in their canonical form (no spaces, BIC in capitals; an 11-character BIC too)", async () => {
    const vat = unp(Date.now() + 7);
    const saved = await save({ vat_number: `${vat.slice(0, 3)} ${vat.slice(3)}`, bic: "nbrb by2x", postcode: "220 030" });
    expect(saved).toMatchObject({ status: 200, vat_number: vat, bic: "NBRBBY2X", postcode: "220030" });
    expect((await save({ vat_number: vat, bic: "PJCBBY2X000" })).status).toBe(200);
  });

  it("treats stored details that fail today's rules as missing: shown for correction, but no paid plan (no invoice) until corrected", async () => {
    await Db()
      .entities.billing.put({ ...valid(), company_id: other.company_id, vat_number: "VAT-OLD", postcode: "—" })
      .go();
    const shown = await body<Record<string, string>>(await stranger.get(`/api/billing?companyId=${other.company_id}`));
    expect(shown).toMatchObject({ vat_number: "VAT-OLD", postcode: "—", organization_name: "ООО «Правила»" });
    const added = await answer(await stranger.send("POST", "/api/subscription/add", { storeId: other.store_id, plan: "basic" }));
    expect(added).toMatchObject({ status: 409, code: "billingRequired" });
  });
});

describe("category tree rules", () => {
  const create = (fields: Record<string, unknown>) => manager.send("POST", "/api/categories", { store_id: t.store_id, section: "kitchen", ...fields });

  it("a category that holds items cannot become a supercategory: creating or moving a category under it is refused", async () => {
    // The fixture's kitchen category holds two items.
    const under = await answer(await create({ name: "Под блюдами", parent_id: t.category_id }));
    expect(under).toMatchObject({ status: 409, code: "categoryParentHasItems", message: "A category that holds items cannot become a supercategory" });
    const loose = await body<{ id: string }>(await create({ name: "Отдельная" }));
    const moved = await answer(await manager.send("POST", `/api/categories/${loose.id}/move`, { store_id: t.store_id, parent_id: t.category_id }));
    expect(moved).toMatchObject({ status: 409, code: "categoryParentHasItems" });
    // An empty top-level category still takes categories.
    const top = await body<{ id: string }>(await create({ name: "Пустая" }));
    expect((await manager.send("POST", `/api/categories/${loose.id}/move`, { store_id: t.store_id, parent_id: top.id })).status).toBe(200);
  });

  it("refuses a schedule and opening hours whose end is their start", async () => {
    const category = await body<{ id: string }>(await create({ name: "Обеды" }));
    const schedule = (start: string, end: string) =>
      manager.send("PUT", `/api/categories/${category.id}/schedule`, { store_id: t.store_id, schedule: { enabled: true, days: ["mon"], start, end } });
    expect(await answer(await schedule("12:00", "12:00"))).toMatchObject({ status: 400, message: "schedule.end: The end time must differ from the start time" });
    expect((await schedule("12:00", "16:00")).status).toBe(200);
    expect((await schedule("22:00", "02:00")).status).toBe(200);

    const settings = await body<Record<string, unknown>>(await manager.get(`/api/store-settings?storeId=${t.store_id}`));
    const hours = (open: string, close: string) =>
      manager.send("PUT", "/api/store-settings", {
        storeId: t.store_id,
        name: settings.name,
        url_key: settings.url_key,
        address: "",
        phones: [],
        working_hours: [{ days: ["mon"], open, close }],
        socials: [],
        seo_title: "",
        seo_description: "",
        time_zone: "Europe/Minsk",
        languages: ["ru"],
        currency: "BYN",
      });
    expect(await answer(await hours("10:00", "10:00"))).toMatchObject({ status: 400, message: "working_hours.0.close: The end time must differ from the start time" });
    expect((await hours("10:00", "02:00")).status).toBe(200);
  });
});
