import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, usePorts } from "@menu/core";
import { createStore } from "@menu/core/store/store";
import { createUser } from "@menu/core/auth/user";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, platformAdmin, tenant } from "./support/accounts";
import { body, publishRequests, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Promotion = { id: string; category_id: string; position: number; header: string; description: string; banner?: string; visible: boolean };

let t: Tenant;
let other: Tenant;
let owner: Client, manager: Client, stranger: Client, admin: Client, otherStoreManager: Client, anonymous: Client;
let promos: string;
let otherPromos: string;

const signedIn = signingIn(app);
async function promotionsCategory(ids: { company_id: string; store_id: string }, name = "Акции") {
  const category_id = randomUUID();
  await Db().entities.category.create({ ...ids, category_id, section: "promotions", type: "promotions", name }).go();
  return category_id;
}
const DELTA = JSON.stringify({ ops: [{ insert: "Скидка 20%", attributes: { bold: true } }, { insert: " на всё\n" }] });
let banner: string;
const form = (over: Record<string, unknown> = {}) => ({ header: "Счастливые часы", description: DELTA, banner, visible: true, ...over });
const create = (b: Client, category_id = promos, over: Record<string, unknown> = {}) => b.send("POST", "/api/promotions", { store_id: t.store_id, category_id, ...form(over) });
const list = async (category_id = promos) => body<Promotion[]>(await manager.get(`/api/promotions?storeId=${t.store_id}&categoryId=${category_id}`));

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("promos"), tenant("promosother")]);
  [promos, otherPromos] = await Promise.all([promotionsCategory(t), promotionsCategory(other)]);
  const second = await createStore({ company_id: t.company_id, name: "Second", url_key: "second" });
  const secondManager = await createUser({ email: `promo-second-${randomUUID().slice(0, 6)}@example.com`, password: PASSWORD, role: "store_manager", company_id: t.company_id, store_id: second.store_id, email_confirmed: true });
  const a = await platformAdmin();
  [owner, manager, stranger, admin, otherStoreManager] = await Promise.all([
    signedIn(t.owner.email),
    signedIn(t.manager.email),
    signedIn(other.owner.email),
    signedIn(a.email),
    signedIn(secondManager.email),
  ]);
  anonymous = browser(app);
  banner = `media/${t.company_id}/${t.store_id}/banner-${randomUUID()}.webp`;
  await usePorts().objects.put(banner, new Uint8Array([1, 2, 3]), "image/webp");
});

describe("promotions of a promotions category", () => {
  it("validates the header with the specification's messages", async () => {
    for (const [header, message] of [
      ["", "header: This field is required"],
      ["  ", "header: This field is required"],
      [undefined, "header: This field is required"],
      ["A", "header:"],
      ["A".repeat(151), "header:"],
    ] as const) {
      const res = await create(manager, promos, { header });
      expect(res.status).toBe(400);
      expect((await body<{ message: string }>(res)).message).toContain(message);
    }
    expect((await create(manager, promos, { banner: "../../etc/passwd" })).status).toBe(400);
    expect((await create(manager, promos, { banner: `media/${other.company_id}/${other.store_id}/banner-${randomUUID()}.webp` })).status).toBe(400);
    const bad = await create(manager, promos, { description: "{not json" });
    expect((await body<{ message: string }>(bad)).message).toContain("description: Value is incorrect");
  });

  it("creates at the end of the category with a publish request; items' categories are refused", async () => {
    const before = await publishRequests(t);
    const first = await body<Promotion>(await create(manager));
    const res = await create(owner, promos, { header: "Бизнес-ланч", banner: undefined, visible: false });
    expect(res.status).toBe(201);
    const second = await body<Promotion>(res);
    expect(first).toMatchObject({ header: "Счастливые часы", description: DELTA, banner, visible: true, category_id: promos });
    expect(second).toMatchObject({ header: "Бизнес-ланч", visible: false });
    expect(second.banner).toBeUndefined();
    expect(second.position).toBeGreaterThan(first.position);
    expect((await list()).map((p) => p.header)).toEqual(["Счастливые часы", "Бизнес-ланч"]);
    expect(await publishRequests(t)).toBeGreaterThan(before);

    const wrong = await create(manager, t.category_id);
    expect(wrong.status).toBe(409);
    expect(await body(wrong)).toMatchObject({ code: "wrongCategoryForContent" });
    expect((await manager.get(`/api/promotions?storeId=${t.store_id}&categoryId=${t.category_id}`)).status).toBe(409);
    expect((await create(manager, otherPromos)).status).toBe(404);
  });

  it("edits (removing the banner drops it) and deletes, each with a publish request", async () => {
    const p = await body<Promotion>(await create(manager, promos, { header: "Старое" }));
    let before = await publishRequests(t);
    const res = await manager.send("PUT", `/api/promotions/${p.id}`, { store_id: t.store_id, ...form({ header: "Новое", banner: undefined, visible: false }) });
    expect(res.status).toBe(200);
    const saved = await body<Promotion>(res);
    expect(saved).toMatchObject({ id: p.id, header: "Новое", visible: false, position: p.position });
    expect(saved.banner).toBeUndefined();
    expect(await publishRequests(t)).toBeGreaterThan(before);

    before = await publishRequests(t);
    expect((await manager.send("DELETE", `/api/promotions/${p.id}?storeId=${t.store_id}`)).status).toBe(200);
    expect((await list()).some((x) => x.id === p.id)).toBe(false);
    expect(await publishRequests(t)).toBeGreaterThan(before);
    expect((await manager.send("DELETE", `/api/promotions/${p.id}?storeId=${t.store_id}`)).status).toBe(404);
  });

  it("sorts; an unchanged order is refused", async () => {
    const ids = (await list()).map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await manager.send("POST", "/api/promotions/order", { store_id: t.store_id, category_id: promos, promotion_ids: reversed });
    expect(res.status).toBe(200);
    expect((await list()).map((p) => p.id)).toEqual(reversed);
    const again = await manager.send("POST", "/api/promotions/order", { store_id: t.store_id, category_id: promos, promotion_ids: reversed });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ message: "You did not make any changes to the sorting" });
  });

  it("bulk hides, shows and deletes; an empty selection is refused", async () => {
    const category_id = await promotionsCategory(t, "Bulk");
    const ids: string[] = [];
    for (const header of ["Первая", "Вторая", "Третья"]) ids.push((await body<Promotion>(await create(manager, category_id, { header }))).id);
    const empty = await manager.send("POST", "/api/promotions/bulk", { store_id: t.store_id, action: "delete", promotion_ids: [] });
    expect(empty.status).toBe(400);
    expect(await body(empty)).toMatchObject({ code: "selectAtLeastOne", message: "You need to select at least one item" });
    const before = await publishRequests(t);
    expect((await manager.send("POST", "/api/promotions/bulk", { store_id: t.store_id, action: "hide", promotion_ids: ids })).status).toBe(200);
    expect((await list(category_id)).map((p) => p.visible)).toEqual([false, false, false]);
    expect((await manager.send("POST", "/api/promotions/bulk", { store_id: t.store_id, action: "show", promotion_ids: [ids[2]] })).status).toBe(200);
    expect((await list(category_id)).map((p) => p.visible)).toEqual([false, false, true]);
    expect((await manager.send("POST", "/api/promotions/bulk", { store_id: t.store_id, action: "delete", promotion_ids: [ids[0]] })).status).toBe(200);
    expect((await list(category_id)).map((p) => p.header)).toEqual(["Вторая", "Третья"]);
    expect(await publishRequests(t)).toBeGreaterThan(before);
  });
});

describe("roles and tenants", () => {
  it("the store's staff and the admin may manage promotions", async () => {
    for (const b of [manager, owner, admin]) expect((await create(b, promos, { header: "Для всех" })).status).toBe(201);
  });

  it("other tenants and anonymous callers are refused and change nothing", async () => {
    const before = await list();
    const p = before[0]!;
    const calls = (b: Client) => [
      b.get(`/api/promotions?storeId=${t.store_id}&categoryId=${promos}`),
      create(b),
      b.send("PUT", `/api/promotions/${p.id}`, { store_id: t.store_id, ...form({ header: "Взлом" }) }),
      b.send("DELETE", `/api/promotions/${p.id}?storeId=${t.store_id}`),
      b.send("POST", "/api/promotions/order", { store_id: t.store_id, category_id: promos, promotion_ids: before.map((x) => x.id).reverse() }),
      b.send("POST", "/api/promotions/bulk", { store_id: t.store_id, action: "delete", promotion_ids: [p.id] }),
    ];
    for (const b of [stranger, otherStoreManager]) for (const res of await Promise.all(calls(b))) expect(res.status).toBe(404);
    for (const res of await Promise.all(calls(anonymous))) expect([401, 404]).toContain(res.status);
    expect((await stranger.send("DELETE", `/api/promotions/${p.id}?storeId=${other.store_id}`)).status).toBe(404);
    expect(await list()).toEqual(before);
  });
});
