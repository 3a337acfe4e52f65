/**
 * Guest events from someone who is not a guest (issue 30, point 2): made-up ids, personal data in
 * searches, floods of distinct terms and of batches. Only what the published menu has is counted,
 * at most 500 distinct terms a day, at most 120 batches a minute per address and store; nothing
 * else is written, and a database that keeps failing is answered 503, never 500.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, configureDb, Db, type Actor } from "@menu/core";
import { db } from "@menu/core/db/client";
import { METRIC_SHARDS, metricsOf } from "@menu/core/analytics/analytics";
import { ADDRESS_BATCHES_PER_MINUTE, EVENT_BATCHES_PER_MINUTE, GUEST_BATCHES_PER_MINUTE, GUESTS_PER_ADDRESS } from "@menu/core/analytics/event-limit";
import { OTHER_SEARCHES, SEARCH_TERM_GUESTS, SEARCH_TERMS_PER_DAY } from "@menu/core/analytics/search-terms";
import { publishStore } from "@menu/core/publish/publish";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { createTable } from "@menu/core/tables/table";
import { createCompany } from "@menu/core/company/company";
import { createStore } from "@menu/core/store/store";
import { letters, venue } from "../../core/test/fixtures";

const app = createApp();
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/** A batch as a guest's page sends it: from an address, with the page's random guest id. */
const post = (store_id: string, events: unknown[], address = "203.0.113.7", device = "events-abuse-guest-1") =>
  app.request(
    "/api/events",
    { method: "POST", body: JSON.stringify({ store_id, device, events }), headers: { "content-type": "application/json", "user-agent": PHONE } },
    { incoming: { socket: { remoteAddress: address } } },
  );
async function rawRows(company_id: string, store_id: string) {
  const shards = await Promise.all(
    Array.from({ length: METRIC_SHARDS }, (_, shard) => Db().entities.metric.query.byStore({ company_id, store_id, shard }).go({ pages: "all" })),
  );
  return shards.flatMap((s) => s.data);
}
const total = async (v: { company_id: string; store_id: string }, name: string) =>
  (await metricsOf(v.company_id, v.store_id, "2000-01-01", "2999-12-31")).filter((r) => r.name === name).reduce((sum, r) => sum + r.count, 0);

afterEach(() => clock.reset());

describe("guest events from strangers", () => {
  it("drops every event naming an item, table or language the published menu lacks", async () => {
    const v = await venue("evtjunk");
    const junk = [
      { type: "item_open", item_id: "ivan.petrov@example.com" },
      { type: "cart_add", item_id: "+375291234567" },
      { type: "item_open", item_id: "4111111111111111" },
      { type: "item_open", item_id: v.items.hidden },
      { type: "qr_scan", table: 50 },
      { type: "language", language: "ar" },
      { type: "search_miss", term: "ул Ленина дом 5 кв 12" },
      { type: "search_miss", term: "call me +375 29 123-45-67" },
      { type: "search_miss", term: "ivan@example.com" },
    ];
    expect((await post(v.store_id, junk)).status).toBe(204);
    expect(await rawRows(v.company_id, v.store_id)).toEqual([]);
    expect((await post(v.store_id, [{ type: "item_open", item_id: v.items.visible }, { type: "qr_scan", table: 7 }, { type: "language", language: "en" }])).status).toBe(204);
    expect((await rawRows(v.company_id, v.store_id)).map((r) => `${r.name}:${r.key}`).sort()).toEqual(["item_open:" + v.items.visible, "language:en", "qr_scan:7"].sort());
  });

  it("writes no row for 5,000 events with made-up ids from one address", async () => {
    const v = await venue("evtflood");
    for (let batch = 0; batch < 100; batch++) {
      const events = Array.from({ length: 50 }, (_, i) =>
        i % 2 ? { type: "item_open", item_id: randomUUID() } : { type: "qr_scan", table: 1000 + batch * 50 + i },
      );
      // From guests of their own (one address and id each), so no batch limit holds any back.
      expect((await post(v.store_id, events, `198.51.100.${batch}`, `flood-guest-${batch}-000000`)).status).toBe(204);
    }
    expect(await rawRows(v.company_id, v.store_id)).toEqual([]);
  });

  it("counts at most 500 distinct search terms a store and day, the rest as one line of other searches", async () => {
    const v = await venue("evtterms");
    clock.set(new Date("2030-05-05T09:00:00Z"));
    const terms = Array.from({ length: SEARCH_TERMS_PER_DAY + 10 }, (_, i) => `блюдо ${"абвгдежзиклмнопрстуфхцчшщэюя"[i % 28]}${"абвгдежзиклмнопрстуфхцчшщэюя"[Math.floor(i / 28)]}`);
    // Each term searched by SEARCH_TERM_GUESTS guests: only then is it a term of its own.
    const guests = Array.from({ length: SEARCH_TERM_GUESTS }, (_, g) => `guest-of-the-flood-${g}`);
    for (let i = 0; i < terms.length; i += 50) {
      for (const device of guests) expect((await post(v.store_id, terms.slice(i, i + 50).map((term) => ({ type: "search_miss", term })), undefined, device)).status).toBe(204);
    }
    // A term the day already counts still counts as itself.
    expect((await post(v.store_id, [{ type: "search_miss", term: terms[0] }], undefined, guests[0])).status).toBe(204);
    const rows = (await metricsOf(v.company_id, v.store_id, "2030-05-05", "2030-05-05")).filter((r) => r.name === "search_miss");
    expect(rows).toHaveLength(SEARCH_TERMS_PER_DAY + 1);
    expect(rows.find((r) => r.key === OTHER_SEARCHES)?.count).toBe(10 * SEARCH_TERM_GUESTS);
    expect(rows.find((r) => r.key === terms[0])?.count).toBe(SEARCH_TERM_GUESTS + 1);
    // The next day starts a new list.
    clock.set(new Date("2030-05-06T09:00:00Z"));
    for (const device of guests) expect((await post(v.store_id, [{ type: "search_miss", term: terms.at(-1) }], undefined, device)).status).toBe(204);
    expect((await metricsOf(v.company_id, v.store_id, "2030-05-06", "2030-05-06")).filter((r) => r.count).map((r) => r.key)).toEqual([terms.at(-1)]);
    // The overview shows the overflow as its own line.
    clock.set(new Date("2030-05-05T12:00:00Z"));
    const staff: Actor = { type: "user", userId: "m", role: "store_manager", companyId: v.company_id, storeId: v.store_id };
    const res = await createApp({ resolveActor: () => staff }).request(`/api/analytics?storeId=${v.store_id}&period=7`);
    const { searches } = (await res.json()) as { searches: { term: string; other: boolean; value: number }[] };
    // Listed last, after the most frequent terms, however large its count.
    expect(searches.at(-1)).toEqual({ term: OTHER_SEARCHES, other: true, value: 10 * SEARCH_TERM_GUESTS, previous: 0 });
    expect(searches[0]).toMatchObject({ term: terms[0], other: false, value: SEARCH_TERM_GUESTS + 1 });
  });

  it("answers 429 to more than 120 batches a minute from one address to one store, counting nothing of them", async () => {
    const v = await venue("evtlimit");
    clock.set(new Date("2030-06-01T10:00:05Z"));
    // Many guests behind one address (a venue's Wi-Fi), two batches each.
    const guests = Array.from({ length: EVENT_BATCHES_PER_MINUTE / 2 }, (_, g) => `evtlimit-guest-${String(g).padStart(4, "0")}`);
    for (const device of guests) for (let i = 0; i < 2; i++) expect((await post(v.store_id, [{ type: "menu_view" }], undefined, device)).status).toBe(204);
    const refused = await post(v.store_id, [{ type: "menu_view" }], undefined, guests[0]);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("tooManyAttempts");
    // A view counts once per guest and half hour: one per guest.
    expect(await total(v, "menu_view")).toBe(guests.length);
    // A guest at another address, and the same address at another store, are not held back.
    expect((await post(v.store_id, [{ type: "menu_view" }], "203.0.113.8")).status).toBe(204);
    const elsewhere = await venue("evtlimitother");
    expect((await post(elsewhere.store_id, [{ type: "menu_view" }])).status).toBe(204);
    // The next minute, the address is welcome again; its guests were counted this half hour already.
    clock.set(new Date("2030-06-01T10:01:05Z"));
    expect((await post(v.store_id, [{ type: "menu_view" }], undefined, guests[1])).status).toBe(204);
    expect(await total(v, "menu_view")).toBe(guests.length + 1);
  });

  it("counts people, not requests: a flood of batches of 50 views, scans and openings from one address adds at most its guests of the half hour", async () => {
    const v = await venue("evtpeople");
    clock.set(new Date("2030-06-03T10:00:05Z"));
    const before = { views: await total(v, "menu_view"), scans: await total(v, "qr_scan"), opens: await total(v, "item_open") };
    const statuses = new Map<number, number>();
    // A script making up a guest id per batch, 100 a minute (under the minute's limit of 120, so that is not what stops it).
    const BATCHES = GUESTS_PER_ADDRESS + 50;
    for (let batch = 0; batch < BATCHES; batch++) {
      clock.set(new Date(Date.parse("2030-06-03T10:00:05Z") + Math.floor(batch / 100) * 60_000));
      const events = Array.from({ length: 50 }, (_, i) => [{ type: "menu_view" }, { type: "qr_scan", table: 7 }, { type: "item_open", item_id: v.items.visible }][i % 3]);
      const { status } = await post(v.store_id, events, "203.0.113.50", `made-up-guest-${String(batch).padStart(6, "0")}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 204: GUESTS_PER_ADDRESS, 429: BATCHES - GUESTS_PER_ADDRESS });
    expect(await total(v, "menu_view")).toBe(before.views + GUESTS_PER_ADDRESS);
    expect(await total(v, "qr_scan")).toBe(before.scans + GUESTS_PER_ADDRESS);
    expect(await total(v, "item_open")).toBe(before.opens + GUESTS_PER_ADDRESS);
    // One guest sending the same again and again: once per half hour, and at most 20 batches a minute.
    clock.set(new Date("2030-06-03T11:00:05Z"));
    const one = new Map<number, number>();
    for (let i = 0; i < GUEST_BATCHES_PER_MINUTE + 5; i++) {
      const { status } = await post(v.store_id, [{ type: "menu_view" }, { type: "item_open", item_id: v.items.visible }], "203.0.113.51", "one-busy-guest-0001");
      one.set(status, (one.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(one)).toEqual({ 204: GUEST_BATCHES_PER_MINUTE, 429: 5 });
    expect(await total(v, "menu_view")).toBe(before.views + GUESTS_PER_ADDRESS + 1);
    // The next half hour the same guest counts again.
    clock.set(new Date("2030-06-03T11:30:05Z"));
    expect((await post(v.store_id, [{ type: "menu_view" }], "203.0.113.51", "one-busy-guest-0001")).status).toBe(204);
    expect(await total(v, "menu_view")).toBe(before.views + GUESTS_PER_ADDRESS + 2);
  });

  it("counts no view, scan or opening of a batch without a guest id (an old page, or a script)", async () => {
    const v = await venue("evtnoid");
    const res = await app.request(
      "/api/events",
      { method: "POST", body: JSON.stringify({ store_id: v.store_id, events: [{ type: "menu_view" }, { type: "qr_scan", table: 7 }, { type: "item_open", item_id: v.items.visible }, { type: "cart_add", item_id: v.items.visible }] }), headers: { "content-type": "application/json", "user-agent": PHONE } },
      { incoming: { socket: { remoteAddress: "203.0.113.60" } } },
    );
    expect(res.status).toBe(204);
    expect((await rawRows(v.company_id, v.store_id)).map((r) => `${r.name}:${r.count}`)).toEqual(["cart_add:1"]);
  });

  it("bounds an address across stores too: made-up store ids cannot each cost a lookup without end", async () => {
    clock.set(new Date("2030-06-02T10:00:05Z"));
    const statuses = new Map<number, number>();
    for (let i = 0; i < ADDRESS_BATCHES_PER_MINUTE + 5; i++) {
      const { status } = await post(`made-up-${i}`, [{ type: "menu_view" }], "2001:db8:1:2::9");
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 404: ADDRESS_BATCHES_PER_MINUTE, 429: 5 });
    // Another address of the same IPv6 /64 is the same subscriber; another network is not held back.
    const v = await venue("evtsixfour");
    expect((await post(v.store_id, [{ type: "menu_view" }], "2001:db8:1:2::77")).status).toBe(429);
    expect((await post(v.store_id, [{ type: "menu_view" }], "2001:db8:9:9::1")).status).toBe(204);
  });

  it("asks for a publish of a store that has no event targets yet (published before they were saved), and counts its views meanwhile", async () => {
    const company = await createCompany({ name: "legacy company", url_key: letters("evtlegacy") });
    const store = await createStore({ company_id: company.id, name: "legacy store", url_key: "main" });
    const keys = { company_id: company.id, store_id: store.store_id };
    const requested = async () => (await Db().entities.publication.get(keys).go()).data?.requested ?? 0;
    const before = await requested();
    expect((await post(store.store_id, [{ type: "menu_view" }, { type: "qr_scan", table: 1 }])).status).toBe(204);
    expect(await requested()).toBe(before + 1);
    expect((await rawRows(keys.company_id, keys.store_id)).map((r) => r.name)).toEqual(["menu_view"]);
  });

  it("takes what a publish made public: a new item and table count once published, a hidden item never", async () => {
    const v = await venue("evtpub");
    const keys = { company_id: v.company_id, store_id: v.store_id };
    setMenuRenderer({ build: "test", renderPage: () => "<!doctype html>", qrPath: () => ({ size: 1, path: "" }) });
    // An open menu (an active plan): a store in preparation publishes no items.
    const now = clock.now().getTime();
    await Db()
      .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(now - 86_400_000).toISOString(), ends_at: new Date(now + 30 * 86_400_000).toISOString() })
      .go();
    try {
      const fresh = randomUUID();
      await Db()
        .entities.item.put({ ...keys, item_id: fresh, kind: "product", category_id: v.category_id, title: "Новинка", portions: [{ id: "p1", weight: "1", unit: "pieces", price: "2", currency: "BYN" }] })
        .go();
      await createTable({ ...keys, position: 12, name: "Terrace" });
      const batch = [{ type: "item_open", item_id: fresh }, { type: "qr_scan", table: 12 }, { type: "item_open", item_id: v.items.hidden }];
      expect((await post(v.store_id, batch)).status).toBe(204);
      expect(await rawRows(v.company_id, v.store_id)).toEqual([]);
      await publishStore(keys);
      expect((await post(v.store_id, batch)).status).toBe(204);
      expect((await rawRows(v.company_id, v.store_id)).map((r) => `${r.name}:${r.key}`).sort()).toEqual([`item_open:${fresh}`, "qr_scan:12"]);
    } finally {
      setMenuRenderer(undefined);
    }
  });

  it("retries a throttling database with back-off, then answers 503 with Retry-After, never 500", async () => {
    // A stand-in for DynamoDB that speaks its JSON protocol and throttles every call.
    let calls = 0;
    const throttling = createServer((req, res) => {
      calls++;
      req.resume();
      req.on("end", () => {
        res.writeHead(400, { "content-type": "application/x-amz-json-1.0", "x-amzn-errortype": "ThrottlingException" });
        res.end(JSON.stringify({ __type: "com.amazonaws.dynamodb.v20120810#ThrottlingException", message: "Rate of requests exceeds the allowed throughput." }));
      });
    });
    await new Promise<void>((resolve) => throttling.listen(0, "127.0.0.1", resolve));
    const { client, table } = db();
    try {
      configureDb({ table, endpoint: `http://127.0.0.1:${(throttling.address() as AddressInfo).port}` });
      const res = await post(`throttled-${randomUUID()}`, [{ type: "menu_view" }]);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toEqual({ code: "serviceBusy", message: "The service is busy. Please try again in a minute" });
      expect(calls).toBe(5);
    } finally {
      configureDb({ table, endpoint: await client.config.endpoint!().then((e) => `${e.protocol}//${e.hostname}:${e.port}`) });
      throttling.close();
    }
  });
});
