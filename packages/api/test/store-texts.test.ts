import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { buildPublishedMenu } from "@menu/core/publish/build";
import { loadStoreState } from "@menu/core/publish/store-state";
import { browser, captureMail } from "./support/browser-client";
import { tenant } from "./support/accounts";
import { body, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Settings = { name: string; address: string; translations: Record<string, { name?: string }> };
let t: Tenant;
let manager: Client;
const signedIn = signingIn(app);

beforeAll(async () => {
  t = await tenant("storetexts");
  manager = await signedIn(t.manager.email);
  // Basic plan: ru, en and zh are published.
  const keys = { company_id: t.company_id, store_id: t.store_id };
  const now = Date.now();
  await Db()
    .entities.subscription.create({
      ...keys,
      subscription_id: randomUUID(),
      plan: "basic",
      status: "active",
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 20 * 86_400_000).toISOString(),
      paid_at: new Date(now - 86_400_000).toISOString(),
    })
    .go();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Центр",
  url_key: "texts",
  address: "пр. Независимости, 1",
  phones: [],
  working_hours: [],
  socials: [],
  seo_title: "",
  seo_description: "",
  time_zone: "Europe/Minsk",
  languages: ["ru", "en", "zh"],
  currency: "BYN",
  ...overrides,
});
const save = (fields: Record<string, unknown>) => manager.send("PUT", "/api/store-settings", { storeId: t.store_id, ...fields });
const read = async () => body<Settings>(await browser(app).get(`/api/store-settings?storeId=${t.store_id}`));
const published = async (lang: string) => {
  const state = await loadStoreState({ company_id: t.company_id, store_id: t.store_id }, new Date());
  return buildPublishedMenu(state, lang, () => ({ size: 1, path: "" })).store;
};

describe("store name per menu language", () => {
  it("is saved per language and published in the menu's language, falling back with a language mark", async () => {
    const res = await save(form({ translations: { en: { name: "Center" }, zh: { name: "" } } }));
    expect(res.status).toBe(200);
    // An empty name is not stored: it falls back.
    expect((await read()).translations).toEqual({ en: { name: "Center" } });

    expect(await published("ru")).toMatchObject({ name: "Центр", address: "пр. Независимости, 1" });
    expect(await published("ru")).not.toHaveProperty("name_lang");
    const en = await published("en");
    expect(en).toMatchObject({ name: "Center" });
    expect(en).not.toHaveProperty("name_lang");
    // The address is translated like the menu's texts (store-text-translations.test.ts); untranslated, the source shows, marked.
    expect(en).toMatchObject({ address: "пр. Независимости, 1", address_lang: "ru" });
    expect(await published("zh")).toMatchObject({ name: "Center", name_lang: "en" });
  });

  it("a save without them keeps them; emptied ones fall back to the source", async () => {
    expect((await save(form())).status).toBe(200);
    expect((await read()).translations.en).toEqual({ name: "Center" });

    expect((await save(form({ translations: { en: { name: "" }, zh: { name: "" } } }))).status).toBe(200);
    expect((await read()).translations).toEqual({});
    expect(await published("zh")).toMatchObject({ name: "Центр", name_lang: "ru", address: "пр. Независимости, 1", address_lang: "ru" });
  });

  it("refuses a name longer than the store name's limit", async () => {
    const res = await save(form({ translations: { en: { name: "x".repeat(121) } } }));
    expect(res.status).toBe(400);
  });
});
