/**
 * Issue 32, point 5 in the cloud: `/t/{key}` is answered by the API (no renderer there), from the
 * bad-QR pages the publish job writes with the web app's own server renderer (web/dist-ssr).
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { publishStore } from "@menu/core/publish/publish";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
let t: Tenant;
let manager: Client;

beforeAll(async () => {
  ({ t, manager } = await signedInTenants(app, "qrpages", "qrothers"));
  setMenuRenderer(await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js")));
  await publishStore({ company_id: t.company_id, store_id: t.store_id });
});
afterAll(() => setMenuRenderer(undefined));

const scan = (key: string, headers: Record<string, string> = {}) => app.request(`/t/${key}`, { headers });
const htmlLang = (html: string) => /<html lang="(\w+)" dir="(\w+)"/.exec(html)?.slice(1);
const menuLinks = (html: string) => [...html.matchAll(/<a href="([^"]*)"[^>]*data-testid="qr-menu-link"/g)].map((m) => m[1]);

describe("GET /t/{key} on the API", () => {
  it("answers an unknown key with 404, the page in the Accept-Language's language, without a menu link", async () => {
    const res = await scan("NoSuchKey1", { "accept-language": "en-GB,en;q=0.8" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Language");
    const html = await res.text();
    expect(htmlLang(html)).toEqual(["en", "ltr"]);
    expect(html).toContain("This QR code is no longer valid");
    expect(menuLinks(html)).toEqual([]);
    expect(html).not.toContain("_qr_menu_");
    // A malformed key is no key at all: the same page, here in the cookie's language over the header's.
    const malformed = await (await scan("..%2F..%2Fetc", { "accept-language": "en", cookie: "menu_language=fr" })).text();
    expect(htmlLang(malformed)).toEqual(["fr", "ltr"]);
  });

  it("answers a re-issued key with the page in Arabic, right to left, linking to the store's menu; the new key still lands on the table", async () => {
    const table = await body<{ table_id: string; qr_key: string }>(
      await manager.send("POST", "/api/tables", { store_id: t.store_id, position: 21, name: "QR-21" }),
    );
    const fresh = await body<{ qr_key: string }>(await manager.send("POST", `/api/tables/${table.table_id}/reissue-qr`, { store_id: t.store_id }));
    const res = await scan(table.qr_key, { "accept-language": "ar-EG,ar;q=0.9,en;q=0.5" });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toEqual(["ar", "rtl"]);
    expect(html).toContain("رمز QR هذا لم يعد صالحًا");
    expect(menuLinks(html)).toEqual([`/${t.company.url_key}/main/menu`]);

    const current = await scan(fresh.qr_key, { "accept-language": "ar" });
    expect(current.status).toBe(302);
    expect(current.headers.get("location")).toBe(`/${t.company.url_key}/main/menu?table=21`);
  });
});
