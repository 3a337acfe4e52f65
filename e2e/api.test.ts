import { describe, expect, it } from "vitest";
import { demo, path } from "./demo";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const get = async <T>(p: string) => {
  const res = await fetch(base + p);
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};

describe("section-7 calls on the demo data, through the running service", () => {
  it("prints menu URLs, QR links and one login per role into demo.json", () => {
    const d = demo();
    expect(d.menu_urls.map(path)).toEqual(expect.arrayContaining(["/demo/center/menu", "/demo/park/menu"]));
    expect(d.qr_links.length).toBeGreaterThanOrEqual(2);
    expect(d.logins.map((l) => l.role).sort()).toEqual(["admin", "company_manager", "store_manager"]);
  });

  it("follows a table QR link to the store's menu with the table number", async () => {
    const qr = path(demo().qr_links[0]!);
    const res = await fetch(base + qr, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/demo\/(center|park)\/menu\?table=\d+$/);
    const key = qr.split("/").pop();
    const target = await get<{ company_url_key: string; store_url_key: string; position: number }>(
      `/api/store-and-company-by-qr-key?qrKey=${key}`,
    );
    expect(res.headers.get("location")).toBe(`/${target.company_url_key}/${target.store_url_key}/menu?table=${target.position}`);
  });

  it("resolves the demo stores and reads their company, settings and menu records", async () => {
    const cs = await get<{ company_id: string; store_id: string; company_url_key: string; store_url_key: string }>(
      "/api/cs-object?companyKey=demo&storeKey=center",
    );
    expect(cs).toMatchObject({ company_url_key: "demo", store_url_key: "center" });
    expect((await fetch(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).status).toBe(404);

    expect(await get(`/api/companies/single?id=${cs.company_id}`)).toMatchObject({ id: cs.company_id, url_key: "demo" });

    const settings = await get<{ phones: unknown[]; working_hours: unknown[]; wifi?: { ssid: string }; languages: string[] }>(
      `/api/store-settings?storeId=${cs.store_id}`,
    );
    expect(settings.phones.length).toBeGreaterThan(0);
    expect(settings.working_hours.length).toBeGreaterThan(0);
    expect(settings.wifi?.ssid).toBeTruthy();
    expect(settings.languages).toEqual(expect.arrayContaining(["ru", "en", "zh"]));

    const menu = await get<{ categories: { id: string }[]; items: { id: string }[] }>(`/api/menu?storeId=${cs.store_id}`);
    expect(menu.items.length).toBeGreaterThan(100);
    const ids = menu.items.slice(0, 5).map((i) => i.id);
    const several = async (p: string, body: unknown) =>
      (await (await fetch(base + p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as { id: string }[];
    expect((await several("/api/products/several-get", { ids })).map((i) => i.id).sort()).toEqual([...ids].sort());
    const categoryIds = menu.categories.slice(0, 3).map((c) => c.id);
    expect((await several("/api/categories/several-get", { ids: categoryIds })).map((c) => c.id).sort()).toEqual(categoryIds.sort());
  });

  it("answers bad input with a 400 and a message", async () => {
    const res = await fetch(`${base}/api/products/several-get`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it("serves uploaded photos with validators and immutable caching", async () => {
    const cs = await get<{ store_id: string }>("/api/cs-object?companyKey=demo&storeKey=park");
    const menu = await get<{ items: { photo?: string }[] }>(`/api/menu?storeId=${cs.store_id}`);
    const photo = menu.items.find((i) => i.photo)!.photo!;
    const res = await fetch(`${base}/${photo}`);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const again = await fetch(`${base}/${photo}`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});
