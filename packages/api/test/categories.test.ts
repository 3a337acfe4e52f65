import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { scheduleAllows, zonedTime } from "@menu/core/shared/schedule";
import { createStore } from "@menu/core/store/store";
import { createUser } from "@menu/core/auth/user";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { body, publishRequests, signedInTenants, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Schedule = { enabled: boolean; days: string[]; start: string; end: string };
type Category = {
  id: string;
  section: string;
  type: string;
  name: string;
  icon: string;
  parent_id: string;
  position: number;
  visible: boolean;
  schedule?: Schedule;
  translations: Record<string, { title?: string; manual?: boolean }>;
  content_count: number;
};
let t: Tenant;
let other: Tenant;
let owner: Client;
let manager: Client;
let stranger: Client;
let admin: Client;

const signedIn = signingIn(app);

beforeAll(async () => {
  ({ t, other, owner, manager, stranger, admin } = await signedInTenants(app, "categories", "outsiders"));
});

const list = async (section = "drinks", b = manager, store_id = t.store_id) =>
  body<Category[]>(await b.get(`/api/categories?storeId=${store_id}&section=${section}`));
const create = (fields: Record<string, unknown>, b = manager, store_id = t.store_id) =>
  b.send("POST", "/api/categories", { store_id, section: "drinks", ...fields });
const created = async (fields: Record<string, unknown>) => {
  const res = await create(fields);
  expect(res.status).toBe(201);
  return body<Category>(res);
};
const patch = (id: string, fields: Record<string, unknown>, b = manager) => b.send("PATCH", `/api/categories/${id}`, { store_id: t.store_id, ...fields });
const move = (id: string, parent_id: string, b = manager) => b.send("POST", `/api/categories/${id}/move`, { store_id: t.store_id, parent_id });
const schedule = (id: string, value: Schedule | null, b = manager) => b.send("PUT", `/api/categories/${id}/schedule`, { store_id: t.store_id, schedule: value });
const sort = (parent_id: string, category_ids: string[], b = manager, section = "drinks") =>
  b.send("POST", "/api/categories/order", { store_id: t.store_id, section, parent_id, category_ids });
const remove = (id: string, b = manager) => b.send("DELETE", `/api/categories/${id}?storeId=${t.store_id}`);
const everyDay = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

describe("categories and supercategories", () => {
  it("creates a supercategory and categories under it, listed in tree order with their type, and asks for a publish", async () => {
    const before = await publishRequests(t);
    const bar = await created({ name: "  Бар ", icon: "🍸" });
    expect(bar).toMatchObject({ name: "Бар", icon: "🍸", section: "drinks", type: "products", parent_id: "", visible: true, content_count: 0 });
    const tea = await created({ name: "Чай", parent_id: bar.id, visible: false });
    const coffee = await created({ name: "Кофе", parent_id: bar.id });
    const juice = await created({ name: "Соки" });
    expect([tea.position, coffee.position]).toEqual([0, 1]);
    expect((await list()).map((c) => c.name)).toEqual(["Бар", "Чай", "Кофе", "Соки"]);
    expect((await list()).find((c) => c.id === tea.id)?.visible).toBe(false);
    expect(juice.position).toBe(1);
    expect(await publishRequests(t)).toBeGreaterThan(before);
    // The type follows the section.
    expect((await created({ name: "Кальяны", section: "hookahs" })).type).toBe("hookahs");
    expect((await created({ name: "Настолки", section: "games" })).type).toBe("entertainment");
    // The fixture's kitchen category counts its two items (the hidden one too).
    expect((await list("kitchen")).find((c) => c.id === t.category_id)?.content_count).toBe(2);
  });

  it("validates the name with the specification's messages", async () => {
    const empty = await create({ name: "   " });
    expect(empty.status).toBe(400);
    expect((await body(empty)).message).toContain("String cannot be empty");
    const missing = await create({});
    expect(missing.status).toBe(400);
    expect((await body(missing)).message).toContain("This field is required");
    expect((await create({ name: "x".repeat(61) })).status).toBe(400);
    expect((await create({ name: "ok", section: "bar" })).status).toBe(400);
  });

  it("refuses a parent that is not a supercategory of the same section: Failed to add category", async () => {
    const top = await created({ name: "Лимонады" });
    const child = await created({ name: "Домашние", parent_id: top.id });
    for (const parent_id of [child.id, t.category_id, "no-such-category"]) {
      const res = await create({ name: "Вложенная", parent_id });
      expect(res.status).toBe(409);
      expect(await body(res)).toMatchObject({ code: "categoryAddFailed", message: "Failed to add category" });
    }
    const promo = await created({ name: "Акции", section: "promotions" });
    expect((await create({ name: "Под акцией", section: "promotions", parent_id: promo.id })).status).toBe(409);
  });

  it("edits name, icon and visibility; a new name drops the automatic translations, keeps hand-written ones", async () => {
    const c = await created({ name: "Морсы" });
    await Db()
      .entities.category.patch({ company_id: t.company_id, store_id: t.store_id, category_id: c.id })
      .set({ translations: { en: { title: "Berry drinks" }, zh: { title: "果汁饮料", manual: true } } })
      .go();
    const res = await patch(c.id, { name: "Морсы и компоты", icon: "🍹", visible: false });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ name: "Морсы и компоты", icon: "🍹", visible: false });
    const stored = (await list()).find((x) => x.id === c.id)!;
    expect(stored).toMatchObject({ name: "Морсы и компоты", icon: "🍹", visible: false });
    expect(stored.translations).toEqual({ zh: { title: "果汁饮料", manual: true } });
    expect((await patch(c.id, { visible: true })).status).toBe(200);
    expect((await list()).find((x) => x.id === c.id)?.translations).toEqual({ zh: { title: "果汁饮料", manual: true } });
    expect((await patch(c.id, { name: "" })).status).toBe(400);
    const missing = await patch("no-such-category", { name: "x" });
    expect(missing.status).toBe(404);
    expect(await body(missing)).toMatchObject({ code: "categoryNotFound" });
  });

  it("deletes an empty category; one with items or categories is refused: Could not delete category", async () => {
    const withItems = await manager.send("DELETE", `/api/categories/${t.category_id}?storeId=${t.store_id}`);
    expect(withItems.status).toBe(409);
    expect(await body(withItems)).toMatchObject({ code: "categoryDeleteFailed", message: "Could not delete category", details: { items: 2, categories: 0 } });
    const top = await created({ name: "Удалить" });
    const child = await created({ name: "Удалить тоже", parent_id: top.id });
    const withChild = await remove(top.id);
    expect(withChild.status).toBe(409);
    expect(await body(withChild)).toMatchObject({ details: { categories: 1, items: 0 } });
    const before = await publishRequests(t);
    expect((await remove(child.id)).status).toBe(200);
    expect((await remove(top.id)).status).toBe(200);
    expect((await list()).some((c) => c.id === top.id || c.id === child.id)).toBe(false);
    expect((await remove(top.id)).status).toBe(404);
    expect(await publishRequests(t)).toBeGreaterThan(before);
  });

  it("moves a category to another supercategory or the top level; nesting stays one level deep", async () => {
    const a = await created({ name: "Пиво" });
    const b = await created({ name: "Сидр" });
    const lager = await created({ name: "Лагер", parent_id: a.id });
    const moved = await move(lager.id, b.id);
    expect(moved.status).toBe(200);
    expect(await body(moved)).toMatchObject({ parent_id: b.id, position: 0 });
    // A supercategory with categories cannot become a category.
    const deep = await move(b.id, a.id);
    expect(deep.status).toBe(409);
    expect(await body(deep)).toMatchObject({ code: "categoryNestingTooDeep" });
    // Not under itself, not under a category, not into another section.
    const self = await move(a.id, a.id);
    expect(self.status).toBe(409);
    expect(await body(self)).toMatchObject({ code: "categoryUpdateFailed", message: "Failed to update category" });
    expect((await move(a.id, lager.id)).status).toBe(409);
    expect((await move(a.id, t.category_id)).status).toBe(409);
    // An empty supercategory may become a category; and back to the top level.
    expect((await move(a.id, b.id)).status).toBe(200);
    expect((await list()).filter((c) => c.parent_id === b.id).map((c) => c.name)).toEqual(["Лагер", "Пиво"]);
    expect((await move(a.id, "")).status).toBe(200);
    expect((await list()).find((c) => c.id === a.id)?.parent_id).toBe("");
  });

  it("sorts one parent's categories; the same order again is refused", async () => {
    const top = await created({ name: "Вино" });
    const ids = [];
    for (const name of ["Красное", "Белое", "Розовое"]) ids.push((await created({ name, parent_id: top.id })).id);
    const reversed = [...ids].reverse();
    const before = await publishRequests(t);
    const res = await sort(top.id, reversed);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual(reversed);
    const children = (await list()).filter((c) => c.parent_id === top.id);
    expect(children.map((c) => c.id)).toEqual(reversed);
    expect(children.map((c) => c.position)).toEqual([0, 1, 2]);
    expect(await publishRequests(t)).toBeGreaterThan(before);
    const again = await sort(top.id, reversed);
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ code: "sortingUnchanged", message: "You did not make any changes to the sorting" });
    // Listing only the first is enough to move it up; ids of other parents change nothing.
    expect((await sort(top.id, [ids[0]!])).status).toBe(200);
    expect((await list()).filter((c) => c.parent_id === top.id).map((c) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect((await sort(top.id, [t.category_id])).status).toBe(409);
    // Top-level order of the section.
    const tops = (await list()).filter((c) => !c.parent_id).map((c) => c.id);
    expect((await sort("", [tops.at(-1)!])).status).toBe(200);
    expect((await list()).filter((c) => !c.parent_id)[0]!.id).toBe(tops.at(-1));
  });

  it("schedules: refused under a parent with its own schedule, and on a supercategory whose category has one", async () => {
    const top = await created({ name: "Завтраки-бар" });
    const child = await created({ name: "Смузи", parent_id: top.id });
    const morning = { enabled: true, days: ["sat", "mon", "mon"], start: "08:00", end: "12:00" };
    const set = await schedule(child.id, morning);
    expect(set.status).toBe(200);
    expect((await body<Category>(set)).schedule).toEqual({ enabled: true, days: ["mon", "sat"], start: "08:00", end: "12:00" });
    expect((await list()).find((c) => c.id === child.id)?.schedule).toEqual({ enabled: true, days: ["mon", "sat"], start: "08:00", end: "12:00" });

    const onParent = await schedule(top.id, { ...morning, days: everyDay });
    expect(onParent.status).toBe(409);
    expect(await body(onParent)).toMatchObject({ code: "childHasSchedule" });
    expect((await schedule(child.id, null)).status).toBe(200);
    expect((await list()).find((c) => c.id === child.id)?.schedule).toBeUndefined();
    // An off schedule is still the parent's own: the child cannot have one.
    expect((await schedule(top.id, { ...morning, enabled: false })).status).toBe(200);
    const refused = await schedule(child.id, morning);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({
      code: "parentHasSchedule",
      message: "A category schedule cannot be added if a parent already has its own schedule",
    });
    // Moving a scheduled category under a scheduled supercategory is refused the same way.
    const loose = await created({ name: "Фреши" });
    expect((await schedule(loose.id, morning)).status).toBe(200);
    expect(await body(await move(loose.id, top.id))).toMatchObject({ code: "parentHasSchedule" });

    const bad = await schedule(loose.id, { ...morning, start: "24:00" });
    expect(bad.status).toBe(400);
    expect((await body(bad)).message).toContain("Value is incorrect");
    const noDays = await schedule(loose.id, { ...morning, days: [] });
    expect(noDays.status).toBe(400);
    expect((await body(noDays)).message).toContain("This field is required");
  });

  it("evaluates an overnight schedule in the store's time zone", async () => {
    await Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ time_zone: "America/New_York" }).go();
    const night = await created({ name: "Ночное меню" });
    expect((await schedule(night.id, { enabled: true, days: ["fri"], start: "22:00", end: "02:00" })).status).toBe(200);
    const stored = (await list()).find((c) => c.id === night.id)!.schedule;
    const zone = (await body<{ time_zone: string }>(await manager.get(`/api/store-settings?storeId=${t.store_id}`))).time_zone;
    expect(zone).toBe("America/New_York");
    const at = (iso: string) => scheduleAllows(stored, zonedTime(new Date(iso), zone));
    expect(at("2030-03-09T03:30:00Z")).toBe(true); // Fri 22:30 in New York (Sat 03:30 UTC)
    expect(at("2030-03-09T06:30:00Z")).toBe(true); // Sat 01:30 in New York: the part after midnight
    expect(at("2030-03-09T07:30:00Z")).toBe(false); // Sat 02:30 in New York
    expect(at("2030-03-08T23:30:00Z")).toBe(false); // Fri 23:30 UTC is only 18:30 in New York
    expect(at("2030-03-10T03:30:00Z")).toBe(false); // Sat 22:30: not a scheduled day
  });

  it("refuses other tenants, a store manager of another store and anonymous callers (not found); company managers and admins get in", async () => {
    const mine = await created({ name: "Чужим нельзя" });
    const calls = (b: Client, store_id = t.store_id) => [
      b.get(`/api/categories?storeId=${store_id}&section=drinks`),
      b.send("POST", "/api/categories", { store_id, section: "drinks", name: "intruder" }),
      b.send("PATCH", `/api/categories/${mine.id}`, { store_id, name: "hacked" }),
      b.send("POST", `/api/categories/${mine.id}/move`, { store_id, parent_id: "" }),
      b.send("POST", "/api/categories/order", { store_id, section: "drinks", parent_id: "", category_ids: [mine.id] }),
      b.send("PUT", `/api/categories/${mine.id}/schedule`, { store_id, schedule: null }),
      b.send("DELETE", `/api/categories/${mine.id}?storeId=${store_id}`),
    ];
    for (const res of await Promise.all(calls(stranger))) expect(res.status).toBe(404);
    // The attacker's own store id with the victim's category id finds nothing either.
    for (const res of (await Promise.all(calls(stranger, other.store_id))).slice(2)) {
      expect(res.status === 404 || (await body(res)).code === "sortingUnchanged").toBe(true);
    }
    for (const res of await Promise.all(calls(browser(app)))) expect([401, 403, 404]).toContain(res.status);

    // A store manager of another store of the same company.
    const second = await createStore({ company_id: t.company_id, name: "Second", url_key: "second" });
    const secondManager = await createUser({
      email: uniqueEmail("second-manager"),
      password: PASSWORD,
      role: "store_manager",
      company_id: t.company_id,
      store_id: second.store_id,
      email_confirmed: true,
    });
    const neighbour = await signedIn(secondManager.email);
    for (const res of await Promise.all(calls(neighbour))) expect(res.status).toBe(404);
    expect((await manager.get(`/api/categories?storeId=${second.store_id}&section=drinks`)).status).toBe(404);

    expect((await list()).find((c) => c.id === mine.id)?.name).toBe("Чужим нельзя");
    expect((await owner.get(`/api/categories?storeId=${second.store_id}&section=drinks`)).status).toBe(200);
    expect((await patch(mine.id, { name: "Можно владельцу" }, owner)).status).toBe(200);
    expect((await patch(mine.id, { name: "И оператору" }, admin)).status).toBe(200);
    expect((await list("drinks", admin)).find((c) => c.id === mine.id)?.name).toBe("И оператору");
  });
});
