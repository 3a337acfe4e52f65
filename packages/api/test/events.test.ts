import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db } from "@menu/core";
import { expiresAtOf, METRIC_SHARDS, metricsOf } from "@menu/core/analytics/analytics";
import { venue } from "../../core/test/fixtures";
import { browser } from "./support/browser-client";
import { PASSWORD, tenant } from "./support/accounts";

const app = createApp();
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/**
 * A batch as a guest's phone at `address` sends it (the local server's socket gives the address),
 * with its page's random guest id (one phone per address unless the batch names another).
 */
const post = (body: object, headers: Record<string, string> = {}, address = "192.0.2.1") =>
  app.request(
    "/api/events",
    { method: "POST", body: JSON.stringify({ device: `guest-phone-at-${address.replace(/\W/g, "-")}`, ...body }), headers: { "content-type": "application/json", "user-agent": PHONE, ...headers } },
    { incoming: { socket: { remoteAddress: address } } },
  );

/** Every counter row of a store in every shard, as stored. */
async function rawRows(company_id: string, store_id: string) {
  const shards = await Promise.all(
    Array.from({ length: METRIC_SHARDS }, (_, shard) => Db().entities.metric.query.byStore({ company_id, store_id, shard }).go({ pages: "all" })),
  );
  return shards.flatMap((s) => s.data);
}

afterEach(() => clock.reset());

describe("POST /api/events (guest analytics)", () => {
  it("adds a batch to the store's anonymous counters of the day, each with its expiry", async () => {
    const v = await venue("evt");
    // 23:30 in Minsk (the store's default time zone).
    clock.set(new Date("2030-03-10T20:30:00Z"));
    const events = [
      { type: "menu_view", language: "ru" },
      { type: "qr_scan", table: 7 },
      { type: "item_open", item_id: v.items.visible },
      { type: "item_open", item_id: v.items.visible },
      { type: "cart_add", item_id: v.items.visible },
      { type: "language", language: "zh" },
      { type: "search_miss", term: "Пицца!" },
    ];
    expect((await post({ store_id: v.store_id, events })).status).toBe(204);
    expect((await post({ store_id: v.store_id, device: "another-guest-phone-1", events: [{ type: "menu_view" }] })).status).toBe(204);
    const rows = await metricsOf(v.company_id, v.store_id, "2000-01-01", "2999-12-31");
    const count = (name: string, key: string) => rows.find((r) => r.name === name && r.key === key)?.count;
    expect(count("menu_view", "23")).toBe(2);
    expect(count("qr_scan", "7")).toBe(1);
    // Opened twice by one guest: one opening (people, not requests).
    expect(count("item_open", v.items.visible)).toBe(1);
    expect(count("cart_add", v.items.visible)).toBe(1);
    expect(count("language", "zh")).toBe(1);
    expect(count("language", "ru")).toBe(1);
    // One guest's search is counted, as "other searches" until 3 guests made it (search-terms.test.ts).
    expect(count("search_miss", "*")).toBe(1);
    expect(new Set(rows.map((r) => r.day))).toEqual(new Set(["2030-03-10"]));
    // Counters only: no field of a stored row identifies a guest; each expires 400 days after its day.
    const stored = await rawRows(v.company_id, v.store_id);
    expect(stored).toHaveLength(7);
    for (const row of stored) {
      expect(Object.keys(row).sort()).toEqual(["company_id", "count", "day", "expiresAt", "key", "name", "shard", "store_id"]);
      expect(row.expiresAt).toBe(expiresAtOf("2030-03-10"));
    }
  });

  it("ignores known bots and headless browsers (answered the same, counted nowhere)", async () => {
    const v = await venue("evtbot");
    for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla/5.0 HeadlessChrome/120.0.0.0", ""]) {
      expect((await post({ store_id: v.store_id, events: [{ type: "menu_view" }] }, { "user-agent": ua })).status).toBe(204);
    }
    expect(await rawRows(v.company_id, v.store_id)).toEqual([]);
  });

  it("counts exactly under parallel events, a busy store's counters spread over shards and added up on read", async () => {
    const v = await venue("evtbusy");
    const N = 150;
    const batch = { store_id: v.store_id, events: [{ type: "menu_view" }, { type: "item_open", item_id: v.items.visible }, { type: "qr_scan", table: 7 }] };
    // Many guests at once, each from their own phone.
    const statuses = await Promise.all(Array.from({ length: N }, async (_, i) => (await post(batch, {}, `198.51.100.${i}`)).status));
    expect(statuses.every((s) => s === 204)).toBe(true);
    const stored = await rawRows(v.company_id, v.store_id);
    expect(new Set(stored.map((r) => r.shard)).size).toBeGreaterThan(1);
    const rows = await metricsOf(v.company_id, v.store_id, "2000-01-01", "2999-12-31");
    const total = (name: string) => rows.filter((r) => r.name === name).reduce((sum, r) => sum + r.count, 0);
    expect(total("menu_view")).toBe(N);
    expect(total("item_open")).toBe(N);
    expect(total("qr_scan")).toBe(N);
  });

  it("needs no CSRF token and reads no session: a signed-in staff member's cookie neither blocks nor matters", async () => {
    const t = await tenant("evtstaff");
    const staff = browser(app, { headers: { "user-agent": PHONE } });
    expect((await staff.signIn(t.manager.email, PASSWORD)).status).toBe(200);
    const res = await staff.send("POST", "/api/events", { store_id: t.store_id, device: "staff-members-phone-1", events: [{ type: "menu_view" }] }, { csrf: false });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([]);
    const rows = await metricsOf(t.company_id, t.store_id, "2000-01-01", "2999-12-31");
    expect(rows.filter((r) => r.name === "menu_view").reduce((s, r) => s + r.count, 0)).toBe(1);
  });

  it("rejects bad batches and unknown stores", async () => {
    expect((await post({ store_id: "x", events: [] })).status).toBe(400);
    expect((await post({ store_id: "x", events: [{ type: "steal" }] })).status).toBe(400);
    expect((await post({ store_id: "x", events: Array(51).fill({ type: "menu_view" }) })).status).toBe(400);
    expect((await post({ store_id: "no-such-store", events: [{ type: "menu_view" }] })).status).toBe(404);
  });
});
