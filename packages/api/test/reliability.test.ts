/**
 * Issue 16 (reliability) at the API: QR scans answered from published links without the database,
 * the client address never taken from a header the client sets, malformed requests answered 4xx,
 * the CSRF token bound to its session, and signed-out cookies refused on state-changing calls.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, configureDb, Db, usePorts, withActor } from "@menu/core";
import { AUTH } from "@menu/core/auth/config";
import { db } from "@menu/core/db/client";
import { publishStore } from "@menu/core/publish/publish";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { updateStoreSettings } from "@menu/core/settings/store-settings";
import { createTable } from "@menu/core/tables/table";
import { qrLinkKey } from "@menu/core/tables/qr-links";
import { browser, captureMail, fromAddress } from "./support/browser-client";
import { PASSWORD, tenant, uniqueEmail } from "./support/accounts";
import { atWindowStart, body, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const signedIn = signingIn(app);
let t: Tenant;
let manager: Client;

beforeAll(async () => {
  t = await tenant("reliable");
  manager = await signedIn(t.manager.email);
});
afterEach(() => {
  delete process.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS;
  clock.reset();
});

type Table = { table_id: string; qr_key: string; position: number };
const location = async (key: string) => {
  const res = await app.request(`/t/${key}`);
  expect(res.status).toBe(302);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return res.headers.get("location");
};
const menuOf = (position: number, store = "main") => `/${t.company.url_key}/${store}/menu?table=${position}`;

/** Runs `fn` with the database out of reach (nothing listens on port 9), then points back at this file's table. */
async function withoutDatabase<T>(fn: () => Promise<T>) {
  const { table } = db();
  configureDb({ table, endpoint: "http://127.0.0.1:9" });
  try {
    return await fn();
  } finally {
    configureDb({ table, endpoint: inject("dynamoEndpoint") });
  }
}

describe("GET /t/{qrKey} from the published link", () => {
  it("is answered without the database", async () => {
    expect(await withoutDatabase(() => location(t.table.qr_key))).toBe(menuOf(7));
    // The link is the published object m/qr/{key}.json.
    const object = await usePorts().objects.get(qrLinkKey(t.table.qr_key));
    expect(JSON.parse(Buffer.from(object!.body).toString())).toEqual({ format: 1, company_url_key: t.company.url_key, store_url_key: "main", position: 7, name: t.table.name });
  });

  it("follows tables created, renumbered, re-issued and deleted, at once", async () => {
    const created = await body<Table>(await manager.send("POST", "/api/tables", { store_id: t.store_id, position: 40, name: "QR-40" }));
    expect(await location(created.qr_key)).toBe(menuOf(40));
    expect((await manager.send("PATCH", `/api/tables/${created.table_id}`, { store_id: t.store_id, position: 41, name: "QR-41" })).status).toBe(200);
    expect(await location(created.qr_key)).toBe(menuOf(41));

    const fresh = await body<Table>(await manager.send("POST", `/api/tables/${created.table_id}/reissue-qr`, { store_id: t.store_id }));
    expect(await location(created.qr_key)).toBe("/");
    expect(await location(fresh.qr_key)).toBe(menuOf(41));

    expect((await manager.send("DELETE", `/api/tables/${created.table_id}?storeId=${t.store_id}`)).status).toBe(200);
    expect(await location(fresh.qr_key)).toBe("/");
  });

  it("follows the store's new URL name", async () => {
    const v = await tenant("renamed");
    const form = { name: "Renamed", url_key: "second", address: "", seo_title: "", seo_description: "", phones: [], working_hours: [], socials: [], time_zone: "Europe/Minsk", languages: ["ru"], currency: "BYN" };
    await withActor({ type: "system" }, () => updateStoreSettings({ storeId: v.store_id, ...form } as never));
    expect(await location(v.table.qr_key)).toBe(`/${v.company.url_key}/second/menu?table=7`);
  });

  it("is repaired by the publish job, which also deletes links of keys no table has any more", async () => {
    const v = await tenant("repaired");
    const keys = { company_id: v.company_id, store_id: v.store_id };
    const kept = await createTable({ ...keys, position: 3, name: "Kept" });
    setMenuRenderer({ build: "test", renderPage: () => "<!doctype html>", qrPath: () => ({ size: 1, path: "" }) });
    await publishStore(keys);
    // A key retired behind the API's back (a crash between the table write and the object delete),
    // and a link lost the same way: the next publish deletes the one and writes the other.
    const retired = v.table.qr_key;
    await Db().entities.table.patch({ ...keys, table_id: v.table.table_id }).set({ qr_key: "Retired2Key" }).go();
    await usePorts().objects.delete(qrLinkKey(kept.qr_key));
    expect(await location(retired)).toBe(`/${v.company.url_key}/main/menu?table=7`);
    await publishStore(keys);
    expect(await location(retired)).toBe("/");
    expect(await location("Retired2Key")).toBe(`/${v.company.url_key}/main/menu?table=7`);
    expect(await location(kept.qr_key)).toBe(`/${v.company.url_key}/main/menu?table=3`);
    setMenuRenderer(undefined);
  });

  it("answers an unknown or malformed key as before: the home page", async () => {
    for (const key of ["unknown", "%zz", "..%2F..%2Fetc", "a".repeat(300), "%00", "ok%2Fx"]) expect(await location(key)).toBe("/");
  });
});

describe("the client address", () => {
  // 31 sign-ins per test: on a loaded machine that can take longer than what is left of a window.
  beforeEach(() => atWindowStart(AUTH.limits.signInPerIp.windowMs));
  /** A failed sign-in (a new e-mail each time, so only the per-address limit can bite), from `env`'s address. */
  const spray = (env: Record<string, unknown>, headers: Record<string, string> = {}) =>
    browser({ request: (path, init) => app.request(path, init, env) }, { headers }).signIn(uniqueEmail("spray"), "guess");

  it("is API Gateway's source IP on Lambda, whatever X-Forwarded-For says", async () => {
    const lambda = (sourceIp: string) => ({ requestContext: { http: { sourceIp } } });
    for (let i = 0; i < 30; i++) {
      expect((await spray(lambda("203.0.113.50"), { "x-forwarded-for": `198.51.100.${i}` })).status).toBe(401);
    }
    expect((await spray(lambda("203.0.113.50"), { "x-forwarded-for": "198.51.100.200" })).status).toBe(429);
    expect((await spray(lambda("203.0.113.51"))).status).toBe(401);
  });

  it("is CloudFront-Viewer-Address only when CloudFront is trusted to set it", async () => {
    // Not trusted (the default): the header is the client's to set, so it is ignored.
    for (let i = 0; i < 30; i++) {
      expect((await spray(fromAddress("203.0.113.60"), { "cloudfront-viewer-address": `198.51.100.${i}:443` })).status).toBe(401);
    }
    expect((await spray(fromAddress("203.0.113.60"), { "cloudfront-viewer-address": "198.51.100.99:443" })).status).toBe(429);
    // Trusted (TRUST_CLOUDFRONT_VIEWER_ADDRESS=true, set where CloudFront is the only way in): the viewer's address counts.
    process.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS = "true";
    expect((await spray(fromAddress("203.0.113.60"), { "cloudfront-viewer-address": "2001:db8::7:443" })).status).toBe(401);
    for (let i = 1; i < 30; i++) {
      expect((await spray(fromAddress(`203.0.113.${70 + i}`), { "cloudfront-viewer-address": "2001:db8::7:51234" })).status).toBe(401);
    }
    expect((await spray(fromAddress("203.0.113.61"), { "cloudfront-viewer-address": "2001:db8::7:443" })).status).toBe(429);
  });
});

describe("malformed requests", () => {
  it("answer 400 or 404 for bad percent-encoding in any path, never 500", async () => {
    const paths = [
      "/t/%zz",
      "/t/%",
      "/m/%ff",
      "/api/users/%zz",
      "/api/users/%E0%A4%A",
      "/api/tables/%zz?storeId=%zz",
      "/api/items/%C0%AF",
      `/api/stores/%ff%fe?companyId=${t.company_id}`,
      "/api/%zz",
      "/%zz",
      "/api/cs-object?companyKey=%zz&storeKey=%ff",
    ];
    for (const path of paths) {
      for (const b of [browser(app), manager]) {
        for (const method of ["GET", "DELETE", "PATCH"]) {
          const res = method === "GET" ? await b.get(path) : await b.send(method, path, {});
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
          if (!path.startsWith("/t/")) expect([400, 401, 403, 404, 405], `${method} ${path}`).toContain(res.status);
        }
      }
    }
  });

  it("a JSON body over the limit answers 413 with the readable message and closes the connection", async () => {
    const res = await manager.send("PATCH", "/api/me", { first_name: "x".repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "payloadTooLarge", message: "Request is too large" });
    expect(res.headers.get("connection")).toBe("close");
    expect((await manager.get("/api/me")).status).toBe(200);
  });
});

describe("sessions and CSRF", () => {
  it("refuses a visitor's CSRF token and cookie next to a signed-in user's session cookie", async () => {
    const visitor = browser(app);
    const token = await visitor.csrfToken();
    const victim = await signedIn(t.owner.email);
    const cookie = `qrm_session=${victim.cookie("qrm_session")}; qrm_csrf=${visitor.cookie("qrm_csrf")}`;
    const forged = await app.request("/api/me", {
      method: "PATCH",
      headers: { cookie, "x-csrf-token": token, "content-type": "application/json" },
      body: JSON.stringify({ first_name: "Mallory" }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: "csrfInvalid" });
    // Another user's session and its own token: refused too.
    const other = await signedIn(t.manager.email);
    const crossed = await app.request("/api/me", {
      method: "PATCH",
      headers: { cookie: `qrm_session=${victim.cookie("qrm_session")}; qrm_csrf=${other.cookie("qrm_csrf")}`, "x-csrf-token": await other.csrfToken(), "content-type": "application/json" },
      body: JSON.stringify({ first_name: "Mallory" }),
    });
    expect(crossed.status).toBe(403);
    expect((await body<{ first_name: string }>(await victim.get("/api/me"))).first_name).not.toBe("Mallory");
    // The victim's own page keeps its token across sign-in (it moved with the session) and works.
    expect((await victim.send("PATCH", "/api/me", { first_name: "Olga" })).status).toBe(200);
  });

  it("keeps the page's token usable across sign-in, sign-out and a new sign-in", async () => {
    const b = browser(app);
    const token = await b.csrfToken();
    await b.signIn(t.manager.email, PASSWORD);
    expect((await b.send("PATCH", "/api/me", { first_name: "Max" })).status).toBe(200);
    expect(await body(await b.signOut())).toEqual({ url: "/" });
    expect((await b.signIn(t.manager.email, PASSWORD)).status).toBe(200);
    expect(await b.csrfToken()).toBe(token);
    expect((await b.send("PATCH", "/api/me", { first_name: "Max" })).status).toBe(200);
  });

  it("answers 401 to a state-changing call with a signed-out session cookie, and drops the cookie", async () => {
    const b = await signedIn(t.manager.email);
    const token = await b.csrfToken();
    const cookie = `qrm_session=${b.cookie("qrm_session")}; qrm_csrf=${b.cookie("qrm_csrf")}`;
    // Signed out in another tab: this browser still sends the old cookies.
    const elsewhere = browser(app);
    elsewhere.jar.set("qrm_session", b.cookie("qrm_session")!);
    elsewhere.jar.set("qrm_csrf", b.cookie("qrm_csrf")!);
    expect((await elsewhere.signOut()).status).toBe(200);
    for (const [method, path, payload] of [
      ["PATCH", "/api/me", { first_name: "Ghost" }],
      ["POST", "/api/tables", { store_id: t.store_id, position: 77, name: "ghost" }],
      ["DELETE", `/api/tables/${t.table.table_id}?storeId=${t.store_id}`, undefined],
    ] as const) {
      const res = await app.request(path, {
        method,
        headers: { cookie, "x-csrf-token": token, "content-type": "application/json" },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ code: "unauthorized", message: "Sign in required" });
      expect(res.headers.getSetCookie().some((c) => /^qrm_session=;/.test(c))).toBe(true);
    }
    // Nothing was changed.
    expect((await Db().entities.table.get({ company_id: t.company_id, store_id: t.store_id, table_id: t.table.table_id }).go()).data).toBeTruthy();
    // Signing in again needs nothing more than the page's token.
    expect((await b.signIn(t.manager.email, PASSWORD)).status).toBe(200);
  });
});
