import { describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { metricsOf } from "@menu/core/analytics/analytics";
import { venue } from "../../core/test/fixtures";

const app = createApp();
const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request("/api/events", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });

describe("POST /api/events (guest analytics)", () => {
  it("adds a batch to the store's anonymous counters", async () => {
    const v = await venue("evt");
    const events = [
      { type: "menu_view" },
      { type: "qr_scan", table: 7 },
      { type: "item_open", item_id: v.items.visible },
      { type: "item_open", item_id: v.items.visible },
      { type: "cart_add", item_id: v.items.visible },
      { type: "language", language: "zh" },
    ];
    expect((await post({ store_id: v.store_id, events })).status).toBe(204);
    expect((await post({ store_id: v.store_id, events: [{ type: "menu_view" }] })).status).toBe(204);
    const rows = await metricsOf(v.company_id, v.store_id, "2000-01-01", "2999-12-31");
    const count = (name: string, key: string) => rows.find((r) => r.name === name && r.key === key)?.count;
    expect(count("menu_view", "-")).toBe(2);
    expect(count("qr_scan", "7")).toBe(1);
    expect(count("item_open", v.items.visible)).toBe(2);
    expect(count("cart_add", v.items.visible)).toBe(1);
    expect(count("language", "zh")).toBe(1);
    // Counters only: no field of a row identifies a guest.
    expect(Object.keys(rows[0]!).sort()).toEqual(["company_id", "count", "day", "key", "name", "store_id"]);
  });

  it("rejects bad batches and unknown stores", async () => {
    expect((await post({ store_id: "x", events: [] })).status).toBe(400);
    expect((await post({ store_id: "x", events: [{ type: "steal" }] })).status).toBe(400);
    expect((await post({ store_id: "no-such-store", events: [{ type: "menu_view" }] })).status).toBe(404);
  });
});
