/**
 * Issue 50, point 8 (decision 105), the server's side: what the availability check suggests for a
 * taken store URL name (the company's city, then -2) is what a new store, the store's settings and
 * registration accept; names with digits and hyphens pass the same rule, reserved ones still do
 * not; settings/stores says how many items each store has (the copy link's condition).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core/db/service";
import { RESERVED_NAME_MESSAGE } from "@menu/core/shared/url-key";
import { urlNameFrom } from "@menu/core/shared/url-name-suggest";
import { letters } from "../../core/test/fixtures";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { browser, captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
let t: Tenant;
let owner: Client;

beforeAll(async () => {
  ({ t, owner } = await signedInTenants(app, "suggest", "suggestother"));
  await Db().entities.store.patch({ company_id: t.company_id, store_id: t.store_id }).set({ address: "г. Минск, ул. Немига 5" }).go();
});

const availability = async (q: string) => body<{ available: boolean; code?: string; suggestion?: string }>(await browser(app).get(`/api/auth/availability?${q}`));
const storeName = (value: string) => availability(`field=store_url_key&value=${value}&companyKey=${t.company.url_key}`);
const newStore = (name: string, url_key: string) => owner.send("POST", "/api/stores", { company_id: t.company_id, name, url_key });

describe("URL names suggested and accepted (decision 105)", () => {
  it("offers a taken store URL name with the company's city, then numbered, and a new store takes each", async () => {
    const url = urlNameFrom("Кафе «Берёзка» на Немиге");
    expect(url).toBe("berezka-nemige");
    expect(await storeName(url)).toEqual({ available: true });
    expect((await newStore("Берёзка", url)).status).toBe(201);

    const first = await storeName(url);
    expect(first).toEqual({ available: false, code: "storeUrlExists", suggestion: "berezka-nemige-minsk" });
    expect((await newStore("Берёзка 2", first.suggestion!)).status).toBe(201);
    const second = await storeName(url);
    expect(second).toEqual({ available: false, code: "storeUrlExists", suggestion: "berezka-nemige-2" });
    expect((await newStore("Берёзка 3", second.suggestion!)).status).toBe(201);
    expect((await storeName("berezka-nemige-2")).suggestion).toBe("berezka-nemige-3");
  });

  it("registers a company under a suggested name with digits and hyphens, and refuses what the rule does not allow", async () => {
    const b = browser(app);
    const register = (company_url_key: string, store_url_key = "centr-1") =>
      b.send("POST", "/api/auth/register", {
        company_name: "Кафе",
        store_name: "Центр",
        company_url_key,
        store_url_key,
        email: uniqueEmail("suggest"),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        ui_locale: "ru",
      });
    const base = `${letters("bar")}-na-2`;
    expect((await register(base)).status).toBe(201);
    const taken = await availability(`field=company_url_key&value=${base}`);
    expect(taken.suggestion).toBe(base.replace(/-2$/, "-3"));
    expect((await register(taken.suggestion!)).status).toBe(201);
    const l = letters("b");
    for (const bad of [`-${l}`, `${l}-`, `${l}--2`, `2${l}`, `${l}_2`]) expect((await register(bad)).status, bad).toBe(400);
    const reserved = await register("service-contacts");
    expect(reserved.status).toBe(400);
    expect((await body<{ message: string }>(reserved)).message).toContain(RESERVED_NAME_MESSAGE);
    expect(await availability("field=company_url_key&value=change-password")).toEqual({ available: false, code: "urlNameReserved" });
  });

  it("saves a hyphenated URL name in the store's settings", async () => {
    const current = await body<Record<string, unknown>>(await owner.get(`/api/store-settings?storeId=${t.store_id}`));
    const saved = await owner.send("PUT", "/api/store-settings", { ...current, storeId: t.store_id, url_key: "Main-1" });
    expect(saved.status).toBe(200);
    expect((await body<{ url_key: string }>(await owner.get(`/api/store-settings?storeId=${t.store_id}`))).url_key).toBe("main-1");
  });

  it("lists each store with its items, so the copy link shows only when another store has a menu", async () => {
    const stores = await body<{ url_key: string; items: number }[]>(await owner.get(`/api/stores?companyId=${t.company_id}`));
    expect(Object.fromEntries(stores.map((s) => [s.url_key, s.items]))).toMatchObject({ "berezka-nemige": 0, "berezka-nemige-minsk": 0 });
    expect(stores.find((s) => s.url_key.startsWith("main"))!.items).toBe(2);
  });
});
