/**
 * The tenant-isolation matrix, built from the API's own route table: every operation of the
 * OpenAPI document (and every Hono route under /api must be in that document) is called as
 * anonymous, as a store manager of another store, as a company manager of another company, and as
 * the rightful user of the victim tenant, with requests generated from the operation's own
 * parameter and body schemas. A new route is in the matrix the moment it is mounted.
 *
 * - A route is public only when it says so (`security: []`); those are only smoke-called.
 * - Any other route (declared `security: [{ session: [role] }]`, or undeclared) must refuse the
 *   anonymous caller and every other tenant (401/403/404) when the request addresses the victim,
 *   must never answer the victim's ids or e-mails to them, and must not change the victim's rows.
 * - The rightful caller (the least role of the route's scopes, else inferred from its parameters)
 *   must get through (no 400/401/403/404, no 5xx). A company-scoped route must also refuse the
 *   victim's own store manager, and an admin route every non-admin.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, usePorts, withActor } from "@menu/core";
import { saveBilling } from "@menu/core/billing/billing";
import { addSubscription } from "@menu/core/billing/subscription";
import { createStore } from "@menu/core/store/store";
import { createUser } from "@menu/core/auth/user";
import { browser } from "./support/browser-client";
import { PASSWORD, platformAdmin, tenant, uniqueEmail } from "./support/accounts";
import { captureMail } from "./support/browser-client";
import { tenantRows } from "./support/tenant-rows";

const app = createApp();
captureMail();

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  examples?: unknown[];
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Schema };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const doc = (await (await app.request("/api/openapi.json")).json()) as Doc;
const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];
const operations = Object.entries(doc.paths)
  .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
  .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.path.localeCompare(b.path));

type Tenant = Awaited<ReturnType<typeof tenant>>;
let V: Tenant & { target: { id: string; email: string } };
let A: Tenant;
type Client = ReturnType<typeof browser>;
const as = {} as Record<"anonymous" | "otherStoreManager" | "otherCompanyManager" | "storeManager" | "companyManager" | "admin", Client>;
let victimIds: Set<string>;
let victimSubscription: { subscription_id: string; invoice_id: string };
let victimMarkers: string[];
let victimPromotion: string;
let victimAbbreviation: string;
let victimExport: string;
let victimUpload: string;
let victimSecondStore: string;
let victimCopy: string;
let victimReading: string;
/** Taken table calls (issue 36), one per request: the rightful user's "done" deletes the one it names. */
const victimCalls: string[] = [];
let nextCall = 0;
const results: Record<string, string>[] = [];

beforeAll(async () => {
  const [v, a] = await Promise.all([tenant("victim"), tenant("attacker")]);
  const target = await createUser({
    email: uniqueEmail("victim-target"),
    password: PASSWORD,
    role: "store_manager",
    company_id: v.company_id,
    store_id: v.store_id,
    email_confirmed: true,
  });
  V = { ...v, target };
  A = a;
  // Billing details and an invoiced subscription, so the subscription and invoice routes have something to address.
  victimSubscription = await withActor({ type: "system" }, async () => {
    await saveBilling({ company_id: v.company_id, ...billing() });
    return addSubscription({ storeId: v.store_id, plan: "basic" });
  });
  // A promotion in a promotions category, so the promotion routes have something to address.
  const promotionCategory = randomUUID();
  victimPromotion = randomUUID();
  const keys = { company_id: v.company_id, store_id: v.store_id };
  await Db().entities.category.create({ ...keys, category_id: promotionCategory, section: "promotions", type: "promotions", name: "Promo" }).go();
  await Db().entities.promotion.create({ ...keys, promotion_id: victimPromotion, category_id: promotionCategory, header: "Victim promo" }).go();
  // A glossary entry, so the abbreviation routes have something to address.
  victimAbbreviation = randomUUID();
  await Db().entities.abbreviation.create({ ...keys, abbreviation_id: victimAbbreviation, abbreviation: "с/м", full_form: "свежемороженый" }).go();
  // A finished menu export, so the export job route has something to address (and a download URL to leak).
  victimExport = randomUUID();
  await Db()
    .entities.menuExport.create({ ...keys, export_id: victimExport, language: "ru", format: "xlsx", status: "done", progress: 100, file_name: "menu-main-ru.xlsx", expiresAt: 4102444800 })
    .go();
  // A file PUT to a presigned upload URL and not finished yet, so finishing an upload has something to address.
  victimUpload = randomUUID();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } }).png().toBuffer();
  await usePorts().objects.put(`uploads/${v.company_id}/${v.store_id}/${victimUpload}`, png, "image/png");
  // Taken table calls, so take and done have something to address.
  for (let i = 0; i < 16; i++) {
    const call_id = `${String(20260101000000000 + i)}${"0".repeat(7)}${i.toString(16)}`;
    victimCalls.push(call_id);
    await Db().entities.tableCall.create({ ...keys, call_id, table_position: 7, kind: "waiter", status: "taken", created_at: new Date().toISOString(), taken_at: new Date().toISOString() }).go();
  }
  await Db().entities.tableCallsVersion.upsert({ store_id: v.store_id, company_id: v.company_id }).add({ version: 1, live: victimCalls.length }).go();
  // The company's second store, so the menu copy (issue 36) has a source to address.
  victimSecondStore = (await withActor({ type: "system" }, () => createStore({ company_id: v.company_id, name: "Victim park", url_key: "park" }))).store_id;
  // A planned copy from it, so the copy job routes have something to address (and to start).
  victimCopy = `20260101000000000-${randomUUID().slice(0, 8)}`;
  const preview = { categories: 0, new_categories: 0, items: 1, creates: 1, updates: 0, portions: 1, photos: 0, translations: {}, glossary: 0, new_glossary: 0, invalid: 0, invalid_titles: [] };
  await Db().entities.menuCopy.create({ ...keys, copy_id: victimCopy, source_store_id: victimSecondStore, status: "ready", preview: JSON.stringify(preview), total: 1, expiresAt: 4102444800 }).go();
  // A photo being read, so the reading job route (issue 50) has something to address.
  victimReading = randomUUID();
  await Db().entities.menuReading.create({ ...keys, reading_id: victimReading, status: "queued", progress: 0, attempts: 0, expiresAt: 4102444800 }).go();
  const admin = await platformAdmin();
  const signedIn = async (email: string) => {
    const b = browser(app);
    expect((await b.signIn(email, PASSWORD)).status).toBe(200);
    return b;
  };
  as.anonymous = browser(app);
  [as.otherStoreManager, as.otherCompanyManager, as.storeManager, as.companyManager, as.admin] = await Promise.all([
    signedIn(A.manager.email),
    signedIn(A.owner.email),
    signedIn(V.manager.email),
    signedIn(V.owner.email),
    signedIn(admin.email),
  ]);
  victimIds = new Set([
    V.company_id,
    V.store_id,
    V.owner.id,
    V.manager.id,
    V.target.id,
    V.table.table_id,
    V.category_id,
    V.items.visible,
    V.items.hidden,
    victimPromotion,
    victimAbbreviation,
    victimExport,
    victimUpload,
    victimSecondStore,
    victimCopy,
    victimReading,
    victimSubscription.subscription_id,
    victimSubscription.invoice_id,
  ]);
  victimMarkers = [...victimIds, V.owner.email, V.manager.email, V.target.email, V.table.qr_key];
});

afterAll(() => {
  console.table(results);
});

// ---------------------------------------------------------------------------------------------
// Requests generated from the schemas

const letters = (n = 8) =>
  Array.from(randomUUID().replace(/[^a-f]/g, "") + "abcdefghij")
    .slice(0, n)
    .join("");

/** A valid IBAN (ISO 13616 check digits) with a random account number. */
function iban() {
  const bban = `NBRB${Array.from({ length: 20 }, () => Math.floor(Math.random() * 10)).join("")}`;
  const digits = (bban + "BY00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `BY${String(98 - rest).padStart(2, "0")}${bban}`;
}
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");
/** A valid УНП (9 digits, region 1-7 first, check digit last): random until the check digit is not 10. */
function unp(): string {
  const head = `${1 + Math.floor(Math.random() * 7)}${digits(7)}`;
  const check = [29, 23, 19, 17, 13, 7, 5, 3].reduce((sum, w, i) => sum + w * Number(head[i]), 0) % 11;
  return check < 10 ? `${head}${check}` : unp();
}
const billing = () => ({
  organization_name: "Victim LLC",
  director_last_name: "Иванов",
  director_first_name: "Иван",
  director_position: "Director",
  vat_number: unp(),
  bank_name: "Bank",
  iban: iban(),
  bic: "NBRBBY2X",
  legal_address: "Minsk",
  postcode: "220000",
  phone: "+375291234567",
});

/** Values by parameter or field name: the victim's identifiers, and valid values where a name implies a format. */
function byName(name: string): unknown {
  switch (name) {
    case "companyId":
    case "company_id":
    case "id":
      return V.company_id;
    case "storeId":
    case "store_id":
      return V.store_id;
    case "userId":
    case "user_id":
      return V.target.id;
    case "companyKey":
      return V.company.url_key;
    case "storeKey":
      return "main";
    case "qrKey":
      return V.table.qr_key;
    // A menu import: a CSV with the export's header and no rows (valid, changes nothing).
    case "file_name":
      return "menu.csv";
    case "content":
      return Buffer.from("Раздел,Категория,Позиция,Описание,Выход,Цена,Валюта,Аллергены,Метки,Показывать,ID\r\n").toString("base64");
    case "tableId":
    case "table_id":
      return V.table.table_id;
    case "ids":
      return [V.items.hidden, V.category_id];
    case "itemId":
    case "item_id":
      return V.items.visible;
    case "item_ids":
      return [V.items.visible];
    case "promotionId":
    case "promotion_id":
      return victimPromotion;
    case "promotion_ids":
      return [victimPromotion];
    case "abbreviationId":
      return victimAbbreviation;
    case "exportId":
      return victimExport;
    case "callId":
      return victimCalls[nextCall++ % victimCalls.length];
    case "uploadId":
      return victimUpload;
    case "source_store_id":
      return victimSecondStore;
    case "copyId":
      return victimCopy;
    case "jobId":
      return victimReading;
    // An image upload's declared file.
    case "content_type":
      return "image/png";
    case "size":
      return 100;
    case "targetId":
      return V.items.visible;
    case "weight":
      return "250";
    case "price":
      return "9.50";
    case "categoryId":
    case "category_id":
      return V.category_id;
    case "category_ids":
      return [V.category_id];
    case "start":
      return "10:00";
    case "end":
      return "18:00";
    case "provider":
      return "credentials";
    case "email":
      return uniqueEmail("matrix");
    case "password":
    case "password_confirmation":
    case "current_password":
      return PASSWORD;
    case "role":
      return "store_manager";
    case "subscriptionId":
    case "subscription_id":
      return victimSubscription.subscription_id;
    case "invoiceId":
    case "invoice_id":
      return victimSubscription.invoice_id;
    case "iban":
      return iban();
    case "vat_number":
      return unp();
    // settings/store: valid values, so refusals are about access, not format ("main" renames nothing).
    case "url_key":
      return "main";
    case "number":
    case "phone":
      return "+375 29 123-45-67";
    case "postcode":
      return "220000";
    case "url":
      return "https://example.com/venue";
    case "time_zone":
      return "Europe/Minsk";
    case "open":
      return "10:00";
    case "close":
      return "22:00";
    case "widget_code":
      return "https://yandex.ru/maps-reviews-widget/1234567890?comments";
    default:
      return undefined;
  }
}
/** Optional fields that address a tenant are always filled, so a route cannot dodge the check by defaults. */
const TENANT_FIELDS = new Set(["companyId", "company_id", "storeId", "store_id", "userId", "user_id", "ids", "subscriptionId", "invoiceId", "tableId", "categoryId", "category_id", "category_ids", "itemId", "item_id", "item_ids", "promotionId", "promotion_id", "promotion_ids", "abbreviationId", "exportId", "uploadId", "targetId", "source_store_id", "copyId", "jobId"]);

const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components!.schemas![s.$ref.split("/").pop()!]!) : s);

function sample(schema: Schema, name?: string): unknown {
  const s = resolve(schema);
  const named = name === undefined ? undefined : byName(name);
  if (named !== undefined) return named;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // Rules a schema cannot state (a table name pattern's {n}, check digits) come with examples.
  if (s.examples?.length) return s.examples[0];
  if (s.anyOf?.length) return sample(s.anyOf[0]!, name);
  if (s.oneOf?.length) return sample(s.oneOf[0]!, name);
  if (s.allOf?.length) return sample(s.allOf[0]!, name);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          // A hand-made translation's title is optional only for the store's texts; the matrix translates an item.
          .filter(([key]) => s.required?.includes(key) || TENANT_FIELDS.has(key) || (key === "title" && !!s.properties?.phones))
          .map(([key, value]) => [key, sample(value, key)]),
      );
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? { type: "string" }));
    case "integer":
    case "number":
      return Math.max(1, s.minimum ?? 1);
    case "boolean":
      return true;
    default:
      if (s.format === "email") return uniqueEmail("matrix");
      return letters(Math.min(Math.max(s.minLength ?? 8, 8), s.maxLength ?? 8));
  }
}

/** A 1×1 PNG for upload routes. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

type Built = { path: string; init: RequestInit; addressesVictim: boolean; role: "admin" | "company_manager" | "store_manager" | "any" };

function build(path: string, method: string, op: Operation): Built {
  let url = path;
  const query = new URLSearchParams();
  const used: unknown[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in !== "path" && p.in !== "query") continue;
    if (p.in === "query" && !p.required && !TENANT_FIELDS.has(p.name)) continue;
    const value = sample(p.schema ?? { type: "string" }, p.name);
    if (value === undefined) throw new Error(`${method.toUpperCase()} ${path}: no value for parameter "${p.name}"`);
    used.push(value);
    if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  if (/\{[^}]+\}/.test(url)) throw new Error(`${path}: undocumented path parameter`);
  const init: RequestInit = { method: method.toUpperCase() };
  const content = op.requestBody?.content ?? {};
  if (content["application/json"]) {
    const body = sample(content["application/json"].schema);
    used.push(body);
    init.body = JSON.stringify(body);
    init.headers = { "content-type": "application/json" };
  } else if (content["application/x-www-form-urlencoded"]) {
    const body = sample(content["application/x-www-form-urlencoded"].schema) as Record<string, unknown>;
    used.push(body);
    init.body = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)] as [string, string]));
    init.headers = { "content-type": "application/x-www-form-urlencoded" };
  } else if (content["multipart/form-data"]) {
    // Uploads: the sampled fields, and a small real PNG in every binary field.
    const schema = resolve(content["multipart/form-data"].schema);
    const fields = sample(schema) as Record<string, unknown>;
    used.push(fields);
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (resolve(property).format === "binary") form.set(key, new Blob([TINY_PNG], { type: "image/png" }), `${key}.png`);
    }
    init.body = form;
  }
  const text = JSON.stringify(used);
  const addressesVictim = [...victimIds].some((id) => text.includes(id));
  const declared = op.security?.flatMap((r) => Object.values(r).flat()) ?? [];
  const least = (["store_manager", "company_manager", "admin"] as const).find((r) => declared.includes(r));
  const names = (op.parameters ?? []).map((p) => p.name).concat(Object.keys((sample(content["application/json"]?.schema ?? { type: "object" }) as object) ?? {}));
  const inferred = names.some((n) => n === "storeId" || n === "store_id")
    ? "store_manager"
    : names.some((n) => n === "companyId" || n === "company_id")
      ? "company_manager"
      : "any";
  return { path: url + (query.size ? `?${query}` : ""), init, addressesVictim, role: least ?? (op.security ? "any" : inferred) };
}

async function call(client: Client, b: Built) {
  const headers = new Headers(b.init.headers);
  if (b.init.method !== "GET") {
    const token = await client.csrfToken();
    headers.set("x-csrf-token", token);
    if (b.init.body instanceof URLSearchParams) b.init.body.set("csrfToken", token);
  }
  const res = await client.request(b.path, { ...b.init, headers });
  return { status: res.status, text: await res.text() };
}

/** The victim's rows (sessions, links, counters and secrets aside), to prove a call changed nothing. */
const victimRows = async () => JSON.stringify(await tenantRows(victimIds));

const DENIED = [401, 403, 404];
const leaks = (text: string) => victimMarkers.filter((m) => text.includes(m));

describe("every /api route of the Hono app is in the OpenAPI document (so it is in the matrix)", () => {
  it("has no undocumented route", () => {
    const documented = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const service = new Set(["/api/health", "/api/openapi.json", "/api/docs", "/api/docs/init.js", "/api/docs/:file"]);
    const missing = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !service.has(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`)
      .filter((key) => !documented.has(key));
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe("the victim's snapshot (one scan of the table)", () => {
  it("holds the victim's records of every kind and notices a change to any one of them", async () => {
    const rows = (await tenantRows(victimIds)).map((r) => JSON.parse(r) as [string, { S?: string }][]);
    const kinds = new Set(rows.map((r) => r.find(([k]) => k === "__edb_e__")?.[1].S));
    for (const kind of ["company", "store", "user", "category", "item", "promotion", "abbreviation", "menuExport", "tableCall", "menuCopy"]) expect(kinds).toContain(kind);
    const before = await victimRows();
    await Db().entities.abbreviation.patch({ company_id: V.company_id, store_id: V.store_id, abbreviation_id: victimAbbreviation }).set({ full_form: "изменено" }).go();
    expect(await victimRows()).not.toBe(before);
    await Db().entities.abbreviation.patch({ company_id: V.company_id, store_id: V.store_id, abbreviation_id: victimAbbreviation }).set({ full_form: "свежемороженый" }).go();
  });
});

describe("tenant isolation", () => {
  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))("%s", async (name, { path, method, op }) => {
    const isPublic = Array.isArray(op.security) && op.security.length === 0;
    const fresh = () => build(path, method, op);
    if (isPublic) {
      const res = await call(as.anonymous, fresh());
      results.push({ route: name, kind: "public", anonymous: String(res.status) });
      expect(res.status, `${name} as anonymous: ${res.text}`).toBeLessThan(500);
      return;
    }

    const probe = fresh();
    const row: Record<string, string> = { route: name, kind: `protected (${probe.role})` };
    results.push(row);
    const before = await victimRows();
    const strangers = ["anonymous", "otherStoreManager", "otherCompanyManager"] as const;
    const wrongRole = [
      ...(probe.role === "company_manager" || probe.role === "admin" ? (["storeManager"] as const) : []),
      ...(probe.role === "admin" ? (["companyManager"] as const) : []),
    ];
    for (const who of [...strangers, ...wrongRole]) {
      const b = fresh();
      const res = await call(as[who], b);
      row[who] = String(res.status);
      if (who === "anonymous" || b.addressesVictim || wrongRole.includes(who as never)) {
        expect(DENIED, `${name} as ${who} answered ${res.status}: ${res.text}`).toContain(res.status);
      } else {
        expect(res.status, `${name} as ${who}: ${res.text}`).toBeLessThan(500);
      }
      expect(leaks(res.text), `${name} as ${who} leaked the victim's data`).toEqual([]);
    }
    expect(await victimRows(), `${name}: another tenant changed the victim's data`).toBe(before);

    const rightful = probe.role === "admin" ? "admin" : probe.role === "company_manager" ? "companyManager" : "storeManager";
    const res = await call(as[rightful], fresh());
    row.rightful = `${rightful} ${res.status}`;
    expect([400, 401, 403, 404], `${name} as the rightful ${rightful} answered ${res.status}: ${res.text}`).not.toContain(res.status);
    expect(res.status, `${name} as the rightful ${rightful}: ${res.text}`).toBeLessThan(500);
    // Admins reach every tenant (a DELETE was just done by the rightful user, so it is not repeated).
    if (probe.addressesVictim && probe.role !== "admin" && method !== "delete") {
      const admin = await call(as.admin, fresh());
      row.admin = String(admin.status);
      expect([401, 403, 404], `${name} as admin: ${admin.text}`).not.toContain(admin.status);
    }
  });
});
