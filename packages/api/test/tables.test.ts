import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, usePorts } from "@menu/core";
import { createStore } from "@menu/core/store/store";
import { decodePng, decodeSvg } from "../../core/test/support/qr-decode";
import { browser, captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Table = { table_id: string; name: string; position: number; note: string; index: number; qr_key: string; qr_url: string };
let t: Tenant;
let other: Tenant;
let owner: Client;
let manager: Client;
let stranger: Client;
let admin: Client;

beforeAll(async () => {
  ({ t, other, owner, manager, stranger, admin } = await signedInTenants(app, "tables", "strangers"));
});

const list = async (b = manager, store_id = t.store_id) => body<Table[]>(await b.get(`/api/tables?storeId=${store_id}`));
const create = (b: Client, fields: Record<string, unknown>, store_id = t.store_id) =>
  b.send("POST", "/api/tables", { store_id, ...fields });

describe("admin-panel/tables", () => {
  it("creates tables at the end of the list; names are unique in the store, case-insensitively", async () => {
    const res = await create(manager, { position: 12, name: "Терраса 1", note: "у окна" });
    expect(res.status).toBe(201);
    const created = await body<Table>(res);
    expect(created).toMatchObject({ position: 12, name: "Терраса 1", note: "у окна" });
    expect(created.qr_url).toBe(`${(process.env.PUBLIC_BASE_URL || "http://localhost:3000").replace(/\/+$/, "")}/t/${created.qr_key}`);
    const names = (await list()).map((x) => x.name);
    expect(names.at(-1)).toBe("Терраса 1");

    const dup = await create(owner, { position: 13, name: "  терраса 1 " });
    expect(dup.status).toBe(409);
    expect(await body(dup)).toMatchObject({ code: "tableNameExists", message: "Table name already exists" });
    // Another store of the same company may use the name.
    const second = await createStore({ company_id: t.company_id, name: "Second", url_key: "second" });
    expect((await create(owner, { position: 1, name: "Терраса 1" }, second.store_id)).status).toBe(201);
    expect((await create(owner, { position: 1, name: "" })).status).toBe(400);
  });

  it("renames (freeing the old name), edits and deletes (freeing the name)", async () => {
    const a = await body<Table>(await create(manager, { position: 20, name: "A-20" }));
    const b = await body<Table>(await create(manager, { position: 21, name: "B-21" }));
    expect((await manager.send("PATCH", `/api/tables/${b.table_id}`, { store_id: t.store_id, name: "a-20" })).status).toBe(409);
    const renamed = await manager.send("PATCH", `/api/tables/${a.table_id}`, { store_id: t.store_id, name: "A-22", position: 22, note: "n" });
    expect(await body(renamed)).toMatchObject({ name: "A-22", position: 22, note: "n", qr_key: a.qr_key });
    expect((await manager.send("PATCH", `/api/tables/${b.table_id}`, { store_id: t.store_id, name: "A-20" })).status).toBe(200);
    expect((await manager.send("DELETE", `/api/tables/${a.table_id}?storeId=${t.store_id}`)).status).toBe(200);
    expect((await list()).some((x) => x.table_id === a.table_id)).toBe(false);
    expect((await create(manager, { position: 22, name: "A-22" })).status).toBe(201);
    expect((await manager.send("DELETE", `/api/tables/${a.table_id}?storeId=${t.store_id}`)).status).toBe(404);
  });

  it("reorders; an order that changes nothing is refused", async () => {
    const before = await list();
    const reversed = before.map((x) => x.table_id).reverse();
    const res = await manager.send("POST", "/api/tables/order", { store_id: t.store_id, table_ids: reversed });
    expect(res.status).toBe(200);
    expect((await body<Table[]>(res)).map((x) => x.table_id)).toEqual(reversed);
    expect((await list()).map((x) => x.index)).toEqual(reversed.map((_, i) => i));
    const again = await manager.send("POST", "/api/tables/order", { store_id: t.store_id, table_ids: reversed });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ message: "You did not make any changes to the sorting" });
  });

  it("re-issuing the QR key stops the old printed code and the new one lands on the menu with the table number", async () => {
    const table = await body<Table>(await create(manager, { position: 31, name: "QR-31" }));
    expect((await app.request(`/t/${table.qr_key}`)).headers.get("location")).toBe(`/${t.company.url_key}/main/menu?table=31`);
    const fresh = await body<Table>(await manager.send("POST", `/api/tables/${table.table_id}/reissue-qr`, { store_id: t.store_id }));
    expect(fresh.qr_key).not.toBe(table.qr_key);
    expect((await app.request(`/t/${table.qr_key}`)).headers.get("location")).toBe("/");
    expect((await app.request(`/t/${fresh.qr_key}`)).headers.get("location")).toBe(`/${t.company.url_key}/main/menu?table=31`);
  });

  it("serves each table's QR as PNG and SVG that decode to exactly the absolute link, and the cards as PDF", async () => {
    const [table] = await list();
    const png = await manager.get(`/api/tables/${table!.table_id}/qr?storeId=${t.store_id}&format=png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toContain("attachment");
    expect(decodePng(new Uint8Array(await png.arrayBuffer()))).toBe(table!.qr_url);
    const svg = await manager.get(`/api/tables/${table!.table_id}/qr?storeId=${t.store_id}&format=svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(decodeSvg(await svg.text())).toBe(table!.qr_url);
    const all = await manager.get(`/api/tables/cards?storeId=${t.store_id}`);
    expect(all.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await all.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = (bytes.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBe(Math.ceil((await list()).length / 4));
    const one = await manager.get(`/api/tables/cards?storeId=${t.store_id}&tableId=${table!.table_id}`);
    expect(one.headers.get("content-disposition")).toContain(`table-${table!.position}.pdf`);
    const images = async () =>
      (Buffer.from(await (await manager.get(`/api/tables/cards?storeId=${t.store_id}&tableId=${table!.table_id}`)).arrayBuffer()).toString("latin1").match(/\/Subtype \/Image/g) ?? []).length;
    const withoutLogo = await images(); // the QR code

    // An uploaded logo (stored as WebP) is printed on the card too.
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c0392b" } }).webp().toBuffer();
    const key = `media/${t.company_id}/${t.store_id}/logo-${randomUUID()}.webp`;
    await usePorts().objects.put(key, logo, "image/webp");
    await Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ logo_light: key }).go();
    expect(await images()).toBe(withoutLogo + 1);
  });

  it("refuses other tenants and a store manager of another store (not found), lets admins in", async () => {
    const [table] = await list();
    expect((await stranger.get(`/api/tables?storeId=${t.store_id}`)).status).toBe(404);
    expect((await create(stranger, { position: 99, name: "intruder" })).status).toBe(404);
    expect((await stranger.send("PATCH", `/api/tables/${table!.table_id}`, { store_id: t.store_id, name: "x" })).status).toBe(404);
    expect((await stranger.send("DELETE", `/api/tables/${table!.table_id}?storeId=${t.store_id}`)).status).toBe(404);
    expect((await stranger.get(`/api/tables/${table!.table_id}/qr?storeId=${t.store_id}`)).status).toBe(404);
    // The attacker's own store id with the victim's table id finds nothing either.
    expect((await stranger.send("PATCH", `/api/tables/${table!.table_id}`, { store_id: other.store_id, name: "x" })).status).toBe(404);
    const second = await createStore({ company_id: t.company_id, name: "Third", url_key: "third" });
    expect((await manager.get(`/api/tables?storeId=${second.store_id}`)).status).toBe(404);
    expect((await owner.get(`/api/tables?storeId=${second.store_id}`)).status).toBe(200);
    expect((await admin.get(`/api/tables?storeId=${t.store_id}`)).status).toBe(200);
    expect((await browser(app).get(`/api/tables?storeId=${t.store_id}`)).status).toBe(404);
    expect((await list()).find((x) => x.table_id === table!.table_id)?.name).toBe(table!.name);
  });
});

describe("settings/wifi", () => {
  const wifi = { ssid: 'Кафе;"1"', encryption: "WPA", hidden: false, password: "p\\a:s,s;w0rd" };

  it("is refused with a clear message when the plan has no Wi-Fi QR", async () => {
    const state = await body<{ allowed: boolean }>(await manager.get(`/api/wifi?storeId=${t.store_id}`));
    expect(state.allowed).toBe(false);
    const res = await manager.send("PUT", "/api/wifi", { store_id: t.store_id, ...wifi });
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ code: "featureNotInPlan", message: "This feature is available on the premium plans" });
  });

  it("saves the network on a premium (here: preparation) store, answers the escaped payload and asks for a publish", async () => {
    await Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ preparation_ends_at: new Date(Date.now() + 86400000).toISOString() }).go();
    const res = await manager.send("PUT", "/api/wifi", { store_id: t.store_id, ...wifi });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ allowed: true, payload: 'WIFI:T:WPA;S:Кафе\\;\\"1\\";P:p\\\\a\\:s\\,s\\;w0rd;H:false;;' });
    const { data } = await Db().entities.publication.get({ company_id: t.company_id, store_id: t.store_id }).go();
    expect(data?.requested).toBeGreaterThan(0);
    expect((await manager.send("PUT", "/api/wifi", { store_id: t.store_id, ...wifi, password: "short" })).status).toBe(400);
    const open = await body<{ wifi: { password: string }; payload: string }>(
      await manager.send("PUT", "/api/wifi", { store_id: t.store_id, ssid: "Open", encryption: "nopass", hidden: true, password: "x" }),
    );
    expect(open).toMatchObject({ wifi: { password: "" }, payload: "WIFI:T:nopass;S:Open;H:true;;" });
    expect((await stranger.send("PUT", "/api/wifi", { store_id: t.store_id, ...wifi })).status).toBe(404);
  });
});
