/**
 * Issue 32, point 6: the store's address and phone notes are translated like the menu's texts. A
 * change in settings is translated by the engine (a LibreTranslate fake behind the real adapter) and
 * published in every menu language; a hand-made translation (the translations screen's "Store")
 * wins over the engine and over later source changes; the checklist's facts count them.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { libreTranslate } from "@menu/core/adapters/libretranslate";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { publishedKeys, type PublishedIndex } from "@menu/core/shared/published-menu";
import { factsOf } from "@menu/core/store/facts";
import { addDays } from "@menu/core/billing/plans";
import { resilient } from "@menu/core/ports/translator";
import { countTranslationFacts } from "@menu/core/translation/facts-refresh";
import { startFakeLibreTranslate, type FakeTranslateServer, type LibreTranslateRequest } from "../../core/test/support/fake-translate-servers";
import { captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const queue = memoryQueue(JOB_HANDLERS, { delays: false });
let engine: FakeTranslateServer<LibreTranslateRequest>;
let t: Tenant;
let manager: Client;
let stranger: Client;
let companyKey: string;

type Entry = { address?: string; phones?: string[]; name?: string; manual?: boolean; checked?: boolean };
type Settings = { translations: Record<string, Entry | undefined> };

const form = (phones: { description: string; number: string }[], overrides: Record<string, unknown> = {}) => ({
  name: "Центр",
  url_key: "main",
  address: "пр. Независимости, 1",
  phones,
  working_hours: [],
  socials: [],
  seo_title: "",
  seo_description: "",
  time_zone: "Europe/Minsk",
  languages: ["ru", "en", "zh"],
  currency: "BYN",
  ...overrides,
});
const PHONES = [
  { description: "Бронирование столов", number: "+375 29 123-45-67" },
  { description: "", number: "+375 29 765-43-21" },
  { description: "Доставка", number: "+375 33 111-22-33" },
];
const saveSettings = async (fields: Record<string, unknown>) => {
  const res = await manager.send("PUT", "/api/store-settings", { storeId: t.store_id, ...fields });
  expect(res.status, await res.clone().text()).toBe(200);
  await queue.idle();
};
const settings = async () => body<Settings>(await manager.get(`/api/store-settings?storeId=${t.store_id}`));
/** The store as the published index of a language has it. */
const published = async (lang: string) => {
  const object = await usePorts().objects.get(publishedKeys(companyKey, "main").index(lang));
  return (JSON.parse(Buffer.from(object!.body).toString("utf8")) as PublishedIndex).store;
};
const keptFacts = async () => {
  const f = await factsOf(t);
  return { translations_missing: f.translations_missing ?? 0, translations_failed: f.translations_failed ?? 0, missing_by_language: f.missing_by_language ?? {} };
};
const storeText = (language: string) => `/api/translations/Store/${t.store_id}/${language}`;

beforeAll(async () => {
  engine = await startFakeLibreTranslate();
  const { mailer } = usePorts();
  setPorts({
    objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-store-texts-"))),
    queue,
    mailer,
    translator: resilient(libreTranslate({ url: engine.url }), { baseDelayMs: 1 }),
  });
  setMenuRenderer(await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js")));
  ({ t, manager, stranger } = await signedInTenants(app, "stx", "stxother"));
  const now = clock.now();
  await Db()
    .entities.subscription.create({ ...t, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(now, -1).toISOString(), ends_at: addDays(now, 20).toISOString() })
    .go();
  companyKey = (await Db().entities.company.get({ company_id: t.company_id }).go()).data!.url_key;
});
afterAll(async () => {
  await queue.idle();
  setMenuRenderer(undefined);
  await engine.close();
});
beforeEach(() => engine.reset());

describe("the store's address and phone notes", () => {
  it("are translated by the engine when they change and published in every menu language", async () => {
    await saveSettings(form(PHONES, { translations: { en: { name: "Center" } } }));

    const en = await published("en");
    expect(en).toMatchObject({ name: "Center", address: "[en] пр. Независимости, 1" });
    expect(en).not.toHaveProperty("address_lang");
    expect(en.phones).toEqual([
      { description: "[en] Бронирование столов", number: PHONES[0]!.number },
      { description: "", number: PHONES[1]!.number },
      { description: "[en] Доставка", number: PHONES[2]!.number },
    ]);
    const zh = await published("zh");
    expect(zh).toMatchObject({ name: "Center", name_lang: "en", address: "[zh] пр. Независимости, 1" });
    expect(zh.phones[0]).toEqual({ description: "[zh] Бронирование столов", number: PHONES[0]!.number });
    expect(await published("ru")).toMatchObject({ address: "пр. Независимости, 1", phones: PHONES });

    // The machine translations sit beside the name written in settings, which the engine never touches.
    expect((await settings()).translations.en).toEqual({ name: "Center", address: "[en] пр. Независимости, 1", phones: ["[en] Бронирование столов", "", "[en] Доставка"] });
    expect(await keptFacts()).toEqual(await countTranslationFacts(t));
    expect((await keptFacts()).translations_missing).toBe(0);
  });

  it("a changed note drops its machine translation at once (the fallback shows) and is translated again", async () => {
    engine.pause();
    const res = await manager.send("PUT", "/api/store-settings", { storeId: t.store_id, ...form([{ ...PHONES[0]!, description: "Заказ столиков" }, PHONES[1]!, PHONES[2]!]) });
    expect(res.status).toBe(200);
    // The note is new and untranslated: the English menu shows the Russian notes, marked; the address keeps its translation.
    const saved = (await settings()).translations.en;
    expect(saved).toEqual({ name: "Center", address: "[en] пр. Независимости, 1" });
    engine.resume();
    await queue.idle();
    expect((await published("en")).phones[0]).toEqual({ description: "[en] Заказ столиков", number: PHONES[0]!.number });
    expect((await published("zh")).phones[2]).toEqual({ description: "[zh] Доставка", number: PHONES[2]!.number });
  });

  it("count in the checklist's untranslated texts while the engine fails", async () => {
    const before = await keptFacts();
    engine.failNext("unsupported", Infinity);
    await saveSettings(form(PHONES, { address: "ул. Ленина, 5" }));
    const after = await keptFacts();
    expect(after).toEqual(await countTranslationFacts(t));
    expect(after.translations_missing).toBe(before.translations_missing + 1);
    expect(after.translations_failed).toBe(before.translations_failed + 1);
    expect(after.missing_by_language).toEqual({ en: before.missing_by_language.en! + 1, zh: before.missing_by_language.zh! + 1 });
    // Meanwhile guests read the source, marked as Russian.
    expect(await published("en")).toMatchObject({ address: "ул. Ленина, 5", address_lang: "ru" });
    expect((await published("en")).phones[0]).toEqual({ description: "Бронирование столов", description_lang: "ru", number: PHONES[0]!.number });

    engine.reset();
    expect((await manager.send("POST", "/api/translations/queue", { store_id: t.store_id })).status).toBe(200);
    await queue.idle();
    expect(await keptFacts()).toEqual({ ...before, translations_failed: 0 });
    expect((await published("en")).address).toBe("[en] ул. Ленина, 5");
  });

  it("written by hand win over the engine and over later changes, until back to automatic", async () => {
    const refused = await manager.send("PUT", storeText("en"), { store_id: t.store_id, address: "5 Lenin St", phones: ["Table booking"] });
    expect(refused.status).toBe(400); // a note per phone
    const res = await manager.send("PUT", storeText("en"), { store_id: t.store_id, address: "5 Lenin St", phones: ["Table booking", "", "Delivery"] });
    expect(res.status).toBe(200);
    expect((await body<{ translations: Record<string, Entry> }>(res)).translations.en).toEqual({ name: "Center", address: "5 Lenin St", phones: ["Table booking", "", "Delivery"], manual: true });
    await queue.idle();
    expect(await published("en")).toMatchObject({ address: "5 Lenin St", phones: [{ description: "Table booking" }, { description: "" }, { description: "Delivery" }] });

    // The Russian note changes: the hand-made English stays (outdated), Chinese is translated again.
    await saveSettings(form([PHONES[0]!, PHONES[1]!, { ...PHONES[2]!, description: "Доставка на дом" }], { address: "ул. Ленина, 5" }));
    expect((await published("en")).phones[2]).toEqual({ description: "Delivery", number: PHONES[2]!.number });
    expect((await published("zh")).phones[2]).toEqual({ description: "[zh] Доставка на дом", number: PHONES[2]!.number });
    const overview = await body<{ outdated: { target_type: string; target_id: string; language: string }[] }>(await manager.get(`/api/translations?storeId=${t.store_id}`));
    expect(overview.outdated).toContainEqual({ target_type: "Store", target_id: t.store_id, language: "en" });
    expect(await keptFacts()).toEqual(await countTranslationFacts(t));

    // Back to automatic: the name written in settings stays, the engine translates the rest.
    const reset = await manager.send("DELETE", `${storeText("en")}?storeId=${t.store_id}`);
    expect(reset.status).toBe(200);
    await queue.idle();
    expect((await settings()).translations.en).toEqual({ name: "Center", address: "[en] ул. Ленина, 5", phones: ["[en] Бронирование столов", "", "[en] Доставка на дом"] });
    expect(await published("en")).toMatchObject({ name: "Center", address: "[en] ул. Ленина, 5" });
  });

  it("an address written in settings before addresses were translated counts as hand-made", async () => {
    await Db().entities.store.patch(t).set({ translations: { en: { name: "Center", address: "Old hand-written address" } } }).go();
    expect((await manager.send("POST", "/api/translations/queue", { store_id: t.store_id })).status).toBe(200);
    await queue.idle();
    expect((await settings()).translations.en).toMatchObject({ address: "Old hand-written address", manual: true });
    expect((await settings()).translations.zh?.address).toBe("[zh] ул. Ленина, 5");
  });

  it("are another tenant's to read or write by hand only as not found", async () => {
    expect((await stranger.send("PUT", storeText("en"), { store_id: t.store_id, address: "x" })).status).toBe(404);
    expect((await stranger.send("POST", "/api/translations/statuses", { ids: [t.store_id], type: "Store" })).status).toBe(404);
    const [status] = await body<{ id: string; status: string }[]>(await manager.send("POST", "/api/translations/statuses", { ids: [t.store_id], type: "Store" }));
    expect(status).toMatchObject({ id: t.store_id, status: "completed" });
  });
});
