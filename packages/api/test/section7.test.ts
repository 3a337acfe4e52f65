import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import type { Actor } from "@menu/core";
import { venue } from "../../core/test/fixtures";

type Venue = Awaited<ReturnType<typeof venue>>;
let v: Venue;
let other: Venue;

/** The app as a given caller sees it. */
const appAs = (actor: Actor = { type: "public" }) => createApp({ resolveActor: () => actor });
const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  [v, other] = await Promise.all([venue("alpha"), venue("beta")]);
});

describe("GET /api/store-and-company-by-qr-key", () => {
  it("answers the table's company, store and position", async () => {
    const res = await appAs().request(`/api/store-and-company-by-qr-key?qrKey=${v.table.qr_key}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ company_url_key: v.company.url_key, store_url_key: "main", position: 7 });
  });
  it("answers 404 for an unknown key and 400 without one", async () => {
    expect((await appAs().request("/api/store-and-company-by-qr-key?qrKey=nope")).status).toBe(404);
    const res = await appAs().request("/api/store-and-company-by-qr-key");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/qrKey/);
  });
});

describe("GET /t/{qrKey}", () => {
  it("redirects to the menu with the table number, and an unknown key to the home page", async () => {
    const res = await appAs().request(`/t/${v.table.qr_key}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/${v.company.url_key}/main/menu?table=7`);
    expect((await appAs().request("/t/unknown")).headers.get("location")).toBe("/");
  });
});

describe("GET /api/cs-object", () => {
  const url = (companyKey: string, storeKey: string, owned = false) =>
    `/api/cs-object?companyKey=${companyKey}&storeKey=${storeKey}${owned ? "&scope=owned" : ""}`;

  it("resolves a pair, case-insensitively", async () => {
    const res = await appAs().request(url(v.company.url_key.toUpperCase(), "Main"));
    expect(await res.json()).toEqual({
      company_id: v.company_id,
      store_id: v.store_id,
      company_url_key: v.company.url_key,
      store_url_key: "main",
    });
  });
  it("answers 404 with the specification's messages for unknown pairs", async () => {
    const company = await appAs().request(url("nosuchcompany", "main"));
    expect(company.status).toBe(404);
    expect(((await company.json()) as { message: string }).message).toBe("Company not found");
    const store = await appAs().request(url(v.company.url_key, "nosuchstore"));
    expect(((await store.json()) as { message: string }).message).toBe("Store not found");
  });
  it("with scope=owned answers only for the caller's own stores", async () => {
    const owned = url(v.company.url_key, "main", true);
    expect((await appAs().request(owned)).status).toBe(404);
    const manager: Actor = { type: "user", userId: "u", role: "store_manager", companyId: v.company_id, storeId: v.store_id };
    expect((await appAs(manager).request(owned)).status).toBe(200);
    const owner: Actor = { type: "user", userId: "o", role: "company_manager", companyId: v.company_id };
    expect((await appAs(owner).request(owned)).status).toBe(200);
    const stranger: Actor = { type: "user", userId: "s", role: "company_manager", companyId: other.company_id };
    expect((await appAs(stranger).request(owned)).status).toBe(404);
    const admin: Actor = { type: "user", userId: "a", role: "admin", companyId: "platform" };
    expect((await appAs(admin).request(owned)).status).toBe(200);
  });
});

describe("GET /api/companies/single and /api/store-settings", () => {
  it("answers the company with its url_key", async () => {
    const res = await appAs().request(`/api/companies/single?id=${v.company_id}`);
    expect(await res.json()).toMatchObject({ id: v.company_id, url_key: v.company.url_key });
    expect((await appAs().request("/api/companies/single?id=missing")).status).toBe(404);
  });
  it("answers the store's settings with defaults", async () => {
    const res = await appAs().request(`/api/store-settings?storeId=${v.store_id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: v.store_id,
      url_key: "main",
      time_zone: "Europe/Minsk",
      currency: "BYN",
      languages: ["ru"],
      phones: [],
    });
    expect((await appAs().request("/api/store-settings?storeId=missing")).status).toBe(404);
  });
});

describe("POST /api/products/several-get and /api/categories/several-get", () => {
  const ids = () => ({ ids: [v.items.visible, v.items.hidden, "missing"] });

  it("gives guests only visible records", async () => {
    const res = await appAs().request("/api/products/several-get", json(ids()));
    const body = (await res.json()) as { id: string; title: string; portions: unknown[] }[];
    expect(body.map((i) => i.id)).toEqual([v.items.visible]);
    expect(body[0]).toMatchObject({ title: "Борщ", portions: [{ price: "9.50", currency: "BYN", unit: "g" }] });
  });
  it("gives the store's staff hidden records too, but not other tenants' staff", async () => {
    const manager: Actor = { type: "user", userId: "u", role: "store_manager", companyId: v.company_id, storeId: v.store_id };
    const mine = (await (await appAs(manager).request("/api/products/several-get", json(ids()))).json()) as { id: string }[];
    expect(mine.map((i) => i.id).sort()).toEqual([v.items.visible, v.items.hidden].sort());
    const stranger: Actor = { type: "user", userId: "s", role: "store_manager", companyId: other.company_id, storeId: other.store_id };
    const theirs = (await (await appAs(stranger).request("/api/products/several-get", json(ids()))).json()) as { id: string }[];
    expect(theirs.map((i) => i.id)).toEqual([v.items.visible]);
  });
  it("answers categories", async () => {
    const res = await appAs().request("/api/categories/several-get", json({ ids: [v.category_id] }));
    expect(await res.json()).toMatchObject([{ id: v.category_id, name: "Супы", type: "products", section: "kitchen" }]);
  });
});

describe("bad input is a 400 with a clear message, never a 500", () => {
  const cases: [string, RequestInit][] = [
    ["malformed JSON", { method: "POST", headers: { "content-type": "application/json" }, body: "{ids:" }],
    ["wrong type", json({ ids: "abc" })],
    ["empty list", json({ ids: [] })],
    ["too many ids", json({ ids: Array.from({ length: 101 }, (_, i) => `id${i}`) })],
  ];
  it.each(cases)("%s", async (_, init) => {
    const res = await appAs().request("/api/products/several-get", init);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message.length).toBeGreaterThan(3);
    expect(body.message).not.toMatch(/stack|at \//i);
  });
  it("oversized body: 413 with the readable message (issue 16)", async () => {
    const res = await appAs().request("/api/products/several-get", json({ ids: ["x".repeat(300 * 1024)] }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "payloadTooLarge", message: "Request is too large" });
  });
  it("missing parameters", async () => {
    for (const path of ["/api/cs-object?companyKey=a", "/api/companies/single", "/api/store-settings?storeId="]) {
      expect((await appAs().request(path)).status, path).toBe(400);
    }
  });
});

describe("service endpoints", () => {
  it("serves the OpenAPI document listing the section-7 calls, and a docs page", async () => {
    const doc = (await (await appAs().request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/store-and-company-by-qr-key",
        "/api/cs-object",
        "/api/companies/single",
        "/api/store-settings",
        "/api/products/several-get",
        "/api/categories/several-get",
      ]),
    );
    expect(await (await appAs().request("/api/docs")).text()).toContain("swagger");
  });
  it("answers health 503 until ready, then 200", async () => {
    let ready = false;
    const app = createApp({ isReady: () => ready });
    expect((await app.request("/api/health")).status).toBe(503);
    ready = true;
    expect((await app.request("/api/health")).status).toBe(200);
  });
  it("answers unknown API paths with the not-found message", async () => {
    const res = await appAs().request("/api/nope");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Page Not Found: /api/nope");
  });
});

describe("GET /api/menu", () => {
  it("lists the visible categories and items of a store", async () => {
    const res = await appAs().request(`/api/menu?storeId=${v.store_id}`);
    const menu = (await res.json()) as { store: { id: string }; categories: { id: string }[]; items: { id: string }[] };
    expect(menu.store.id).toBe(v.store_id);
    expect(menu.categories.map((c) => c.id)).toEqual([v.category_id]);
    expect(menu.items.map((i) => i.id)).toEqual([v.items.visible]);
  });
});

describe("Wi-Fi in the store settings", () => {
  it("keeps the password from guests when the plan has no Wi-Fi QR, but shows it to the store's staff", async () => {
    const { Db } = await import("@menu/core");
    await Db().entities.store.patch({ company_id: v.company_id, store_id: v.store_id }).set({ wifi: { ssid: "Cafe", encryption: "WPA", hidden: false, password: "secret-pass" } }).go();
    const guest = (await (await appAs().request(`/api/store-settings?storeId=${v.store_id}`)).json()) as { wifi?: unknown };
    expect(guest.wifi).toBeUndefined();
    const manager: Actor = { type: "user", userId: "u", role: "store_manager", companyId: v.company_id, storeId: v.store_id };
    const staff = (await (await appAs(manager).request(`/api/store-settings?storeId=${v.store_id}`)).json()) as { wifi?: { password: string } };
    expect(staff.wifi?.password).toBe("secret-pass");
  });
});
