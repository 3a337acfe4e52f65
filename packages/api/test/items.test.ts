import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, usePorts } from "@menu/core";
import { createStore } from "@menu/core/store/store";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, platformAdmin, tenant } from "./support/accounts";
import { body, publishRequests, signingIn, type Client, type Tenant } from "./support/session";
import { createUser } from "@menu/core/auth/user";

const app = createApp();
captureMail();
type Portion = { id: string; weight: string; unit: string; price: string; currency: string };
type Item = { id: string; kind: string; category_id: string; position: number; title: string; description: string; photo?: string; visible: boolean; portions: Portion[]; translations: Record<string, { title?: string; manual?: boolean }> };
type Hit = Item & { category: { id: string; name: string; section: string } };

let t: Tenant;
let other: Tenant;
let owner: Client, manager: Client, stranger: Client, admin: Client, otherStoreManager: Client, anonymous: Client;
const cat: Record<"kitchen" | "drinks" | "hookahs" | "games" | "promotions", string> = { kitchen: "", drinks: "", hookahs: "", games: "", promotions: "" };

const signedIn = signingIn(app);
const TYPE = { kitchen: "products", drinks: "products", hookahs: "hookahs", games: "entertainment", promotions: "promotions" } as const;
async function category(ids: { company_id: string; store_id: string }, section: keyof typeof TYPE, name: string = section) {
  const category_id = randomUUID();
  await Db().entities.category.create({ ...ids, category_id, section, type: TYPE[section], name }).go();
  return category_id;
}
/** A picture as a finished image upload stores it, in that store's media folder. */
async function storedPicture(ids: { company_id: string; store_id: string }) {
  const key = `media/${ids.company_id}/${ids.store_id}/photo-${randomUUID()}.webp`;
  await usePorts().objects.put(key, new Uint8Array([1, 2, 3]), "image/webp");
  return key;
}

const portion = (over: Record<string, unknown> = {}) => ({ weight: "250", unit: "g", price: "12.50", currency: "BYN", ...over });
const form = (over: Record<string, unknown> = {}) => ({ title: "Солянка", description: "", visible: true, portions: [portion()], ...over });
const create = (b: Client, category_id: string, over: Record<string, unknown> = {}, store_id = t.store_id) =>
  b.send("POST", "/api/items", { store_id, category_id, ...form(over) });
/** Every card of the category, page by page (GET /api/items answers pages, issue 31). */
async function list(category_id: string, b = manager) {
  const cards: Item[] = [];
  let next: string | undefined;
  do {
    const page = await body<{ items: Item[]; next?: string }>(await b.get(`/api/items?storeId=${t.store_id}&categoryId=${category_id}${next ? `&cursor=${next}` : ""}`));
    cards.push(...page.items);
    next = page.next;
  } while (next);
  return cards;
}
const titles = async (category_id: string) => (await list(category_id)).map((i) => i.title);

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("items"), tenant("itemsother")]);
  cat.kitchen = t.category_id;
  for (const s of ["drinks", "hookahs", "games", "promotions"] as const) cat[s] = await category(t, s);
  const second = await createStore({ company_id: t.company_id, name: "Second", url_key: "second" });
  const secondManager = await createUser({ email: `second-${randomUUID().slice(0, 6)}@example.com`, password: PASSWORD, role: "store_manager", company_id: t.company_id, store_id: second.store_id, email_confirmed: true });
  const a = await platformAdmin();
  [owner, manager, stranger, admin, otherStoreManager] = await Promise.all([
    signedIn(t.owner.email),
    signedIn(t.manager.email),
    signedIn(other.owner.email),
    signedIn(a.email),
    signedIn(secondManager.email),
  ]);
  anonymous = browser(app);
});

describe("item form validation (the specification's messages)", () => {
  const refused = async (over: Record<string, unknown>, message: string) => {
    const res = await create(manager, cat.kitchen, over);
    expect(res.status).toBe(400);
    expect((await body<{ message: string }>(res)).message).toContain(message);
  };

  it("title: required, length bounds", async () => {
    await refused({ title: "" }, "title: This field is required");
    await refused({ title: "   " }, "title: This field is required");
    await refused({ title: undefined }, "title: This field is required");
    await refused({ title: "Щ" }, "title:");
    await refused({ title: "Щ".repeat(121) }, "title:");
  });

  it("description: a Delta of the editor's formats; photo: a picture this store uploaded", async () => {
    await refused({ description: "just text" }, "description: Value is incorrect");
    await refused({ description: JSON.stringify({ ops: [{ insert: "x", attributes: { link: "javascript:alert(1)" } }] }) }, "description: Value is incorrect");
    await refused({ photo: "../../etc/passwd" }, "photo: Value is incorrect");
    // Another tenant's picture, and a well-formed key that was never uploaded.
    expect((await create(manager, cat.kitchen, { photo: await storedPicture(other) })).status).toBe(400);
    expect((await create(manager, cat.kitchen, { photo: `media/${t.company_id}/${t.store_id}/photo-${randomUUID()}.webp` })).status).toBe(400);
  });

  it("portions: at least one; weight and price decimals with their messages", async () => {
    await refused({ portions: [] }, "portions: This field is required");
    await refused({ portions: [portion({ weight: "" })] }, "portions.0.weight: This field is required");
    await refused({ portions: [portion({ weight: "0" })] }, "portions.0.weight: Weight cannot be 0");
    await refused({ portions: [portion({ weight: "0.000" })] }, "Weight cannot be 0");
    await refused({ portions: [portion({ weight: "abc" })] }, "portions.0.weight: Value is incorrect");
    await refused({ portions: [portion({ weight: "-5" })] }, "Value is incorrect");
    await refused({ portions: [portion({ price: "" })] }, "portions.0.price: This field is required");
    await refused({ portions: [portion({ price: "0" })] }, "portions.0.price: Price cannot be 0");
    await refused({ portions: [portion(), portion({ price: "0.00" })] }, "portions.1.price: Price cannot be 0");
    await refused({ portions: [portion({ price: "1.234" })] }, "portions.0.price: At most 2 decimal places");
    await refused({ portions: [portion({ price: "1e3" })] }, "Value is incorrect");
    await refused({ portions: [portion({ unit: "cups" })] }, "portions.0.unit");
    await refused({ portions: [portion({ currency: "EUR" })] }, "portions.0.currency");
  });

  it("accepts decimal commas and leading zeros, stores canonical decimal strings, BYN by default", async () => {
    const res = await create(manager, cat.kitchen, { portions: [{ weight: "0,5", unit: "l", price: "007,5" }, portion({ weight: "1.25", unit: "kg", price: "19.99", currency: "USD" })] });
    expect(res.status).toBe(201);
    const item = await body<Item>(res);
    expect(item.portions.map(({ weight, unit, price, currency }) => ({ weight, unit, price, currency }))).toEqual([
      { weight: "0.5", unit: "l", price: "7.5", currency: "BYN" },
      { weight: "1.25", unit: "kg", price: "19.99", currency: "USD" },
    ]);
    expect(item.portions.every((p) => p.id.length > 0)).toBe(true);
    await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "delete", item_ids: [item.id] });
  });
});

describe("items of a category", () => {
  it("creates at the end of the category; kind follows the section; a publish is requested", async () => {
    const photo = await storedPicture(t);
    const before = await publishRequests(t);
    const res = await create(manager, cat.kitchen, { title: "Уха", description: JSON.stringify({ ops: [{ insert: "Из судака\n" }] }), photo });
    expect(res.status).toBe(201);
    const item = await body<Item>(res);
    expect(item).toMatchObject({ kind: "product", category_id: cat.kitchen, title: "Уха", photo, visible: true });
    expect((await titles(cat.kitchen)).at(-1)).toBe("Уха");
    expect(await publishRequests(t)).toBeGreaterThan(before);

    const kinds = await Promise.all(
      (["drinks", "hookahs", "games"] as const).map(async (s) => (await body<Item>(await create(owner, cat[s], { title: `X ${s}` }))).kind),
    );
    expect(kinds).toEqual(["product", "hookah", "game"]);
  });

  it("lists hidden items too, in position order; a promotions category holds no items", async () => {
    const rows = await list(cat.kitchen);
    expect(rows.map((i) => i.id)).toEqual(expect.arrayContaining([t.items.visible, t.items.hidden]));
    expect(rows.map((i) => i.position)).toEqual([...rows.map((i) => i.position)].sort((a, b) => a - b));
    const res = await create(manager, cat.promotions);
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ code: "wrongCategoryForContent" });
    expect((await manager.get(`/api/items?storeId=${t.store_id}&categoryId=${cat.promotions}`)).status).toBe(409);
    expect((await manager.get(`/api/items?storeId=${t.store_id}&categoryId=${randomUUID()}`)).status).toBe(404);
  });

  it("edits: replaces the fields, keeps given portion ids, removes the photo, drops machine translations of a changed title", async () => {
    const item = await body<Item>(await create(manager, cat.kitchen, { title: "Окрошка", photo: await storedPicture(t) }));
    await Db().entities.item.patch({ company_id: t.company_id, store_id: t.store_id, item_id: item.id }).set({ translations: { en: { title: "Okroshka" }, zh: { title: "冷汤", manual: true } } }).go();
    const before = await publishRequests(t);
    const res = await manager.send("PUT", `/api/items/${item.id}`, {
      store_id: t.store_id,
      ...form({ title: "Окрошка на квасе", visible: false, portions: [{ ...item.portions[0], price: "8" }, portion({ weight: "500" })] }),
    });
    expect(res.status).toBe(200);
    const saved = await body<Item>(res);
    expect(saved).toMatchObject({ title: "Окрошка на квасе", visible: false, position: item.position });
    expect(saved.photo).toBeUndefined();
    expect(saved.portions[0]).toMatchObject({ id: item.portions[0]!.id, price: "8" });
    expect(saved.portions[1]!.id).not.toBe(item.portions[0]!.id);
    expect(saved.translations).toEqual({ zh: { title: "冷汤", manual: true } });
    expect(await publishRequests(t)).toBeGreaterThan(before);
    const bad = await manager.send("PUT", `/api/items/${item.id}`, { store_id: t.store_id, ...form({ portions: [portion({ price: "0" })] }) });
    expect(bad.status).toBe(400);
    expect((await body<{ message: string }>(bad)).message).toContain("Price cannot be 0");
    expect((await manager.send("PUT", `/api/items/${randomUUID()}`, { store_id: t.store_id, ...form() })).status).toBe(404);
  });

  it("duplicates right after the original with a new id", async () => {
    const category_id = await category(t, "kitchen", "Dup");
    const [a, b] = [await body<Item>(await create(manager, category_id, { title: "Первое" })), await body<Item>(await create(manager, category_id, { title: "Второе" }))];
    const before = await publishRequests(t);
    const res = await manager.send("POST", `/api/items/${a.id}/duplicate`, { store_id: t.store_id });
    expect(res.status).toBe(201);
    const copy = await body<Item>(res);
    expect(copy.id).not.toBe(a.id);
    expect(copy.portions[0]!.id).not.toBe(a.portions[0]!.id);
    expect(copy).toMatchObject({ title: "Первое", category_id, kind: "product" });
    expect((await list(category_id)).map((i) => i.id)).toEqual([a.id, copy.id, b.id]);
    // Positions leave gaps (item/positions.ts): the copy takes the middle of one, no two are equal.
    const positions = (await list(category_id)).map((i) => i.position);
    expect(positions).toEqual([...new Set(positions)].sort((x, y) => x - y));
    expect(await publishRequests(t)).toBeGreaterThan(before);
  });

  it("moves to the end of another category of the same kind; other kinds and other stores are refused", async () => {
    const item = await body<Item>(await create(manager, cat.kitchen, { title: "Морс" }));
    const before = await publishRequests(t);
    const res = await manager.send("POST", `/api/items/${item.id}/move`, { store_id: t.store_id, category_id: cat.drinks });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ category_id: cat.drinks, kind: "product" });
    expect((await titles(cat.drinks)).at(-1)).toBe("Морс");
    expect(await titles(cat.kitchen)).not.toContain("Морс");
    expect(await publishRequests(t)).toBeGreaterThan(before);

    const toHookahs = await manager.send("POST", `/api/items/${item.id}/move`, { store_id: t.store_id, category_id: cat.hookahs });
    expect(toHookahs.status).toBe(409);
    expect((await manager.send("POST", `/api/items/${item.id}/move`, { store_id: t.store_id, category_id: cat.promotions })).status).toBe(409);
    expect((await manager.send("POST", `/api/items/${item.id}/move`, { store_id: t.store_id, category_id: other.category_id })).status).toBe(404);
    expect((await list(cat.drinks)).find((i) => i.id === item.id)?.category_id).toBe(cat.drinks);
  });

  it("sorts; an order that changes nothing is refused with the specification's message", async () => {
    const category_id = await category(t, "kitchen", "Sort");
    const ids = [];
    for (const title of ["A1", "B2", "C3"]) ids.push((await body<Item>(await create(manager, category_id, { title }))).id);
    const before = await publishRequests(t);
    const res = await manager.send("POST", "/api/items/order", { store_id: t.store_id, category_id, item_ids: [ids[2], ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect((await body<Item[]>(res)).map((i) => i.title)).toEqual(["C3", "A1", "B2"]);
    expect(await titles(category_id)).toEqual(["C3", "A1", "B2"]);
    expect(await publishRequests(t)).toBeGreaterThan(before);
    const again = await manager.send("POST", "/api/items/order", { store_id: t.store_id, category_id, item_ids: [ids[2], ids[0], ids[1]] });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ code: "sortingUnchanged", message: "You did not make any changes to the sorting" });
  });

  it("bulk hides, shows and deletes; an empty selection is refused; other stores' ids are not found", async () => {
    const category_id = await category(t, "kitchen", "Bulk");
    const ids: string[] = [];
    for (const title of ["Раз", "Два", "Три"]) ids.push((await body<Item>(await create(manager, category_id, { title }))).id);
    const empty = await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "hide", item_ids: [] });
    expect(empty.status).toBe(400);
    expect(await body(empty)).toMatchObject({ code: "selectAtLeastOne", message: "You need to select at least one item" });

    let before = await publishRequests(t);
    const hide = await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "hide", item_ids: [ids[0], ids[1]] });
    expect(hide.status).toBe(200);
    expect((await list(category_id)).map((i) => i.visible)).toEqual([false, false, true]);
    expect(await publishRequests(t)).toBeGreaterThan(before);

    before = await publishRequests(t);
    expect((await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "show", item_ids: [ids[1]] })).status).toBe(200);
    expect((await list(category_id)).map((i) => i.visible)).toEqual([false, true, true]);
    expect(await publishRequests(t)).toBeGreaterThan(before);

    before = await publishRequests(t);
    expect((await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "delete", item_ids: [ids[0], ids[2]] })).status).toBe(200);
    expect(await titles(category_id)).toEqual(["Два"]);
    expect(await publishRequests(t)).toBeGreaterThan(before);

    // The other tenant's item id through this store: not found, and the item is untouched.
    expect((await manager.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "delete", item_ids: [other.items.visible] })).status).toBe(404);
    expect((await Db().entities.item.get({ company_id: other.company_id, store_id: other.store_id, item_id: other.items.visible }).go()).data).toBeTruthy();
  });

  it("searches the store's menu by title and translations, ignoring case and ё", async () => {
    const item = await body<Item>(await create(manager, cat.drinks, { title: "Квас Ёлочный" }));
    await Db().entities.item.patch({ company_id: t.company_id, store_id: t.store_id, item_id: item.id }).set({ translations: { en: { title: "Fir kvass" } } }).go();
    const search = async (q: string, b = manager) => body<Hit[]>(await b.get(`/api/items/search?storeId=${t.store_id}&q=${encodeURIComponent(q)}`));
    expect((await search("елочн")).map((h) => h.id)).toEqual([item.id]);
    expect((await search("FIR KV")).map((h) => h.id)).toEqual([item.id]);
    expect((await search("квас"))[0]!.category).toEqual({ id: cat.drinks, name: "drinks", section: "drinks" });
    expect((await search("секрет")).map((h) => h.id)).toEqual([t.items.hidden]);
    // Another tenant's "Борщ" is not in this store's results.
    expect((await search("борщ")).map((h) => h.id)).toEqual([t.items.visible]);
    expect((await manager.get(`/api/items/search?storeId=${t.store_id}&q=`)).status).toBe(400);
  });

  it("keeps POST /api/products/several-get working (hidden items only for the store's staff)", async () => {
    const ids = [t.items.visible, t.items.hidden];
    const guest = await anonymous.send("POST", "/api/products/several-get", { ids });
    expect((await body<Item[]>(guest)).map((i) => i.id)).toEqual([t.items.visible]);
    const staff = await manager.send("POST", "/api/products/several-get", { ids });
    expect((await body<Item[]>(staff)).map((i) => i.id).sort()).toEqual([...ids].sort());
  });
});

describe("roles and tenants", () => {
  it("every staff role of the store may edit its menu; the admin too", async () => {
    for (const b of [manager, owner, admin]) expect((await create(b, cat.games, { title: "Мафия" })).status).toBe(201);
  });

  it("other companies, other stores' managers and anonymous callers are refused and change nothing", async () => {
    const before = await list(cat.kitchen);
    const item = before[0]!;
    const calls = (b: Client) => [
      b.get(`/api/items?storeId=${t.store_id}&categoryId=${cat.kitchen}`),
      b.get(`/api/items/search?storeId=${t.store_id}&q=a`),
      create(b, cat.kitchen),
      b.send("PUT", `/api/items/${item.id}`, { store_id: t.store_id, ...form({ title: "Взлом" }) }),
      b.send("POST", `/api/items/${item.id}/duplicate`, { store_id: t.store_id }),
      b.send("POST", `/api/items/${item.id}/move`, { store_id: t.store_id, category_id: cat.drinks }),
      b.send("POST", "/api/items/order", { store_id: t.store_id, category_id: cat.kitchen, item_ids: before.map((i) => i.id).reverse() }),
      b.send("POST", "/api/items/bulk", { store_id: t.store_id, action: "delete", item_ids: [item.id] }),
    ];
    for (const b of [stranger, otherStoreManager]) {
      for (const res of await Promise.all(calls(b))) expect(res.status).toBe(404);
    }
    for (const res of await Promise.all(calls(anonymous))) expect([401, 404]).toContain(res.status);
    // Through the stranger's own store, the victim's item is not found either.
    expect((await stranger.send("PUT", `/api/items/${item.id}`, { store_id: other.store_id, ...form() })).status).toBe(404);
    expect((await stranger.send("POST", "/api/items/bulk", { store_id: other.store_id, action: "hide", item_ids: [item.id] })).status).toBe(404);
    expect(await list(cat.kitchen)).toEqual(before);
  });
});
