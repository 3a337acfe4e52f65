/**
 * Issue 33, point 3: tables added in bulk (a range, names from a pattern), all or nothing, within the
 * store's table limit held by its kept count; the cards of chosen tables.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { factsOf } from "@menu/core/store/facts";
import { createStore } from "@menu/core/store/store";
import { TABLES_PER_STORE_MAX } from "@menu/core/tables/schemas";
import { captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Table = { table_id: string; name: string; position: number; note: string; index: number; qr_key: string; qr_url: string };
let t: Tenant;
let owner: Client;
let manager: Client;
let stranger: Client;

beforeAll(async () => {
  ({ t, owner, manager, stranger } = await signedInTenants(app, "tablesbulk", "tablesbulkother"));
});

const list = async (store_id = t.store_id, b = owner) => body<Table[]>(await b.get(`/api/tables?storeId=${store_id}`));
const bulk = (fields: Record<string, unknown>, store_id = t.store_id, b: Client = manager) => b.send("POST", "/api/tables/bulk", { store_id, ...fields });
const tablesCount = async (store_id: string) => (await factsOf({ company_id: t.company_id, store_id })).tables ?? 0;
/** Sets the store's kept table count, as if it held that many tables. */
const setCount = (store_id: string, tables: number) => Db().entities.storeFacts.update({ company_id: t.company_id, store_id }).set({ tables }).go();

describe("tables in bulk", () => {
  it("adds a range with names from the pattern, at the end of the list, each QR code working at once", async () => {
    const before = await list();
    const countBefore = await tablesCount(t.store_id);
    const res = await bulk({ from: 1, count: 20, name: "Стол {n}", note: "зал" });
    expect(res.status).toBe(201);
    const created = await body<Table[]>(res);
    expect(created.map((x) => x.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(created.map((x) => x.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Стол ${i + 1}`));
    expect(new Set(created.map((x) => x.qr_key)).size).toBe(20);
    expect(created.every((x) => x.note === "зал")).toBe(true);
    const after = await list();
    expect(after.slice(0, before.length).map((x) => x.table_id)).toEqual(before.map((x) => x.table_id));
    expect(after.slice(before.length).map((x) => x.name)).toEqual(created.map((x) => x.name));
    expect(await tablesCount(t.store_id)).toBe(countBefore + 20);
    for (const table of [created[0]!, created[19]!]) {
      expect((await app.request(`/t/${table.qr_key}`)).headers.get("location")).toBe(`/${t.company.url_key}/main/menu?table=${table.position}`);
    }
    // A pattern may put the number anywhere, more than once.
    const terrace = await body<Table[]>(await bulk({ from: 101, count: 2, name: "T{n} · терраса {n}" }));
    expect(terrace.map((x) => x.name)).toEqual(["T101 · терраса 101", "T102 · терраса 102"]);
  });

  it("is all or nothing: a taken name refuses the whole range, naming every taken name", async () => {
    const countBefore = await tablesCount(t.store_id);
    const names = async () => (await list()).map((x) => x.name);
    const before = await names();
    // "Стол 15" … "Стол 20" exist (any case): 11–25 is refused as a whole.
    const res = await bulk({ from: 11, count: 15, name: "СТОЛ {n}" });
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({
      code: "tableNameExists",
      message: "Table name already exists",
      details: { names: ["СТОЛ 11", "СТОЛ 12", "СТОЛ 13", "СТОЛ 14", "СТОЛ 15", "СТОЛ 16", "СТОЛ 17", "СТОЛ 18", "СТОЛ 19", "СТОЛ 20"] },
    });
    expect(await names()).toEqual(before);
    expect(await tablesCount(t.store_id)).toBe(countBefore);
    expect((await bulk({ from: 21, count: 5, name: "Стол {n}" })).status).toBe(201);
  });

  it("writes 40 tables in one transaction; two overlapping adds at once leave one range whole and nothing of the other", async () => {
    expect((await bulk({ from: 201, count: 40, name: "Зал {n}" })).status).toBe(201);
    const store = await createStore({ company_id: t.company_id, name: "Race", url_key: "race" });
    const countBefore = await tablesCount(store.store_id);
    const both = await Promise.all([
      bulk({ from: 1, count: 30, name: "Стол {n}" }, store.store_id, owner),
      bulk({ from: 21, count: 30, name: "Стол {n}" }, store.store_id, owner),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const won = await body<Table[]>(both.find((r) => r.status === 201)!);
    expect((await list(store.store_id)).map((x) => x.name)).toEqual(won.map((x) => x.name));
    expect(await tablesCount(store.store_id)).toBe(countBefore + 30);
  });

  it("refuses what the form refuses: no {n}, more than 40 at once, numbers past 100 000", async () => {
    const refused = async (fields: Record<string, unknown>) => {
      const res = await bulk(fields);
      return { status: res.status, message: (await body<{ message: string }>(res)).message };
    };
    expect(await refused({ from: 1, count: 3, name: "Стол" })).toEqual({ status: 400, message: "name: Put {n} where the table number goes" });
    expect(await refused({ from: 1, count: 41, name: "Стол {n}" })).toMatchObject({ status: 400, message: expect.stringContaining("count") });
    expect(await refused({ from: 99_999, count: 5, name: "Стол {n}" })).toEqual({ status: 400, message: "count: Value is incorrect" });
    expect(await refused({ from: 1, count: 2, name: `${"Я".repeat(58)}{n}` })).toEqual({ status: 400, message: "name: Maximum length is 57 characters" });
    expect((await bulk({ from: 1, count: 2, name: "x{n}" }, t.store_id, stranger)).status).toBe(404);
  });

  it("keeps the store within its table limit, by its kept count, also under concurrent adds", async () => {
    const store = await createStore({ company_id: t.company_id, name: "Limits", url_key: "limits" });
    await setCount(store.store_id, TABLES_PER_STORE_MAX - 10);
    const over = await bulk({ from: 1, count: 11, name: "Стол {n}" }, store.store_id, owner);
    expect(over.status).toBe(409);
    expect(await body(over)).toMatchObject({ code: "tablesLimit", message: `A store can have at most ${TABLES_PER_STORE_MAX} tables` });
    expect(await list(store.store_id)).toEqual([]);

    // Two adds that fit one at a time but not together: exactly one wins, the count stays at the limit or under.
    const both = await Promise.all([
      bulk({ from: 1, count: 6, name: "A {n}" }, store.store_id, owner),
      bulk({ from: 1, count: 6, name: "B {n}" }, store.store_id, owner),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = both.find((r) => r.status === 409)!;
    expect(await body(loser)).toMatchObject({ code: "tablesLimit" });
    expect(await list(store.store_id)).toHaveLength(6);
    expect(await tablesCount(store.store_id)).toBe(TABLES_PER_STORE_MAX - 4);

    // The last places: 4 fit, then a single table is refused too.
    expect((await bulk({ from: 50, count: 4, name: "C {n}" }, store.store_id, owner)).status).toBe(201);
    const single = await owner.send("POST", "/api/tables", { store_id: store.store_id, position: 99, name: "One more" });
    expect(single.status).toBe(409);
    expect(await body(single)).toMatchObject({ code: "tablesLimit" });
    expect(await tablesCount(store.store_id)).toBe(TABLES_PER_STORE_MAX);
  });

  it("prints the cards of the chosen tables only", async () => {
    const chosen = (await list()).filter((x) => /^Стол (1|2|3|4|5|6)$/.test(x.name));
    expect(chosen).toHaveLength(6);
    const pdf = await manager.get(`/api/tables/cards?storeId=${t.store_id}&tableIds=${chosen.map((x) => x.table_id).join(",")}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pages = (Buffer.from(await pdf.arrayBuffer()).toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBe(2);
    const all = await manager.get(`/api/tables/cards?storeId=${t.store_id}`);
    const allPages = (Buffer.from(await all.arrayBuffer()).toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
    expect(allPages).toBe(Math.ceil((await list()).length / 4));
  });
});
