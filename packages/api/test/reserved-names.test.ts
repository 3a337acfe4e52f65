/**
 * Issue 49, point 3: the URL names the site's own paths hold (and a few misleading words) cannot be a
 * company's or a store's: the availability check says so, and registration, a new store and the
 * store's settings refuse them with their message. The list covers every first path
 * segment that could be a URL name of the API's routes and of the local server's prefixes, so a new top-level route fails
 * here until its name is reserved (the SPA's routes and the CDN's behaviours: web and stacks tests).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { LOCAL_FILES_PATH } from "@menu/core/adapters/local-links";
import { MISLEADING_NAMES, ROUTE_NAMES } from "@menu/core/shared/reserved-names";
import { RESERVED_NAME_MESSAGE } from "@menu/core/shared/url-key";
import { letters } from "../../core/test/fixtures";
import { createLocalApp } from "../../local/src/server";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { browser, captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
let t: Tenant;
let owner: Client;

beforeAll(async () => {
  ({ t, owner } = await signedInTenants(app, "reserved", "reservedother"));
});

/** The first path segments a Hono app routes (parameters and wildcards are not names). */
const firstSegments = (routes: readonly { path: string }[]) =>
  new Set(routes.map((r) => r.path.split("/")[1] ?? "").filter((s) => /^[a-z][a-z0-9-]*$/.test(s)));

describe("reserved URL names", () => {
  it("holds every first path segment of the API and of the local server's own prefixes", () => {
    const local = createLocalApp({ webDist: "/nonexistent" });
    const segments = new Set([...firstSegments(createApp().routes), ...firstSegments(local.routes), LOCAL_FILES_PATH.split("/")[1]!, "m", "t"]);
    expect(segments.size).toBeGreaterThan(5);
    for (const segment of segments) expect(ROUTE_NAMES, segment).toContain(segment);
  });

  it("answers the availability check with urlNameReserved, for companies and stores, in any case", async () => {
    const b = browser(app);
    const check = async (q: string) => body(await b.get(`/api/auth/availability?${q}`));
    for (const name of ["m", "api", "Media", "ASSETS", "login", "admin", "support"]) {
      expect(await check(`field=company_url_key&value=${name}`), name).toEqual({ available: false, code: "urlNameReserved" });
      expect(await check(`field=store_url_key&value=${name}&companyKey=${t.company.url_key}`), name).toEqual({ available: false, code: "urlNameReserved" });
    }
    // A name that only starts like one is free.
    expect(await check(`field=company_url_key&value=${letters("mapi")}`)).toEqual({ available: true });
  });

  it("refuses a reserved name at registration, for a new store and in the store's settings, writing nothing", async () => {
    const b = browser(app);
    const email = uniqueEmail("reserved");
    const registration = { company_name: "Кафе", store_name: "Центр", company_url_key: "m", store_url_key: "center", email, password: PASSWORD, password_confirmation: PASSWORD, ui_locale: "en" };
    const refused = await b.send("POST", "/api/auth/register", registration);
    expect(refused.status).toBe(400);
    expect((await body<{ message: string }>(refused)).message).toContain(RESERVED_NAME_MESSAGE);
    expect(await body(await b.get(`/api/auth/availability?field=email&value=${email}`))).toEqual({ available: true });

    const store = await owner.send("POST", "/api/stores", { company_id: t.company_id, name: "Админ", url_key: MISLEADING_NAMES[0] });
    expect(store.status).toBe(400);
    expect((await body<{ message: string }>(store)).message).toContain(RESERVED_NAME_MESSAGE);
    const stores = await body<{ url_key: string }[]>(await owner.get(`/api/stores?companyId=${t.company_id}`));
    expect(stores.map((s) => s.url_key)).toEqual(["main"]);

    const current = await body<Record<string, unknown>>(await owner.get(`/api/store-settings?storeId=${t.store_id}`));
    const saved = await owner.send("PUT", "/api/store-settings", { ...current, storeId: t.store_id, url_key: "api" });
    expect(saved.status).toBe(400);
    expect((await body<{ message: string }>(saved)).message).toContain(RESERVED_NAME_MESSAGE);
    expect((await body<{ url_key: string }>(await owner.get(`/api/store-settings?storeId=${t.store_id}`))).url_key).toBe("main");
  });
});
