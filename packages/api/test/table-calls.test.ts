/**
 * Issue 36: the table pass set by a QR scan, guest table calls, the staff board (ETag of one read,
 * take, done, 30-minute close), their analytics and the plan gate. Real DynamoDB Local and the app.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, withActor, type Actor } from "@menu/core";
import { addDays } from "@menu/core/billing/plans";
import { publishedHead } from "@menu/core/publish/build";
import { loadStoreState } from "@menu/core/publish/store-state";
import { reissueQrKey, deleteTableAs } from "@menu/core/tables/manage";
import { createTable } from "@menu/core/tables/table";
import { venue } from "../../core/test/fixtures";
import { recordsRead } from "./support/reads";
import { atMiddayUtc } from "./support/session";

type Venue = Awaited<ReturnType<typeof venue>>;
type Call = { id: string; kind: string; note: string; status: string; created_at: string; taken_at?: string; table_position?: number };

const owner = (v: Venue): Actor => ({ type: "user", userId: `owner-${v.company_id}`, role: "company_manager", companyId: v.company_id });
const storeManager = (v: Venue, store_id = v.store_id): Actor => ({ type: "user", userId: `sm-${store_id}`, role: "store_manager", companyId: v.company_id, storeId: store_id });

async function request(actor: Actor | undefined, method: string, path: string, init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  const app = createApp({ resolveActor: () => actor ?? { type: "public" } });
  return app.request(path, {
    method,
    headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Scans a table's code: the redirect's table pass, as a Cookie header. */
async function scan(qr_key: string) {
  const res = await request(undefined, "GET", `/t/${qr_key}`);
  expect(res.status).toBe(302);
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toMatch(/^table_pass=[\w-]+\.[\w-]+; Path=\/; Max-Age=10800; SameSite=Lax/);
  expect(set).not.toMatch(/HttpOnly/i);
  return set.split(";")[0]!;
}

const guest = (cookie: string, method: string, path = "/api/guest/calls", body?: unknown) => request(undefined, method, path, { cookie, body });
const json = async <T>(res: Response) => (await res.json()) as T;

async function onPlan(v: Venue, plan: "basic" | "premium") {
  const now = clock.now();
  await Db().entities.store.patch({ company_id: v.company_id, store_id: v.store_id }).set({ preparation_ends_at: addDays(now, -1).toISOString() }).go();
  await Db()
    .entities.subscription.create({
      company_id: v.company_id,
      store_id: v.store_id,
      subscription_id: randomUUID(),
      plan,
      status: "active",
      starts_at: addDays(now, -1).toISOString(),
      ends_at: addDays(now, 20).toISOString(),
    })
    .go();
}

let v: Venue;
let other: Venue;
beforeAll(async () => {
  [v, other] = await Promise.all([venue("calls"), venue("callsother")]);
  await Promise.all([onPlan(v, "premium"), onPlan(other, "premium")]);
});
afterEach(() => clock.reset());

describe("the table pass", () => {
  it("is refused forged, expired, for another store's key, after the key is re-issued and after the table is deleted", async () => {
    const pass = await scan(v.table.qr_key);
    expect((await guest(pass, "GET")).status).toBe(200);
    expect(await json(await guest("", "GET"))).toMatchObject({ code: "tablePassInvalid" });
    // Forged: the payload changed (another table), the signature kept.
    const [payload, signature] = pass.slice("table_pass=".length).split(".");
    const changed = { ...JSON.parse(Buffer.from(payload!, "base64url").toString()), t: 8 };
    const forged = `table_pass=${Buffer.from(JSON.stringify(changed)).toString("base64url")}.${signature}`;
    expect((await guest(forged, "GET")).status).toBe(403);
    expect((await guest(`${pass}x`, "GET")).status).toBe(403);
    // Another store's pass with this store's key in it: the key's link names another store.
    const theirs = await scan(other.table.qr_key);
    const [theirPayload] = theirs.slice("table_pass=".length).split(".");
    const mixed = { ...JSON.parse(Buffer.from(theirPayload!, "base64url").toString()), k: v.table.qr_key };
    expect((await guest(`table_pass=${Buffer.from(JSON.stringify(mixed)).toString("base64url")}.x`, "GET")).status).toBe(403);
    // Expired after 3 hours.
    clock.advance(3 * 3600_000 + 1000);
    expect(await json(await guest(pass, "GET"))).toMatchObject({ code: "tablePassInvalid" });
    clock.reset();
    // Re-issued key: the old pass dies at once, a scan of the new code works.
    const table = await createTable({ company_id: v.company_id, store_id: v.store_id, position: 30, name: "Table 30" });
    const before = await scan(table.qr_key);
    expect((await guest(before, "GET")).status).toBe(200);
    const reissued = await withActor(owner(v), () => reissueQrKey({ store_id: v.store_id, table_id: table.table_id }));
    expect((await guest(before, "GET")).status).toBe(403);
    const after = await scan((reissued as { qr_key: string }).qr_key);
    expect((await guest(after, "GET")).status).toBe(200);
    // Deleted table.
    await withActor(owner(v), () => deleteTableAs({ store_id: v.store_id, table_id: table.table_id }));
    expect((await guest(after, "GET")).status).toBe(403);
  });
});

describe("guest calls", () => {
  it("creates, repeats idempotently, keeps one open call per kind, takes the bill beside the waiter, refuses a new call of a kind within a minute, bounds the note, cancels", async () => {
    const table = await createTable({ company_id: v.company_id, store_id: v.store_id, position: 40, name: "Table 40" });
    const pass = await scan(table.qr_key);
    const created = await guest(pass, "POST", undefined, { kind: "waiter", note: "  two menus please  " });
    expect(created.status).toBe(201);
    const call = await json<Call>(created);
    expect(call).toMatchObject({ kind: "waiter", note: "two menus please", status: "open" });
    const again = await guest(pass, "POST", undefined, { kind: "waiter" });
    expect(again.status).toBe(200);
    expect((await json<Call>(again)).id).toBe(call.id);
    // The bill right after the waiter (issue 48): a second kind opens beside the first at once.
    expect((await guest(pass, "POST", undefined, { kind: "bill", note: "x".repeat(141) })).status).toBe(400);
    const billAsked = await guest(pass, "POST", undefined, { kind: "bill", note: ` ${"x".repeat(140)} ` });
    expect(billAsked.status).toBe(201);
    const bill = await json<Call>(billAsked);
    expect(bill).toMatchObject({ kind: "bill", status: "open" });
    const listed = await json<{ calls: Call[] }>(await guest(pass, "GET"));
    expect(listed.calls.map((c) => c.id)).toEqual([call.id, bill.id]);
    expect((await guest(pass, "DELETE", `/api/guest/calls/${bill.id}`)).status).toBe(200);
    expect((await guest(pass, "DELETE", `/api/guest/calls/${bill.id}`)).status).toBe(404);
    // A cancelled kind cannot be called again within the minute (the abuse limit is per table and kind) ...
    expect(await json(await guest(pass, "POST", undefined, { kind: "bill" }))).toMatchObject({ code: "callTooSoon" });
    expect((await guest(pass, "POST", undefined, { kind: "bill" })).status).toBe(429);
    // ... and can after it.
    clock.advance(61_000);
    const billAgain = await guest(pass, "POST", undefined, { kind: "bill" });
    expect(billAgain.status).toBe(201);
    expect((await guest(pass, "DELETE", `/api/guest/calls/${(await json<Call>(billAgain)).id}`)).status).toBe(200);
    // Another table's pass cannot cancel this table's call.
    const neighbour = await scan(v.table.qr_key);
    expect((await guest(neighbour, "DELETE", `/api/guest/calls/${call.id}`)).status).toBe(404);
    expect((await json<{ calls: Call[] }>(await guest(pass, "GET"))).calls.map((c) => c.id)).toEqual([call.id]);
    // Concurrent repeats (the offline queue and a second tap) still make one call.
    clock.advance(61_000);
    await guest(pass, "DELETE", `/api/guest/calls/${call.id}`);
    const burst = await Promise.all([1, 2, 3].map(() => guest(pass, "POST", undefined, { kind: "waiter" })));
    expect(new Set(await Promise.all(burst.filter((r) => r.ok).map(async (r) => (await json<Call>(r)).id))).size).toBe(1);
  });
});

describe("the staff board", () => {
  it("lists oldest first, answers 304 for one read, takes, closes, closes itself after 30 minutes, counts per table and the median wait", async () => {
    atMiddayUtc();
    const s = await venue("board");
    await onPlan(s, "premium");
    const [t1, t2] = await Promise.all([
      createTable({ company_id: s.company_id, store_id: s.store_id, position: 1, name: "One" }),
      createTable({ company_id: s.company_id, store_id: s.store_id, position: 2, name: "Two" }),
    ]);
    const [p1, p2] = [await scan(t1.qr_key), await scan(t2.qr_key)];
    const board = async (actor: Actor, etag?: string) => request(actor, "GET", `/api/calls?storeId=${s.store_id}`, { headers: etag ? { "if-none-match": etag } : {} });
    // Before the store's first call, too, a poll that finds nothing new costs one read.
    const empty = await board(storeManager(s));
    expect(await json(empty)).toMatchObject({ calls: [] });
    const idle = await recordsRead(() => board(storeManager(s), empty.headers.get("etag")!));
    expect(idle.result.status).toBe(304);
    expect(idle.records).toBe(1);
    const a = await json<Call>(await guest(p1, "POST", undefined, { kind: "waiter" }));
    clock.advance(5_000);
    const b = await json<Call>(await guest(p2, "POST", undefined, { kind: "bill" }));

    const full = await board(storeManager(s));
    expect(full.status).toBe(200);
    const listed = await json<{ version: string; calls: Call[] }>(full);
    expect(listed.calls.map((c) => [c.id, c.table_position, c.kind])).toEqual([[a.id, 1, "waiter"], [b.id, 2, "bill"]]);
    const etag = full.headers.get("etag")!;
    expect(etag).toBe(listed.version);
    const cheap = await recordsRead(() => board(owner(s), etag));
    expect(cheap.result.status).toBe(304);
    expect(cheap.records).toBe(1);

    // Take after 40 s, then done; the version moves with each.
    clock.advance(35_000);
    const taken = await request(owner(s), "POST", `/api/calls/${a.id}/take?storeId=${s.store_id}`);
    expect(await json(taken)).toMatchObject({ id: a.id, status: "taken", table_position: 1 });
    expect((await board(storeManager(s), etag)).status).toBe(200);
    expect((await json<{ calls: Call[] }>(await guest(p1, "GET"))).calls[0]).toMatchObject({ id: a.id, status: "taken" });
    expect((await request(owner(s), "POST", `/api/calls/${a.id}/done?storeId=${s.store_id}`)).status).toBe(200);
    // The table's next waiter call opens (the taken one freed its kind).
    clock.advance(60_000);
    const c = await json<Call>(await guest(p1, "POST", undefined, { kind: "waiter" }));
    expect(c.id).not.toBe(a.id);

    // Another store's call, another store's manager: 404.
    expect((await request(owner(other), "POST", `/api/calls/${b.id}/take?storeId=${s.store_id}`)).status).toBe(404);
    expect((await request(owner(s), "POST", `/api/calls/${b.id}/take?storeId=${other.store_id}`)).status).toBe(404);
    expect((await request(storeManager(s, randomUUID()), "GET", `/api/calls?storeId=${s.store_id}`)).status).toBe(404);
    expect((await request(storeManager(s, randomUUID()), "GET", `/api/calls?storeId=${s.store_id}`, { headers: { "if-none-match": etag } })).status).toBe(404);
    expect((await request(undefined, "GET", `/api/calls?storeId=${s.store_id}`)).status).toBe(404);

    // 30 minutes on, the board's read closes b and c itself and bumps the version.
    const before = await json<{ version: string }>(await board(owner(s)));
    clock.advance(30 * 60_000);
    const closed = await json<{ version: string; calls: Call[] }>(await board(owner(s)));
    expect(closed.calls).toEqual([]);
    expect(closed.version).not.toBe(before.version);
    expect((await json<{ calls: Call[] }>(await guest(p2, "GET"))).calls).toEqual([]);

    // Analytics: calls per table (a taken, b and c closed untaken) and the median wait (a: 40 s → the 45 s bucket).
    const overview = await json<{ calls: { tables: { position: number; value: number }[]; median_wait_seconds: number | null; total: { value: number } } }>(
      await request(owner(s), "GET", `/api/analytics?storeId=${s.store_id}&period=7`),
    );
    expect(overview.calls.total.value).toBe(3);
    expect(overview.calls.tables.filter((t) => t.value > 0).map((t) => [t.position, t.value])).toEqual([[1, 2], [2, 1]]);
    expect(overview.calls.median_wait_seconds).toBe(45);
  });
});

describe("the plan gate", () => {
  it("has table calls on premium, not on basic (guest 403 callsNotInPlan), and publishes the flag", async () => {
    const [basic, premium] = await Promise.all([venue("callsbasic"), venue("callspremium")]);
    await Promise.all([onPlan(basic, "basic"), onPlan(premium, "premium")]);
    const refused = await guest(await scan(basic.table.qr_key), "POST", undefined, { kind: "waiter" });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "callsNotInPlan" });
    expect((await guest(await scan(premium.table.qr_key), "POST", undefined, { kind: "waiter" })).status).toBe(201);
    // What the publish writes for the guest page.
    const flag = async (x: Venue) => publishedHead(await loadStoreState(x, clock.now()), "ru", () => ({ size: 0, path: "" }), clock.now()).store.table_calls;
    expect([await flag(basic), await flag(premium)]).toEqual([false, true]);
  });
});
