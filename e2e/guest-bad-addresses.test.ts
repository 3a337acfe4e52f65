/**
 * Addresses a guest can get wrong (issue 32, points 5 and 7), against the local runtime: a promotions
 * address that names no position, or a position the store does not have (issue 48), is a 404 in the
 * visitor's language (right to left in Arabic); an
 * unknown or retired table QR code shows the "no longer valid" page in the visitor's language, linking
 * to the store's menu when the code's store is known; a first visit (no menu_language cookie) opens
 * the menu in the first Accept-Language the store offers, and the cookie wins afterwards.
 */
import { describe, expect, it } from "vitest";
import { demo as demoOf } from "./demo";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

describe("bad guest addresses and the first visit's language", () => {
  // The worker's shared runtime: the one code this file retires belongs to a table it adds itself.
  const runtime = workerRuntime();
  const demo = demoOf(runtime.dataDir);

  const get = (path: string, headers: Record<string, string> = {}) => fetch(runtime.baseUrl + path, { headers, redirect: "manual" });
  const htmlLang = (html: string) => /<html lang="([^"]+)" dir="([^"]+)"/.exec(html)?.slice(1, 3);
  const manifest = async (path: string) => {
    const [, company, store] = new URL(path, runtime.baseUrl).pathname.split("/");
    return (await (await get(`/m/${company}/${store}/manifest.json`)).json()) as { languages: string[]; default_language: string };
  };

  it("answers a promotions address that is not a position with 404 in the visitor's language", async () => {
    for (const [cookie, lang, dir, title] of [
      ["", "ru", "ltr", "Страница не найдена"],
      ["menu_language=ar", "ar", "rtl", "الصفحة غير موجودة"],
    ] as const) {
      for (const path of ["/demo/park/promotions/abc", "/demo/park/promotions/1/2", "/demo/park/promotions/abc/"]) {
        const res = await get(path, cookie ? { cookie } : {});
        expect(res.status, `${path} ${cookie}`).toBe(404);
        const html = await res.text();
        expect(htmlLang(html), path).toEqual([lang, dir]);
        expect(html).toContain(title);
      }
    }
    // Without a cookie, the browser's language chooses the page.
    expect(htmlLang(await (await get("/demo/park/promotions/abc", { "accept-language": "ar-EG,ar;q=0.9" })).text())).toEqual(["ar", "rtl"]);
  });

  it("answers a promotions position the store does not have with 404 in the visitor's language, and its own positions with their page (issue 48)", async () => {
    const { pages } = (await (await get("/m/demo/park/manifest.json")).json()) as { pages: string[] };
    const positions = pages.filter((p) => p.startsWith("promotions/"));
    expect(positions.length, "the demo store has promotion pages").toBeGreaterThan(0);
    for (const page of positions) expect((await get(`/demo/park/${page}`)).status, page).toBe(200);
    const next = Math.max(...positions.map((p) => Number(p.slice("promotions/".length)))) + 1;
    for (const [cookie, lang, dir, title] of [
      ["", "ru", "ltr", "Страница не найдена"],
      ["menu_language=en", "en", "ltr", "Page not found"],
      ["menu_language=zh", "zh", "ltr", "页面未找到"],
      ["menu_language=ar", "ar", "rtl", "الصفحة غير موجودة"],
    ] as const) {
      for (const path of [`/demo/park/promotions/${next}`, "/demo/park/promotions/99", "/demo/park/promotions/00/"]) {
        const res = await get(path, cookie ? { cookie } : {});
        expect(res.status, `${path} ${cookie}`).toBe(404);
        const html = await res.text();
        expect(htmlLang(html), path).toEqual([lang, dir]);
        expect(html).toContain(title);
        expect(html, "not the kitchen menu").not.toContain('data-testid="guest-menu"');
      }
    }
  });

  it("shows an unknown or retired QR code's page in the visitor's language, with the store's menu when known", async () => {
    const unknown = await get("/t/NoSuchKey1", { "accept-language": "en-GB,en;q=0.8" });
    expect(unknown.status).toBe(404);
    const unknownHtml = await unknown.text();
    expect(htmlLang(unknownHtml)).toEqual(["en", "ltr"]);
    expect(unknownHtml).toContain("This QR code is no longer valid");
    expect(unknownHtml).not.toContain('data-testid="qr-menu-link"');

    // Retire the live code of a table added for it, through the staff API (its key is re-issued).
    const login = demo.logins.find((l) => l.role === "store_manager")!;
    const api = await staffApi(runtime.baseUrl, login.email, login.password);
    const { store_id } = (await (await api.request("/api/me")).json()) as { store_id: string };
    const added = await api.send("POST", "/api/tables", { store_id, position: 480, name: "Старый QR" });
    expect(added.status, await added.clone().text()).toBe(201);
    const table = (await added.json()) as { table_id: string; qr_key: string };
    // The table's link is published by a background job.
    await expect.poll(async () => (await get(`/t/${table.qr_key}`)).status).toBe(302);
    const live = await get(`/t/${table.qr_key}`);
    const menu = new URL(live.headers.get("location")!, runtime.baseUrl).pathname;
    const reissued = await api.send("POST", `/api/tables/${table.table_id}/reissue-qr`, { store_id });
    expect(reissued.status, await reissued.clone().text()).toBe(200);

    for (const [headers, lang, dir, text] of [
      [{ cookie: "menu_language=ar" }, "ar", "rtl", "رمز QR هذا لم يعد صالحًا"],
      [{ "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" }, "fr", "ltr", "Ce QR code n’est plus valable"],
      [{}, "ru", "ltr", "QR-код больше не действует"],
    ] as const) {
      const res = await get(`/t/${table.qr_key}`, headers);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(htmlLang(html)).toEqual([lang, dir]);
      expect(html).toContain(text);
      expect(html).toContain(`href="${menu}" class="btn btn--primary" data-testid="qr-menu-link"`);
    }
    // The new key leads to the table.
    const fresh = (await reissued.json()) as { qr_key: string };
    expect((await get(`/t/${fresh.qr_key}`)).headers.get("location")).toBe(live.headers.get("location"));
  });

  it("opens a first visit's menu in the first Accept-Language the store offers; the cookie wins afterwards", async () => {
    const path = new URL(demo.menu_urls[0]!).pathname;
    const { languages, default_language } = await manifest(path);
    expect(languages, "the demo store offers English besides its default").toContain("en");
    expect(default_language).not.toBe("en");
    const unoffered = ["ru", "en", "zh", "ar", "tr", "fr"].find((l) => !languages.includes(l))!;
    const other = languages.find((l) => l !== "en" && l !== default_language) ?? default_language;
    for (const [headers, lang] of [
      [{ "accept-language": "en-US,en;q=0.9" }, "en"],
      [{ "accept-language": `${unoffered},en;q=0.5` }, "en"],
      [{ "accept-language": `${other};q=0.4,en-GB;q=0.8` }, "en"],
      [{ "accept-language": unoffered }, default_language],
      [{}, default_language],
      [{ "accept-language": "en-US,en;q=0.9", cookie: `menu_language=${default_language}` }, default_language],
    ] as [Record<string, string>, string][]) {
      const res = await get(path, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get("vary")).toContain("Accept-Language");
      expect(htmlLang(await res.text())?.[0], JSON.stringify(headers)).toBe(lang);
    }
  });
});
