import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, usePorts } from "@menu/core";
import { publishedHandler } from "../../local/src/published";
import { browser, captureMail } from "./support/browser-client";
import { tenant } from "./support/accounts";
import { body, publishRequests, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Settings = Record<string, unknown> & { url_key: string; languages: string[]; working_hours: unknown[] };
let t: Tenant;
let other: Tenant;
let owner: Client;
let manager: Client;
let stranger: Client;

const signedIn = signingIn(app);

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("storeset"), tenant("storesetother")]);
  [owner, manager, stranger] = await Promise.all([signedIn(t.owner.email), signedIn(t.manager.email), signedIn(other.owner.email)]);
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Центр",
  url_key: "main",
  address: "пр. Независимости, 1",
  phones: [{ description: "Бронь", number: "+375 (29) 123-45-67" }],
  working_hours: [
    { days: ["mon", "tue", "wed", "thu"], open: "10:00", close: "23:00" },
    { days: ["fri", "sat"], open: "12:00", close: "03:00" },
  ],
  socials: [{ network: "instagram", url: "https://instagram.com/center" }],
  seo_title: "Центр — кафе",
  seo_description: "Завтраки и кофе",
  time_zone: "Europe/Minsk",
  languages: ["ru", "en"],
  currency: "BYN",
  ...overrides,
});
const save = (b: Client, fields: Record<string, unknown>, storeId = t.store_id) => b.send("PUT", "/api/store-settings", { storeId, ...fields });
const read = async (storeId = t.store_id) => body<Settings>(await browser(app).get(`/api/store-settings?storeId=${storeId}`));

/** The store's current subscription: one active period of the plan covering now. */
async function onPlan(v: Tenant, plan: "basic" | "premium") {
  const keys = { company_id: v.company_id, store_id: v.store_id };
  const { data } = await Db().entities.subscription.query.byStore(keys).go();
  await Promise.all(data.map((s) => Db().entities.subscription.patch({ ...keys, subscription_id: s.subscription_id }).set({ status: "completed" }).go()));
  const now = Date.now();
  await Db()
    .entities.subscription.create({
      ...keys,
      subscription_id: randomUUID(),
      plan,
      status: "active",
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 20 * 86_400_000).toISOString(),
      paid_at: new Date(now - 86_400_000).toISOString(),
    })
    .go();
}

describe("settings/store", () => {
  it("saves every field; guests read the same answer shape; saving republishes", async () => {
    const before = await publishRequests(t);
    const res = await save(manager, form({ currency: "USD", time_zone: "Europe/Warsaw" }));
    expect(res.status).toBe(200);
    const saved = await read();
    expect(saved).toMatchObject({
      name: "Центр",
      url_key: "main",
      address: "пр. Независимости, 1",
      phones: [{ description: "Бронь", number: "+375 (29) 123-45-67" }],
      working_hours: [
        { days: ["mon", "tue", "wed", "thu"], open: "10:00", close: "23:00" },
        { days: ["fri", "sat"], open: "12:00", close: "03:00" },
      ],
      socials: [{ network: "instagram", url: "https://instagram.com/center" }],
      seo_title: "Центр — кафе",
      time_zone: "Europe/Warsaw",
      currency: "USD",
      languages: expect.arrayContaining(["ru", "en"]),
    });
    const after = await publishRequests(t);
    expect(after).toBeGreaterThan(before);
  });

  it("answers the specification's messages for wrong phones, links, URL names and empty days", async () => {
    const issues = async (fields: Record<string, unknown>) => {
      const res = await save(manager, form(fields));
      expect(res.status).toBe(400);
      return JSON.stringify(await res.json());
    };
    expect(await issues({ phones: [{ description: "", number: "call us" }] })).toContain("Invalid phone format");
    expect(await issues({ phones: [{ number: "12" }] })).toContain("Invalid phone format");
    expect(await issues({ socials: [{ network: "instagram", url: "instagram" }] })).toContain("Invalid URL");
    expect(await issues({ socials: [{ network: "website", url: "javascript:alert(1)" }] })).toContain("Invalid URL");
    expect(await issues({ url_key: "центр" })).toContain("Only Latin letters are allowed");
    expect(await issues({ url_key: "center_1" })).toContain("Only Latin letters are allowed");
    expect(await issues({ working_hours: [{ days: [], open: "10:00", close: "22:00" }] })).toContain("You need to select at least one item");
    expect(await issues({ working_hours: [{ days: ["mon"], open: "25:00", close: "22:00" }] })).toContain("Value is incorrect");
    expect(await issues({ name: "  " })).toContain("String cannot be empty");
    expect(await issues({ time_zone: "Mars/Olympus" })).toContain("Value is incorrect");
    // A logo must be an upload of this store.
    const foreign = await save(manager, form({ logo_light: `media/${other.company_id}/${other.store_id}/logo-${randomUUID()}.webp` }));
    expect(foreign.status).toBe(400);
  });

  it("a new URL name: the old one stays the store's, resolves, and its guest pages redirect", async () => {
    const res = await save(owner, form({ url_key: "Riverside" }));
    expect(res.status).toBe(200);
    expect((await body<Settings>(res)).url_key).toBe("riverside");
    const company = t.company.url_key;
    const cs = await body(await browser(app).get(`/api/cs-object?companyKey=${company}&storeKey=main`));
    expect(cs).toMatchObject({ store_id: t.store_id, store_url_key: "riverside" });
    // Nobody else in the company can take the old name.
    const taken = await owner.send("POST", "/api/stores", { company_id: t.company_id, name: "Other", url_key: "main" });
    expect(taken.status).toBe(409);
    expect(await body(taken)).toMatchObject({ code: "storeUrlExists" });

    // The published pages of the old name answer a redirect to the new one, the table kept.
    const moved = await usePorts().objects.get(`m/${company}/main/manifest.json`);
    expect(JSON.parse(Buffer.from(moved!.body).toString("utf8"))).toEqual({ format: 1, moved_to: "riverside" });
    const answer = await serve(`/${company}/main/menu?table=7`);
    expect(answer).toEqual({ status: 301, location: `/${company}/riverside/menu?table=7` });
    expect(await serve(`/${company}/main/promotions/0`)).toMatchObject({ location: `/${company}/riverside/promotions/0` });

    // Back to the old name: no conflict with itself, and the other name now redirects.
    expect((await save(owner, form({ url_key: "main" }))).status).toBe(200);
    expect(await serve(`/${company}/riverside/reviews`)).toEqual({ status: 301, location: `/${company}/main/reviews` });
  });

  it("refuses a URL name another store of the company has", async () => {
    const second = await owner.send("POST", "/api/stores", { company_id: t.company_id, name: "Second", url_key: "second" });
    expect(second.status).toBe(201);
    const res = await save(owner, form({ url_key: "second" }));
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ code: "storeUrlExists", message: "Store URL name already exists" });
  });

  it("menu languages are limited by the plan: Arabic, Turkish and French need premium", async () => {
    await onPlan(other, "basic");
    const otherManager = await signedIn(other.owner.email);
    const refused = await save(otherManager, form({ languages: ["ru", "en", "zh", "ar"] }), other.store_id);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ code: "featureNotInPlan" });
    expect((await save(otherManager, form({ languages: ["ru", "en", "zh"] }), other.store_id)).status).toBe(200);

    await onPlan(other, "premium");
    const ok = await save(otherManager, form({ languages: ["en", "fr", "tr", "ar"] }), other.store_id);
    expect(ok.status).toBe(200);
    expect((await body<Settings>(ok)).languages.sort()).toEqual(["ar", "en", "fr", "ru", "tr"]);
  });

  it("another company's staff and anonymous callers are told the store does not exist", async () => {
    const res = await save(stranger, form({ name: "Hacked" }));
    expect(res.status).toBe(404);
    expect(await body(res)).toMatchObject({ code: "storeNotFound" });
    expect((await save(browser(app), form({ name: "Hacked" }), t.store_id)).status).toBe(404);
    expect((await read()).name).not.toBe("Hacked");
  });
});

/** The local edge handler's answer to a guest page request (status and Location). */
async function serve(url: string) {
  let status = 0;
  let location: string | undefined;
  const req = { method: "GET", url, headers: {} } as unknown as IncomingMessage;
  const res = {
    writeHead(code: number, headers: Record<string, string>) {
      status = code;
      location = headers.Location;
      return this;
    },
    end() {
      return this;
    },
  } as unknown as ServerResponse;
  const handled = await publishedHandler()(req, res);
  expect(handled).toBe(true);
  return { status, location };
}
