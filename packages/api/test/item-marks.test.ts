/** Allergens, dietary tags and "sold out today" (issue 19): the rules, the bulk calls and what guests get. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, DAYS, Db } from "@menu/core";
import { passesFilter } from "@menu/core/item/marks";
import { buildPublishedMenu } from "@menu/core/publish/build";
import { loadStoreState } from "@menu/core/publish/store-state";
import { browser, captureMail } from "./support/browser-client";
import { tenant } from "./support/accounts";
import { body, callAs, publishRequests, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Item = { id: string; allergens: string[]; tags: string[]; sold_out_until?: string };

let t: Tenant;
let other: Tenant;
let manager: Client, stranger: Client;
const signedIn = signingIn(app);

const form = (over: Record<string, unknown> = {}) => ({ title: "Сырники", description: "", visible: true, portions: [{ weight: "200", unit: "g", price: "9.50", currency: "BYN" }], ...over });
const create = async (over: Record<string, unknown> = {}) => body<Item>(await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, ...form(over) }));
const list = async () => (await body<{ items: Item[] }>(await manager.get(`/api/items?storeId=${t.store_id}&categoryId=${t.category_id}&limit=100`))).items;
const find = async (id: string) => (await list()).find((i) => i.id === id)!;
/** The menu guests get in `lang`, built as the publish job builds it at `now`. */
const published = async (lang: string, now = clock.now()) => {
  const state = await loadStoreState({ company_id: t.company_id, store_id: t.store_id }, now);
  return buildPublishedMenu(state, lang, () => ({ size: 1, path: "" }), now);
};
const setHours = (working_hours: { days: (typeof DAYS)[number][]; open: string; close: string }[], time_zone = "Europe/Minsk") =>
  Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ working_hours, time_zone }).go();
const soldOut = (item_ids: string[], sold_out = true, b = manager) => b.send("POST", "/api/items/sold-out", { store_id: t.store_id, item_ids, sold_out });
/** The store manager's call at a moved clock (a signed-in session would have expired by then). */
const soldOutAt = async (at: string, item_ids: string[]) => {
  clock.set(new Date(at));
  const res = await callAs({ type: "user", userId: t.manager.id, role: "store_manager", companyId: t.company_id, storeId: t.store_id }, "POST", "/api/items/sold-out", { store_id: t.store_id, item_ids, sold_out: true });
  expect(res.status).toBe(200);
  return res.body.sold_out_until;
};

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("marks"), tenant("marksother")]);
  // Basic plan: ru, en and zh menus are published.
  const now = Date.now();
  await Db()
    .entities.subscription.create({
      company_id: t.company_id,
      store_id: t.store_id,
      subscription_id: crypto.randomUUID(),
      plan: "basic",
      status: "active",
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 20 * 365 * 86_400_000).toISOString(),
      paid_at: new Date(now - 86_400_000).toISOString(),
    })
    .go();
  await Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ languages: ["ru", "en", "zh"] }).go();
  [manager, stranger] = await Promise.all([signedIn(t.manager.email), signedIn(other.owner.email)]);
});
afterEach(() => clock.reset());

describe("allergens and dietary tags", () => {
  it("are kept in their canonical order without repeats; unknown codes are refused", async () => {
    const item = await create({ allergens: ["nuts", "gluten", "nuts"], tags: ["spicy", "vegetarian"] });
    expect(item.allergens).toEqual(["gluten", "nuts"]);
    expect(item.tags).toEqual(["vegetarian", "spicy"]);
    const res = await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, ...form({ allergens: ["arsenic"] }) });
    expect(res.status).toBe(400);
    expect((await body<{ message: string }>(res)).message).toContain("Value is incorrect");
    // An item made without marks has none.
    expect((await create()).allergens).toEqual([]);
  });

  it("are changed in bulk: added and removed on every selected item, only the store's items", async () => {
    const a = await create({ allergens: ["milk"] });
    const b = await create({ tags: ["vegan"] });
    const res = await manager.send("POST", "/api/items/marks", {
      store_id: t.store_id,
      item_ids: [a.id, b.id],
      allergens: { add: ["sesame", "eggs"] },
      tags: { add: ["halal"], remove: ["vegan"] },
    });
    expect(res.status).toBe(200);
    expect(await find(a.id)).toMatchObject({ allergens: ["eggs", "milk", "sesame"], tags: ["halal"] });
    expect(await find(b.id)).toMatchObject({ allergens: ["eggs", "sesame"], tags: ["halal"] });

    const empty = await manager.send("POST", "/api/items/marks", { store_id: t.store_id, item_ids: [], tags: { add: ["spicy"] } });
    expect(empty.status).toBe(400);
    expect((await body<{ message: string }>(empty)).message).toBe("You need to select at least one item");
    // Another company cannot mark our items, and our ids in its store are not found.
    expect((await stranger.send("POST", "/api/items/marks", { store_id: t.store_id, item_ids: [a.id], tags: { add: ["spicy"] } })).status).toBe(404);
    expect((await stranger.send("POST", "/api/items/marks", { store_id: other.store_id, item_ids: [a.id], tags: { add: ["spicy"] } })).status).toBe(404);
    expect((await find(a.id)).tags).toEqual(["halal"]);
  });

  it("are the same marks in every menu language, named from the product's table, never from translated text", async () => {
    const item = await create({ title: "Паста с орехами", allergens: ["nuts", "gluten"], tags: ["vegetarian"] });
    // A translation that says nothing of nuts changes nothing about the marks.
    await Db()
      .entities.item.patch({ company_id: t.company_id, store_id: t.store_id, item_id: item.id })
      .set({ translations: { en: { title: "Pasta", manual: true }, zh: { title: "意大利面", manual: true } } })
      .go();
    const menus = await Promise.all(["ru", "en", "zh"].map((l) => published(l)));
    for (const menu of menus) {
      const shown = menu.items.find((i) => i.id === item.id)!;
      expect(shown.allergens).toEqual(["gluten", "nuts"]);
      expect(shown.tags).toEqual(["vegetarian"]);
    }
    const [ru, en, zh] = menus;
    expect(ru!.marks.nuts).toEqual({ name: "Орехи" });
    expect(en!.marks.nuts!.name).toBe("Tree nuts");
    expect(zh!.marks.nuts!.name).toBe("坚果");
    expect(zh!.marks.vegetarian!.name).toBe("素食");
  });

  it("filter the menu: items with an excluded allergen or without a required tag are left out", async () => {
    await create({ title: "Салат", allergens: ["milk"], tags: ["vegetarian"] });
    const menu = await published("en");
    const filter = { without: ["nuts"], only: ["vegetarian"] };
    const passing = menu.items.filter((i) => passesFilter(i, filter));
    expect(passing.length).toBeGreaterThan(0);
    for (const i of passing) {
      expect(i.allergens ?? []).not.toContain("nuts");
      expect(i.tags).toContain("vegetarian");
    }
    expect(passesFilter({ allergens: ["milk"], tags: ["vegetarian"] }, filter)).toBe(true);
    expect(passesFilter({ allergens: ["nuts"], tags: ["vegetarian"] }, filter)).toBe(false);
    expect(passesFilter({ tags: ["vegan"] }, filter)).toBe(false);
    expect(passesFilter({}, { without: [], only: [] })).toBe(true);
  });
});

describe("sold out today", () => {
  it("lasts until the store's next opening in its time zone, then ends by itself", async () => {
    await setHours([{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], open: "10:00", close: "23:00" }]);
    const item = await create({ title: "Драники" });
    // Wednesday 15:00 in Minsk (UTC+3): sold out until Thursday 10:00 Minsk = 07:00 UTC.
    expect(await soldOutAt("2030-03-06T12:00:00Z", [item.id])).toBe("2030-03-07T07:00:00.000Z");
    clock.reset();
    expect((await find(item.id)).sold_out_until).toBe("2030-03-07T07:00:00.000Z");
    // Hidden is something else: the item stays on the menu, marked.
    expect((await published("ru", new Date("2030-03-06T12:00:00Z"))).items.find((i) => i.id === item.id)?.sold_out_until).toBe("2030-03-07T07:00:00.000Z");
    // At the opening the mark is gone from what guests get, without anyone touching it.
    const shown = (await published("ru", new Date("2030-03-07T07:00:01Z"))).items.find((i) => i.id === item.id)!;
    expect(shown).toBeDefined();
    expect(shown.sold_out_until).toBeUndefined();
  });

  it("after midnight on an overnight night, ends at today's opening; without hours, at the next midnight", async () => {
    await setHours([{ days: ["fri", "sat"], open: "18:00", close: "02:00" }]);
    const item = await create({ title: "Кальян" });
    // Saturday 01:00 in Minsk (still Friday's night): next opening Saturday 18:00 Minsk = 15:00 UTC.
    expect(await soldOutAt("2030-03-08T22:00:00Z", [item.id])).toBe("2030-03-09T15:00:00.000Z");
    // Sunday 12:00 Minsk: Friday 18:00 Minsk = 15:00 UTC.
    expect(await soldOutAt("2030-03-10T09:00:00Z", [item.id])).toBe("2030-03-15T15:00:00.000Z");
    await setHours([], "Asia/Shanghai");
    // 20:00 in Shanghai: the next midnight there (16:00 UTC).
    expect(await soldOutAt("2030-03-06T12:00:00Z", [item.id])).toBe("2030-03-06T16:00:00.000Z");
  });

  it("is set and cleared in bulk, asks for a publish, and is refused to other companies", async () => {
    const before = await publishRequests(t);
    const a = await create({ title: "Блины" });
    const b = await create({ title: "Оладьи" });
    expect((await soldOut([a.id, b.id])).status).toBe(200);
    expect((await find(a.id)).sold_out_until).toBeDefined();
    expect((await find(b.id)).sold_out_until).toBeDefined();
    expect((await soldOut([a.id], false)).status).toBe(200);
    expect((await find(a.id)).sold_out_until).toBeUndefined();
    expect((await find(b.id)).sold_out_until).toBeDefined();
    expect(await publishRequests(t)).toBeGreaterThanOrEqual(before + 2);
    expect((await soldOut([])).status).toBe(400);
    expect((await soldOut([b.id], false, stranger)).status).toBe(404);
    expect([401, 404]).toContain((await soldOut([a.id], true, browser(app))).status);
    expect((await find(a.id)).sold_out_until).toBeUndefined();
  });
});
