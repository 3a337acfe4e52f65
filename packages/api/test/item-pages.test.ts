/**
 * Item lists in pages (issue 31, point 1): GET /api/items answers a page of cards in display order
 * with an opaque cursor bound to the store and category, and the category's count; GET
 * /api/items/{id} the whole item; POST /api/items/{id}/position moves an item to position N.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { captureMail } from "./support/browser-client";
import { tenant } from "./support/accounts";
import { body, publishRequests, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Card = { id: string; title: string; position: number; summary: string; description?: string; visible: boolean };
type Page = { items: Card[]; next?: string; total: number };

let t: Tenant;
let other: Tenant;
let manager: Client, stranger: Client;
const signedIn = signingIn(app);

async function category(ids: { company_id: string; store_id: string }, name: string) {
  const category_id = randomUUID();
  await Db().entities.category.create({ ...ids, category_id, section: "kitchen", type: "products", name }).go();
  return category_id;
}
const description = (text: string) => JSON.stringify({ ops: [{ insert: `${text}\n` }] });
/** `n` items titled prefix-001…, created one after another (so in this order), each with a long description. */
async function fill(category_id: string, n: number, prefix = "Item") {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await manager.send("POST", "/api/items", {
      store_id: t.store_id,
      category_id,
      title: `${prefix}-${String(i).padStart(3, "0")}`,
      description: description(`Описание ${i} `.repeat(40)),
      visible: true,
      portions: [{ weight: "250", unit: "g", price: "12.50", currency: "BYN" }],
    });
    expect(res.status).toBe(201);
    ids.push((await body<{ id: string }>(res)).id);
  }
  return ids;
}
const url = (category_id: string, query = "", store_id = t.store_id) => `/api/items?storeId=${store_id}&categoryId=${category_id}${query}`;
const page = async (category_id: string, query = "", b = manager) => {
  const res = await b.get(url(category_id, query));
  expect(res.status).toBe(200);
  return body<Page>(res);
};
async function allTitles(category_id: string) {
  const titles: string[] = [];
  let next: string | undefined;
  do {
    const p = await page(category_id, next ? `&cursor=${next}&limit=100` : "&limit=100");
    titles.push(...p.items.map((i) => i.title));
    next = p.next;
  } while (next);
  return titles;
}
const toPosition = (item_id: string, position: number, b = manager, store_id = t.store_id) =>
  b.send("POST", `/api/items/${item_id}/position`, { store_id, position });

let big: string;
let bigIds: string[];
beforeAll(async () => {
  [t, other] = await Promise.all([tenant("pages"), tenant("pagesother")]);
  [manager, stranger] = await Promise.all([signedIn(t.manager.email), signedIn(other.owner.email)]);
  big = await category(t, "Big");
  bigIds = await fill(big, 120);
}, 120_000);

describe("GET /api/items: a page of cards", () => {
  it("answers 50 cards in display order, a cursor to the next page and the category's count", async () => {
    const first = await page(big);
    expect(first.total).toBe(120);
    expect(first.items.map((i) => i.id)).toEqual(bigIds.slice(0, 50));
    const second = await page(big, `&cursor=${first.next}`);
    expect(second.items.map((i) => i.id)).toEqual(bigIds.slice(50, 100));
    const third = await page(big, `&cursor=${second.next}`);
    expect(third.items.map((i) => i.id)).toEqual(bigIds.slice(100));
    expect(third.next).toBeUndefined();
    const positions = [...first.items, ...second.items, ...third.items].map((i) => i.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(120);
  });

  it("sends card fields: a one-line summary, not the description", async () => {
    const [card] = (await page(big, "&limit=1")).items;
    expect(card!.description).toBeUndefined();
    expect(card!.summary.startsWith("Описание 1 Описание 1")).toBe(true);
    expect(card!.summary.length).toBeLessThanOrEqual(160);
  });

  it("takes a limit from 1 to 100", async () => {
    expect((await page(big, "&limit=100")).items).toHaveLength(100);
    const one = await page(big, "&limit=1");
    expect(one.items.map((i) => i.id)).toEqual([bigIds[0]]);
    expect((await page(big, `&limit=1&cursor=${one.next}`)).items.map((i) => i.id)).toEqual([bigIds[1]]);
    for (const bad of ["0", "101", "x"]) expect((await manager.get(url(big, `&limit=${bad}`))).status).toBe(400);
  });

  it("refuses a cursor that does not parse or belongs to another list with 400", async () => {
    const small = await category(t, "Small");
    await fill(small, 3, "Small");
    const { next } = await page(big, "&limit=2");
    for (const forged of ["garbage!!", Buffer.from("{}").toString("base64url"), Buffer.from('{"s":1}').toString("base64url"), "x".repeat(600)]) {
      const res = await manager.get(url(big, `&cursor=${encodeURIComponent(forged)}`));
      expect(res.status).toBe(400);
    }
    const foreign = await manager.get(url(small, `&cursor=${next}`));
    expect(foreign.status).toBe(400);
    expect(await body(foreign)).toMatchObject({ code: "invalidCursor" });
    // Another store's list with this store's cursor: refused too (and its category is not this store's).
    const otherCategory = await category(other, "Theirs");
    const strangerPage = await stranger.get(url(otherCategory, `&cursor=${next}`, other.store_id));
    expect(strangerPage.status).toBe(400);
  });

  it("keeps other tenants out: their category and items are not found", async () => {
    expect((await stranger.get(url(big))).status).toBe(404);
    expect((await stranger.get(url(big, "", other.store_id))).status).toBe(404);
    expect((await stranger.get(`/api/items/${bigIds[0]}?storeId=${t.store_id}`)).status).toBe(404);
    expect((await stranger.get(`/api/items/${bigIds[0]}?storeId=${other.store_id}`)).status).toBe(404);
    expect((await toPosition(bigIds[0]!, 2, stranger)).status).toBe(404);
    expect((await toPosition(bigIds[0]!, 2, stranger, other.store_id)).status).toBe(404);
  });
});

describe("GET /api/items/{itemId}", () => {
  it("answers the whole item for its form", async () => {
    const res = await manager.get(`/api/items/${bigIds[3]}?storeId=${t.store_id}`);
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: bigIds[3], title: "Item-004", description: description(`Описание 4 `.repeat(40)) });
    expect((await manager.get(`/api/items/${randomUUID()}?storeId=${t.store_id}`)).status).toBe(404);
  });
});

describe("POST /api/items/{itemId}/position", () => {
  const letters = ["A", "B", "C", "D", "E", "F", "G"];
  let seven: string;
  let id: Record<string, string>;
  beforeAll(async () => {
    seven = await category(t, "Seven");
    const ids: string[] = [];
    for (const l of letters) ids.push((await fill(seven, 1, l))[0]!);
    id = Object.fromEntries(letters.map((l, i) => [l, ids[i]!]));
  });
  const order = async () => (await allTitles(seven)).map((title) => title[0]).join("");
  const move = async (letter: string, n: number) => {
    const res = await toPosition(id[letter]!, n);
    expect(res.status).toBe(200);
    return body<{ item: Card; index: number }>(res);
  };

  it("moves to the start, the middle and the end; the move is published", async () => {
    const before = await publishRequests(t);
    expect((await move("E", 1)).index).toBe(1);
    expect(await order()).toBe("EABCDFG");
    expect(await publishRequests(t)).toBeGreaterThan(before);
    await move("E", 4);
    expect(await order()).toBe("ABCEDFG");
    await move("A", 7);
    expect(await order()).toBe("BCEDFGA");
    await move("G", 2);
    expect(await order()).toBe("BGCEDFA");
    // Down the list (counted from the end): the item lands exactly at N.
    await move("B", 5);
    expect(await order()).toBe("GCEDBFA");
  });

  it("leaves an item that is already there as it is", async () => {
    const now = await order();
    const res = await move(now[2]!, 3);
    expect(res.index).toBe(3);
    expect(await order()).toBe(now);
  });

  it("refuses a position beyond the category's count with a clear error, and 0 as invalid", async () => {
    const beyond = await toPosition(id.A!, 8);
    expect(beyond.status).toBe(400);
    expect(await body(beyond)).toMatchObject({ code: "positionOutOfRange", message: "There is no such position in this category" });
    expect((await toPosition(id.A!, 0)).status).toBe(400);
    expect((await toPosition(randomUUID(), 1)).status).toBe(404);
  });

  it("makes room where positions are dense", async () => {
    // Positions without gaps (as an old store's migration left them): a move between two of them spaces the rest out.
    const dense = await category(t, "Dense");
    const ids = await fill(dense, 5, "Dense");
    for (const [i, item_id] of ids.entries()) await Db().entities.item.patch({ company_id: t.company_id, store_id: t.store_id, item_id }).set({ position: i }).go();
    expect((await toPosition(ids[4]!, 2)).status).toBe(200);
    expect(await allTitles(dense)).toEqual(["Dense-001", "Dense-005", "Dense-002", "Dense-003", "Dense-004"]);
  });

  it("in a long category: position 100 of 120 lands at 100", async () => {
    const res = await toPosition(bigIds[0]!, 100);
    expect(res.status).toBe(200);
    const titles = await allTitles(big);
    expect(titles.indexOf("Item-001")).toBe(99);
    expect(titles).toHaveLength(120);
    expect((await toPosition(bigIds[0]!, 121)).status).toBe(400);
  });
});
