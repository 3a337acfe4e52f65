/**
 * A fuzz test of the whole API, built from its own OpenAPI document: for every operation, requests
 * generated with a seeded PRNG (FUZZ_SEED, default fixed, so a failure replays) as anonymous, as a
 * store manager and as a company manager of the fuzzer's own tenant: values valid for their schema,
 * then mutated ones (wrong types, missing and extra fields, long and odd strings, extreme numbers),
 * bad percent-encodings and odd ids in paths and queries, broken JSON, wrong content types, odd
 * uploads. No answer may be a 5xx. Afterwards another tenant (whose ids the fuzzer also tries) reads
 * the same through every GET operation, and its rows in the table are unchanged.
 *
 * It runs twice: against the app in-process, then through the local runtime's HTTP front over a
 * socket. FUZZ_REQUESTS_PER_OPERATION (default 10 per caller, about 3,500 requests) and
 * FUZZ_SERVER_REQUESTS_PER_OPERATION (default 4) set the volume of each.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, MESSAGES } from "@menu/core";
import { publishedHandler } from "../../local/src/published";
import { createLocalApp, frontServer } from "../../local/src/server";
import { browser, captureMail, type App } from "./support/browser-client";
import { PASSWORD, tenant } from "./support/accounts";
import { PASSWORD_MIN } from "@menu/core/shared/account-forms";
import { sampleRegex } from "./support/regex-sample";
import { tenantRows } from "./support/tenant-rows";
import { atMiddayUtc, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const PER_OPERATION = Number(process.env.FUZZ_REQUESTS_PER_OPERATION ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_116);
/** Requests in flight at once (DynamoDB Local runs beside the test on the other core). */
const PARALLEL = 6;

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  contentMediaType?: string;
  contentSchema?: Schema;
  examples?: unknown[];
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: Schema };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const doc = (await (await app.request("/api/openapi.json")).json()) as Doc;
const operations = Object.entries(doc.paths)
  .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })))
  .sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
const resolveRef = (s: Schema): Schema => (s.$ref ? resolveRef(doc.components!.schemas![s.$ref.split("/").pop()!]!) : s);

// ---------------------------------------------------------------------------------------------
// The seeded PRNG and the values it draws

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "\u202eevil",
  "💥🍲",
  "Ωмега 中文 عربى",
  "' OR 1=1 --",
  '{"$ne":null}',
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%zz",
  "%ff%fe",
  "\\",
  "null",
  "NaN",
  "1e309",
  "-0",
  "__proto__",
  "constructor",
  "a\r\nSet-Cookie: x=1",
];
const BAD_PATH_SEGMENTS = ["%zz", "%", "%ff%fe", "..%2f..%2fetc", "%00", "%E0%A4%A", "%C0%AF", "a%2Fb", "%20", "x".repeat(2000), "💥"];
const ODD_NUMBERS = [0, -1, 1.5, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 0.1];

function randomString(r: Rng, max = 40) {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/ йцукенгшщзхъё中文💥";
  const chars = [...alphabet];
  return Array.from({ length: r.int(max + 1) }, () => r.pick(chars)).join("");
}

/** Anything of any type: what a client that ignores the schema sends. */
function garbage(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 9)) {
    case 0:
      return r.pick(ODD_STRINGS);
    case 1:
      return randomString(r);
    case 2:
      return r.pick(ODD_NUMBERS);
    case 3:
      return r.chance(0.5);
    case 4:
      return null;
    case 5:
      return "x".repeat(r.pick([300, 5_000, 70_000]));
    case 6:
      return Array.from({ length: r.int(4) }, () => garbage(r, depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: r.int(4) }, () => [r.pick(["a", "__proto__", "constructor", "store_id", randomString(r, 8)]), garbage(r, depth + 1)]));
    default: {
      // Deep nesting.
      let value: unknown = "deep";
      for (let i = 0; i < 200; i++) value = r.chance(0.5) ? [value] : { a: value };
      return value;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Tenants: the fuzzer's own (it is signed in there) and another one (never signed in by the fuzzer)

let own: Tenant;
let other: Tenant;
const as = {} as Record<"anonymous" | "storeManager" | "companyManager", Client>;
let otherOwner: Client;

/**
 * The same requests also go through the local runtime's HTTP front over a real socket (issue 49,
 * point 7): what the app answers in-process, the server in front of it must answer too (routing,
 * the 405, Node's own parsing of odd paths and bodies). Fewer per operation there: it is the same
 * app behind it.
 */
const SERVER_PER_OPERATION = Number(process.env.FUZZ_SERVER_REQUESTS_PER_OPERATION ?? 4);
let server: Server | undefined;

/** An App that sends each request over loopback to `base` (redirects are answers, not followed). */
const overSocket = (base: string): App => ({ request: (path, init = {}) => fetch(`${base}${path}`, { ...init, redirect: "manual" }) });

async function startServer() {
  const webDist = mkdtempSync(join(tmpdir(), "menu-fuzz-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>spa</title>");
  server = frontServer(publishedHandler(), getRequestListener(createLocalApp({ webDist }).fetch)).listen(0, "127.0.0.1");
  await new Promise((ok) => server!.once("listening", ok));
  return overSocket(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
}

beforeAll(async () => {
  // Midday UTC of today: no store's calendar day changes during the run, so the other tenant's
  // analytics (7 days up to its today) read the same before and after (a run over midnight did not).
  atMiddayUtc();
  other = await tenant("fuzzother");
  otherOwner = await signingIn(app)(other.owner.email);
});

afterAll(async () => {
  clock.reset();
  // Kept-alive sockets would hold close() for a minute.
  server?.closeAllConnections();
  if (server) await new Promise((ok) => server!.close(ok));
});

/** A tenant of the fuzzer's own for one pass (a pass may delete or end what the next would need), its callers signed in through `target`. */
async function ownTenant(target: App, prefix: string) {
  own = await tenant(prefix);
  const signedIn = signingIn(target);
  as.anonymous = browser(target);
  [as.storeManager, as.companyManager] = await Promise.all([signedIn(own.manager.email), signedIn(own.owner.email)]);
}

/** Ids by field name: the fuzzer's own (so calls get past access checks), the other tenant's, or none of anyone's. */
function idFor(name: string, r: Rng, allowOther: boolean): unknown {
  const t = allowOther && r.chance(0.3) ? other : own;
  const ids: Record<string, () => unknown> = {
    companyId: () => t.company_id,
    company_id: () => t.company_id,
    id: () => t.company_id,
    storeId: () => t.store_id,
    store_id: () => t.store_id,
    userId: () => r.pick([t.manager.id, t.owner.id]),
    user_id: () => t.manager.id,
    tableId: () => t.table.table_id,
    table_id: () => t.table.table_id,
    itemId: () => r.pick([t.items.visible, t.items.hidden]),
    item_id: () => t.items.visible,
    item_ids: () => [t.items.visible, t.items.hidden],
    ids: () => [t.items.visible, t.category_id],
    categoryId: () => t.category_id,
    category_id: () => t.category_id,
    category_ids: () => [t.category_id],
    targetId: () => t.items.visible,
    companyKey: () => t.company.url_key,
    storeKey: () => "main",
    qrKey: () => t.table.qr_key,
    provider: () => "credentials",
    password: () => PASSWORD,
    current_password: () => PASSWORD,
    email: () => (r.chance(0.5) ? t.owner.email : `fuzz-${randomUUID().slice(0, 8)}@example.com`),
  };
  return ids[name]?.();
}

/** A value valid for the schema, as far as a generator can tell (names first: ids, passwords, e-mails). */
function valid(schema: Schema, r: Rng, name: string | undefined, allowOther: boolean): unknown {
  const s = resolveRef(schema);
  if (name !== undefined && r.chance(0.85)) {
    const named = idFor(name, r, allowOther);
    if (named !== undefined) return named;
  }
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return r.pick(s.enum);
  // Rules a schema cannot state (check digits, time zones, URLs that parse) come with examples.
  if (s.examples?.length) return r.pick(s.examples);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return valid(r.pick(union), r, name, allowOther);
  if (s.allOf?.length) return valid(s.allOf[0]!, r, name, allowOther);
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t && t !== "null");
  switch (types.length ? r.pick(types) : "string") {
    case "object":
      return crossFieldRules(
        Object.fromEntries(
          Object.entries(s.properties ?? {})
            .filter(([key]) => s.required?.includes(key) || r.chance(0.5))
            .map(([key, value]) => [key, valid(value, r, key, allowOther)]),
        ),
        s,
      );
    case "array": {
      const min = s.minItems ?? 0;
      const max = Math.min(s.maxItems ?? min + 3, min + 3);
      return Array.from({ length: min + r.int(max - min + 1) }, () => valid(s.items ?? { type: "string" }, r, undefined, allowOther));
    }
    case "integer":
    case "number": {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? min + 100, min + 1000);
      return Math.floor(min + r.next() * (max - min + 1));
    }
    case "boolean":
      return r.chance(0.5);
    default: {
      if (s.format === "email") return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      if (s.format === "binary") return "binary";
      if (s.format === "uuid") return randomUUID();
      if (s.format === "date") return `20${10 + r.int(20)}-${String(1 + r.int(12)).padStart(2, "0")}-${String(1 + r.int(28)).padStart(2, "0")}`;
      if (s.contentMediaType === "application/json" && s.contentSchema) return JSON.stringify(valid(s.contentSchema, r, undefined, allowOther));
      if (s.pattern) return matching(s, r);
      const min = s.minLength ?? 1;
      const max = Math.min(s.maxLength ?? min + 20, min + 40);
      return Array.from({ length: min + r.int(max - min + 1) }, () => r.pick([..."abcdefghijklmnopqrstuvwxyz"])).join("");
    }
  }
}

/** A string of the schema's pattern and lengths (tested against the whole pattern: lookaheads are left to the test). */
function matching(s: Schema, r: Rng) {
  const pattern = new RegExp(s.pattern!, "u");
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = sampleRegex(s.pattern!, r.int, s.minLength);
    if (pattern.test(text) && text.length >= (s.minLength ?? 0) && text.length <= (s.maxLength ?? Infinity)) return text;
  }
  throw new Error(`No string of /${s.pattern}/ within the lengths of ${JSON.stringify(s)}`);
}

/**
 * The rules between fields that JSON Schema cannot state, as the schemas' descriptions state them:
 * a confirmation repeats the password, a time window ends at another time than it starts, a Wi-Fi
 * password's length follows its encryption, a store manager names a store, a hand-made translation
 * of an item, category or promotion has a title (the path's type decides: given for all), an
 * optional new password is empty or long enough (a refinement, not a JSON Schema length).
 */
function crossFieldRules(value: Record<string, unknown>, s: Schema) {
  if (typeof value.password === "string" && value.password && value.password.length < PASSWORD_MIN) value.password = PASSWORD;
  if (s.properties?.password_confirmation) value.password_confirmation = value.password ?? "";
  if (s.properties?.title && s.properties.phones && value.title === undefined) value.title = "Перевод";
  if (value.encryption === "WEP") value.password = "abcde";
  if (value.encryption === "WPA" && String(value.password ?? "").length < 8) value.password = PASSWORD;
  if (value.role === "store_manager" && !value.store_id) value.store_id = own.store_id;
  for (const [start, end] of [["start", "end"], ["open", "close"]] as const) {
    if (value[start] !== undefined && value[start] === value[end]) value[end] = value[start] === "00:00" ? "12:00" : "00:00";
  }
  return value;
}

/** The valid value with one field broken (or the whole value replaced), at any depth. */
function mutate(value: unknown, r: Rng): unknown {
  if (value && typeof value === "object" && !Array.isArray(value) && r.chance(0.8)) {
    const copy = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const action = r.int(4);
    if (action === 0 && keys.length) delete copy[r.pick(keys)];
    else if (action === 1) copy[r.pick(["extra", "__proto__", "role", "company_id", randomString(r, 6)])] = garbage(r);
    else if (keys.length) {
      const key = r.pick(keys);
      copy[key] = mutate(copy[key], r);
    } else copy.x = garbage(r);
    return copy;
  }
  if (Array.isArray(value) && value.length && r.chance(0.6)) {
    const copy = [...value];
    copy[r.int(copy.length)] = mutate(copy[r.int(copy.length)], r);
    if (r.chance(0.2)) return Array.from({ length: 1000 }, () => copy[0]);
    return copy;
  }
  return garbage(r);
}

const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** As a client encodes a path segment; a lone surrogate (no UTF-8 for it) goes out as the bytes a broken client would send. */
function encode(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, "%ED%A0%80");
  }
}

type Fuzzed = { method: string; path: string; init: RequestInit; csrf: "valid" | "none" | "forged"; valid: boolean };

function generate(path: string, method: string, op: Operation, r: Rng, allowOther: boolean): Fuzzed {
  const broken = r.chance(0.6);
  let url = path;
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in !== "path" && p.in !== "query") continue;
    if (p.in === "query" && !p.required && r.chance(0.5)) continue;
    if (p.in === "query" && broken && r.chance(0.15)) continue; // a required one missing
    const roll = broken ? r.int(4) : 3;
    const value = roll === 0 ? r.pick(BAD_PATH_SEGMENTS) : roll === 1 ? String(garbage(r)) : roll === 2 ? randomString(r) : valid(p.schema ?? { type: "string" }, r, p.name, allowOther);
    // Bad encodings go in raw; everything else is encoded as a client would.
    const raw = roll === 0;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (p.in === "path") url = url.replace(`{${p.name}}`, raw ? text : encode(text));
    else if (raw) url += `${url.includes("?") ? "&" : "?"}${p.name}=${text}`;
    else {
      query.append(p.name, text);
      if (broken && r.chance(0.1)) query.append(p.name, randomString(r)); // repeated
    }
  }
  const qs = query.size ? `${url.includes("?") ? "&" : "?"}${query}` : "";
  const init: RequestInit = { method };
  const content = op.requestBody?.content ?? {};
  const headers: Record<string, string> = {};
  if (content["application/json"]) {
    const value = valid(content["application/json"].schema, r, undefined, allowOther);
    const shape = broken ? r.int(8) : 0;
    if (shape === 1) init.body = r.pick(["{", "[1,", '{"a":}', "nul", "\u0000", '"\\ud800"', "{".repeat(5000)]);
    else if (shape === 2) init.body = "";
    else init.body = JSON.stringify(shape === 0 ? value : mutate(value, r));
    headers["content-type"] = shape === 3 ? r.pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "multipart/form-data"]) : "application/json";
  } else if (content["application/x-www-form-urlencoded"]) {
    const value = valid(content["application/x-www-form-urlencoded"].schema, r, undefined, allowOther) as Record<string, unknown>;
    const fields = broken ? (mutate(value, r) as Record<string, unknown>) : value;
    const body = new URLSearchParams(Object.entries(fields && typeof fields === "object" ? fields : {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)] as [string, string]));
    init.body = broken && r.chance(0.3) ? `${body}&bad=%zz&%ff=1` : body.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (content["multipart/form-data"]) {
    const schema = resolveRef(content["multipart/form-data"].schema);
    const form = new FormData();
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (resolveRef(property).format === "binary" || resolveRef(resolveRef(property).items ?? {}).format === "binary") {
        const bytes = r.pick([TINY_PNG, Buffer.from(randomString(r, 200)), Buffer.alloc(0), TINY_PNG.subarray(0, 30)]);
        form.append(key, new Blob([bytes], { type: r.pick(["image/png", "image/jpeg", "text/plain", "application/octet-stream"]) }), r.pick(["a.png", "b.jpg", "../../x.webp", "", "💥.gif"]));
      } else if (!broken || r.chance(0.7)) {
        const v = broken ? garbage(r) : valid(property, r, key, allowOther);
        form.set(key, typeof v === "string" ? v : JSON.stringify(v));
      }
    }
    init.body = form;
  } else if (broken && method !== "GET" && r.chance(0.5)) {
    init.body = JSON.stringify(garbage(r));
    headers["content-type"] = "application/json";
  }
  init.headers = headers;
  const csrf = broken && r.chance(0.1) ? r.pick(["none", "forged"] as const) : "valid";
  return { method, path: url + qs, init, csrf, valid: !broken };
}

async function send(client: Client, f: Fuzzed) {
  const headers = new Headers(f.init.headers);
  if (f.method !== "GET" && f.csrf !== "none") headers.set("x-csrf-token", f.csrf === "forged" ? "forged-token" : await client.csrfToken());
  return client.request(f.path, { ...f.init, headers });
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Runs `tasks` with at most `n` at once. */
async function limited(tasks: (() => Promise<void>)[], n: number) {
  const queue = [...tasks];
  await Promise.all(Array.from({ length: n }, async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  }));
}

// ---------------------------------------------------------------------------------------------
// What the other tenant reads, and its rows

/** Ids of the other tenant by parameter name, for the read-back of every GET operation. */
function otherValue(name: string): string | undefined {
  const named = idFor(name, prng(1), false);
  const byOwn = new Map<unknown, unknown>([
    [own.company_id, other.company_id],
    [own.store_id, other.store_id],
    [own.table.table_id, other.table.table_id],
    [own.category_id, other.category_id],
    [own.items.visible, other.items.visible],
    [own.company.url_key, other.company.url_key],
    [own.table.qr_key, other.table.qr_key],
  ]);
  if (name === "userId") return other.manager.id;
  if (name === "section") return "kitchen";
  if (name === "format") return undefined;
  const mapped = byOwn.get(named) ?? named;
  return mapped === undefined ? undefined : String(mapped);
}

/** Every GET operation as the other tenant's company manager: status and JSON (volatile fields aside). */
async function otherTenantReads() {
  const VOLATILE = new Set(["/api/me", "/api/auth/session", "/api/auth/csrf"]);
  const reads: Record<string, unknown> = {};
  for (const { path, method, op } of operations) {
    if (method !== "GET" || VOLATILE.has(path)) continue;
    let url = path;
    const query = new URLSearchParams();
    let complete = true;
    for (const p of op.parameters ?? []) {
      if (p.in !== "path" && p.in !== "query") continue;
      const value = otherValue(p.name) ?? (p.required ? resolveRef(p.schema ?? {}).enum?.[0] : undefined);
      if (value === undefined) {
        if (p.required) complete = false;
        continue;
      }
      if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
      else query.set(p.name, String(value));
    }
    if (!complete) continue;
    const res = await otherOwner.get(url + (query.size ? `?${query}` : ""));
    const type = res.headers.get("content-type") ?? "";
    // Files (PDF cards, invoices, exports) carry their creation time: their status and type are compared.
    reads[`${path}?${query}`] = { status: res.status, body: type.includes("json") ? await res.json() : type.split(";")[0] };
  }
  return reads;
}

/** The other tenant's rows (sessions, links, counters and secrets aside). */
const otherTenantRows = () => tenantRows(new Set([other.company_id, other.store_id, other.owner.id, other.manager.id]));

// ---------------------------------------------------------------------------------------------

const passes = [
  { through: "the app", target: async () => app, perOperation: PER_OPERATION, prefix: "fuzzown" },
  { through: "the local server over a socket", target: startServer, perOperation: SERVER_PER_OPERATION, prefix: "fuzzsrv" },
];

describe.each(passes)("fuzzing the API from its OpenAPI document, through $through", ({ through, target, perOperation, prefix }) => {
  beforeAll(async () => ownTenant(await target(), prefix));

  // About 40 s through the app on a quiet 2-core machine; the limit leaves room for a busy one.
  it("answers no generated request with a 5xx, and leaves another tenant's data as it was", { timeout: 240_000 }, async () => {
    const readsBefore = await otherTenantReads();
    const rowsBefore = await otherTenantRows();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const slowest = new Map<string, number>();
    let total = 0;
    const started = Date.now();
    // The store manager first, the company manager last (it can end the store manager's sessions).
    for (const who of ["anonymous", "storeManager", "companyManager"] as const) {
      for (const [index, { path, method, op }] of operations.entries()) {
        // A caller signing itself out or changing its own password would only end its own session early.
        if (who !== "anonymous" && ["/api/auth/signout", "/api/me/password", "/api/me/email"].includes(path)) continue;
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        const r = prng(SEED + index * 7919 + who.length);
        // Public calls with the other tenant's ids may change it by design (analytics events): own ids only there.
        const requests = Array.from({ length: perOperation }, () => generate(path, method, op, r, !isPublic));
        const opStarted = Date.now();
        await limited(
          requests.map((f) => async () => {
            const res = await send(as[who], f);
            total++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const text = await res.text();
            const fail = (why: string) => failures.push(`${why}: ${who} ${f.method} ${f.path.slice(0, 200)} (csrf ${f.csrf}) → ${res.status} ${text.slice(0, 200)}\n  body: ${String(f.init.body ?? "").slice(0, 300)}`);
            if (res.status >= 500) fail("server error");
            // Over a socket, a request head over Node's 16 KB is refused before the app (CloudFront's limit is lower still).
            const headTooLarge = res.status === 431 && server !== undefined && f.path.length > 16_000;
            if (!op.responses[res.status] && !headTooLarge) fail(`status not in the document (${method} ${path} lists ${Object.keys(op.responses).join(", ")})`);
            if (res.status >= 400) {
              const body = parseJson(text) as { code?: unknown; message?: unknown } | undefined;
              if (typeof body?.code !== "string" || typeof body.message !== "string") fail("error body without code and message");
              // A request valid for the document's schemas passes the server's: only its own rules (a
              // state, an id, a plan) may refuse it, never the schema validation ("field: reason").
              else if (f.valid && res.status === 400 && body.code === "valueIncorrect" && body.message !== MESSAGES.valueIncorrect) fail("valid request refused");
            }
          }),
          PARALLEL,
        );
        const key = `${method} ${path}`;
        slowest.set(key, (slowest.get(key) ?? 0) + Date.now() - opStarted);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`fuzz through ${through}: ${total} requests in ${seconds.toFixed(1)} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    const top = [...slowest].sort(([, a], [, b]) => b - a).slice(0, 5);
    console.log(`fuzz: slowest operations ${top.map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
    expect(total).toBeGreaterThan(perOperation * 200);
    expect(failures, failures.slice(0, 10).join("\n")).toEqual([]);
    expect(await otherTenantRows()).toEqual(rowsBefore);
    expect(await otherTenantReads()).toEqual(readsBefore);
  });

  it("answers a method no operation of a known path has with 405 and the path's methods in Allow", async () => {
    const template = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    // A token read now, with the cookie it sets: the fuzz pass may have fetched /api/auth/csrf
    // itself, replacing the cookie that the client's remembered token belonged to.
    const token = ((await (await as.anonymous.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    const wrong: string[] = [];
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, "x");
      // Every operation whose path matches ("/api/tables/order" is also "/api/tables/{tableId}").
      const allowed = new Set(Object.entries(doc.paths).filter(([other]) => template(other).test(url)).flatMap(([, ops]) => Object.keys(ops).map((m) => m.toUpperCase())));
      if (allowed.has("GET")) allowed.add("HEAD");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !allowed.has(m))) {
        const res = await as.anonymous.request(url, { method, headers: { "x-csrf-token": token } });
        const allow = (res.headers.get("allow") ?? "").split(/,\s*/).filter(Boolean).sort();
        if (res.status !== 405 || allow.join() !== [...allowed].sort().join()) wrong.push(`${method} ${url} → ${res.status} Allow: ${allow.join(", ")} (expected 405 Allow: ${[...allowed].sort().join(", ")})`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await as.anonymous.request("/api/no-such-path", { method: "DELETE", headers: { "x-csrf-token": token } })).status).toBe(404);
  });
});
