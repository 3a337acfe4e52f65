import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { createStore } from "@menu/core/store/store";
import { addDays } from "@menu/core/billing/plans";
import { requestFactsRefresh } from "@menu/core/store/facts";
import { refreshTranslationFacts } from "@menu/core/translation/facts-refresh";
import { venue } from "../../core/test/fixtures";

type Venue = Awaited<ReturnType<typeof venue>>;
let v: Venue;
let other: Venue;
let second: { store_id: string };
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

const storeManager = (s: { company_id: string; store_id: string }): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const companyManager = (company_id: string): Actor => ({ type: "user", userId: "o", role: "company_manager", companyId: company_id });
const admin: Actor = { type: "user", userId: "a", role: "admin", companyId: "platform" };
const get = async (actor: Actor, path: string) => {
  const res = await createApp({ resolveActor: () => actor }).request(path);
  return { status: res.status, body: (await res.json()) as Record<string, never> };
};
let guests = 0;
/** Each event from a guest of its own (a view, scan or opening counts once per guest and half hour). */
const events = async (store_id: string, list: unknown[]) => {
  const answers = await Promise.all(
    list.map((event) =>
      createApp().request("/api/events", {
        method: "POST",
        body: JSON.stringify({ store_id, device: `analytics-guest-${++guests}-0000`, events: [event] }),
        headers: { "content-type": "application/json", "user-agent": PHONE },
      }),
    ),
  );
  return answers.find((a) => a.status !== 204) ?? answers[0]!;
};

beforeAll(async () => {
  [v, other] = await Promise.all([venue("stats"), venue("statsother")]);
  second = await createStore({ company_id: v.company_id, name: "Парк", url_key: "park" });
  await Db()
    .entities.item.patch({ company_id: v.company_id, store_id: v.store_id, item_id: v.items.visible })
    .set({ photo: `media/${v.company_id}/${v.store_id}/photo-${randomUUID()}.webp`, translations: { en: { title: "Borscht" } } })
    .go();

  // The previous period of "7 days up to 2030-03-11": one view and the same search on 2030-03-04.
  clock.set(new Date("2030-03-04T10:00:00Z"));
  expect((await events(v.store_id, [{ type: "menu_view", language: "ru" }, { type: "search_miss", term: "Суши" }])).status).toBe(204);
  // Monday 2030-03-11, 12:15 in Minsk.
  clock.set(new Date("2030-03-11T09:15:00Z"));
  const batch = [
    { type: "menu_view", language: "en" },
    { type: "menu_view", language: "ru" },
    { type: "menu_view", language: "en" },
    { type: "qr_scan", table: 7 },
    { type: "qr_scan", table: 7 },
    { type: "item_open", item_id: v.items.visible },
    { type: "item_open", item_id: v.items.visible },
    { type: "item_open", item_id: other.items.visible }, // another store's item: not on this menu, not counted
    { type: "cart_add", item_id: v.items.visible },
    { type: "search_miss", term: "суши" },
  ];
  expect((await events(v.store_id, batch)).status).toBe(204);
  expect((await events(other.store_id, [{ type: "menu_view" }])).status).toBe(204);
  clock.reset();
});

afterEach(() => clock.reset());

describe("GET /api/analytics (the overview of a store)", () => {
  it("answers every figure of the last 7 days against the 7 before, in the store's time zone", async () => {
    clock.set(new Date("2030-03-11T20:00:00Z"));
    const { status, body } = await get(storeManager(v), `/api/analytics?storeId=${v.store_id}&period=7`);
    expect(status).toBe(200);
    const a = body as unknown as import("@menu/core/analytics/report").StoreAnalytics;
    expect(a.today).toBe("2030-03-11");
    expect(a.range).toEqual({ from: "2030-03-05", to: "2030-03-11", days: 7 });
    expect(a.previous).toEqual({ from: "2030-02-26", to: "2030-03-04" });
    expect(a.totals).toEqual({
      views: { value: 3, previous: 1 },
      scans: { value: 2, previous: 0 },
      item_opens: { value: 2, previous: 0 },
      cart_adds: { value: 1, previous: 0 },
      search_misses: { value: 1, previous: 1 },
    });
    expect(a.daily.at(-1)).toEqual({ day: "2030-03-11", views: 3, previous_day: "2030-03-04", previous: 1 });
    expect(a.daily.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(a.tables).toEqual([{ position: 7, name: "Table 7", value: 2, previous: 0 }]);
    expect(a.items_viewed).toEqual([
      { item_id: v.items.visible, title: "Борщ", titles: { en: "Borscht" }, thumbnail: expect.stringMatching(/^\/media\/.+-320w\.webp$/), value: 2, previous: 0 },
    ]);
    expect(a.items_added.map((i) => [i.title, i.value])).toEqual([["Борщ", 1]]);
    expect(a.languages).toEqual([
      { language: "en", value: 2, previous: 0 },
      { language: "ru", value: 1, previous: 1 },
    ]);
    // One guest a day searched it (no guest id here): counted, but only as "other searches" (search-terms.test.ts).
    expect(a.searches).toEqual([{ term: "*", other: true, value: 1, previous: 1 }]);
    // Monday, 12:00-13:00 in Minsk.
    expect(a.heatmap[0]![12]).toBe(3);
    expect(a.heatmap.flat().reduce((s, n) => s + n, 0)).toBe(3);
  });

  it("takes a custom range (one day) compared with the day before, and refuses a wrong range", async () => {
    clock.set(new Date("2030-03-12T08:00:00Z"));
    const one = await get(storeManager(v), `/api/analytics?storeId=${v.store_id}&period=custom&from=2030-03-04&to=2030-03-04`);
    expect(one.status).toBe(200);
    expect(one.body.totals).toMatchObject({ views: { value: 1, previous: 0 }, search_misses: { value: 1, previous: 0 } });
    expect(one.body.previous).toEqual({ from: "2030-03-03", to: "2030-03-03" });
    const month = await get(storeManager(v), `/api/analytics?storeId=${v.store_id}&period=30`);
    expect(month.body.totals).toMatchObject({ views: { value: 4, previous: 0 } });
    for (const q of ["period=custom&from=2030-03-10", "period=custom&from=2030-03-10&to=2030-03-01", "period=custom&from=2030-02-31&to=2030-03-01", "period=365"]) {
      expect((await get(storeManager(v), `/api/analytics?storeId=${v.store_id}&${q}`)).status, q).toBe(400);
    }
  });

  it("is the store's staff's only: another store's or company's staff get not found", async () => {
    const path = `/api/analytics?storeId=${v.store_id}`;
    expect((await get(storeManager(other), path)).status).toBe(404);
    expect((await get(companyManager(other.company_id), path)).status).toBe(404);
    expect((await get(storeManager({ company_id: v.company_id, store_id: second.store_id }), path)).status).toBe(404);
    expect((await get({ type: "public" }, path)).status).toBe(404);
    expect((await get(companyManager(v.company_id), path)).status).toBe(200);
    expect((await get(admin, path)).status).toBe(200);
  });
});

describe("GET /api/analytics/company (the stores of a company side by side)", () => {
  it("answers every store of the company with its totals and views per day", async () => {
    clock.set(new Date("2030-03-11T20:00:00Z"));
    const { status, body } = await get(companyManager(v.company_id), `/api/analytics/company?companyId=${v.company_id}&period=7`);
    expect(status).toBe(200);
    const stores = (body as unknown as { stores: { store_id: string; name: string; totals: { views: { value: number; previous: number } }; daily: unknown[] }[] }).stores;
    expect(stores.map((s) => [s.store_id, s.totals.views])).toEqual([
      [v.store_id, { value: 3, previous: 1 }],
      [second.store_id, { value: 0, previous: 0 }],
    ]);
    expect(stores[0]!.daily).toHaveLength(7);
    expect((await get(admin, `/api/analytics/company?companyId=${v.company_id}`)).status).toBe(200);
  });

  it("is the company managers' and admins': a store manager and another company get not found", async () => {
    const path = `/api/analytics/company?companyId=${v.company_id}`;
    expect((await get(storeManager(v), path)).status).toBe(404);
    expect((await get(companyManager(other.company_id), path)).status).toBe(404);
    expect((await get({ type: "public" }, path)).status).toBe(404);
  });
});

describe("GET /api/setup-checklist", () => {
  it("ticks each step from the store's real data", async () => {
    const t = await venue("setup");
    const keys = { company_id: t.company_id, store_id: t.store_id };
    const steps = async () => {
      const { status, body } = await get(storeManager(t), `/api/setup-checklist?storeId=${t.store_id}`);
      expect(status).toBe(200);
      const list = body as unknown as { complete: boolean; steps: { id: string; done: boolean; counts: Record<string, number> }[] };
      return { complete: list.complete, done: Object.fromEntries(list.steps.map((s) => [s.id, s.done])), counts: Object.fromEntries(list.steps.map((s) => [s.id, s.counts])) };
    };
    let s = await steps();
    expect(s.done).toEqual({ logo: false, menu: true, translations: true, tables: true, wifi: false, subscription: false });
    expect(s.counts.menu).toEqual({ categories: 1, items: 2 });
    expect(s.complete).toBe(false);

    await Db()
      .entities.store.patch(keys)
      .set({ logo_light: `media/${t.company_id}/${t.store_id}/logo-${randomUUID()}.webp`, wifi: { ssid: "Cafe", encryption: "WPA", password: "secret123" }, languages: ["ru", "en"] })
      .go();
    await Db()
      .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() })
      .go();
    // Written around the write paths: the test runs the count they would have asked the translate worker for.
    await refreshTranslationFacts(keys);
    s = await steps();
    // English is now a menu language: the category and both items miss their translation.
    expect(s.done).toEqual({ logo: true, menu: true, translations: false, tables: true, wifi: true, subscription: true });
    expect(s.counts.translations).toMatchObject({ languages: 1, missing: 3 });

    const en = { en: { title: "Translated", manual: true } };
    await Db().entities.category.patch({ ...keys, category_id: t.category_id }).set({ translations: en }).go();
    for (const item_id of [t.items.visible, t.items.hidden]) await Db().entities.item.patch({ ...keys, item_id }).set({ translations: en }).go();
    // The count of the texts those writes name.
    await requestFactsRefresh(keys, [
      { target_type: "Category", target_id: t.category_id },
      ...[t.items.visible, t.items.hidden].map((target_id) => ({ target_type: "Item" as const, target_id })),
    ]);
    await refreshTranslationFacts(keys);
    s = await steps();
    expect(s.done.translations).toBe(true);
    expect(s.complete).toBe(true);
  });

  it("is the store's staff's only", async () => {
    const path = `/api/setup-checklist?storeId=${v.store_id}`;
    expect((await get(storeManager(other), path)).status).toBe(404);
    expect((await get({ type: "public" }, path)).status).toBe(404);
  });
});
