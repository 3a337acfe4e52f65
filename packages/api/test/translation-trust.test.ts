/**
 * Translations staff can trust (issue 19): "do not translate" glossary terms never reach the engine
 * and stay as written; hand-made and checked translations are kept from the engine and flagged
 * "outdated" once their source changes, until someone checks them again.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { libreTranslate } from "@menu/core/adapters/libretranslate";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { addDays } from "@menu/core/billing/plans";
import { resilient } from "@menu/core/ports/translator";
import { translateQueueJob } from "@menu/core/translation/facts-refresh";
import { startFakeLibreTranslate, type FakeTranslateServer, type LibreTranslateRequest } from "../../core/test/support/fake-translate-servers";
import { captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const queue = memoryQueue({ translate: translateQueueJob }, { concurrency: { translate: 4 }, delays: false });
let engine: FakeTranslateServer<LibreTranslateRequest>;
let t: Tenant;
let manager: Client, stranger: Client;

type Entry = { title?: string; description?: string; manual?: boolean; checked?: boolean };
type Item = { id: string; translations: Record<string, Entry | undefined> };
type Overview = { outdated: { target_type: string; target_id: string; language: string }[] };

const portions = [{ weight: "300", unit: "g", price: "9.50", currency: "BYN" }];
const createItem = async (title: string) =>
  body<Item>(await manager.send("POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, title, description: "", visible: true, portions }));
const retitle = (id: string, title: string) => manager.send("PUT", `/api/items/${id}`, { store_id: t.store_id, title, description: "", visible: true, portions });
const item = async (id: string) => (await body<Item[]>(await manager.send("POST", "/api/products/several-get", { ids: [id] })))[0]!;
const outdated = async () => (await body<Overview>(await manager.get(`/api/translations?storeId=${t.store_id}`))).outdated;
const check = (id: string, lang: string, b = manager) => b.send("POST", `/api/translations/Item/${id}/${lang}/check`, { store_id: t.store_id });
/** Every text the engine was sent since the last reset. */
const sentTexts = () => engine.requests.flatMap((r) => (Array.isArray(r.body?.q) ? r.body.q : [r.body?.q ?? ""]));

beforeAll(async () => {
  engine = await startFakeLibreTranslate();
  ({ t, manager, stranger } = await signedInTenants(app, "trust", "trustother"));
  await Db().entities.store.patch(t).set({ languages: ["ru", "en", "zh"] }).go();
  const now = clock.now();
  await Db()
    .entities.subscription.create({ ...t, subscription_id: randomUUID(), plan: "basic", status: "active", starts_at: addDays(now, -1).toISOString(), ends_at: addDays(now, 20).toISOString() })
    .go();
});
afterAll(() => engine.close());
beforeEach(() => {
  setPorts({ ...usePorts(), queue, translator: resilient(libreTranslate({ url: engine.url }), { baseDelayMs: 1 }) });
  engine.reset();
});

describe("'do not translate' glossary terms", () => {
  it("never reach the engine and stay as written in every language; no full form is needed", async () => {
    const res = await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "Карбонара", full_form: "", keep: true });
    expect(res.status).toBe(201);
    expect((await body<{ entry: { keep: boolean; full_form: string } }>(res)).entry).toMatchObject({ keep: true, full_form: "Карбонара" });
    // An ordinary entry still needs its full form.
    const noFull = await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "с/м", full_form: "" });
    expect(noFull.status).toBe(400);

    const pasta = await createItem("Паста карбонара со сливками");
    await queue.idle();
    expect(sentTexts().some((text) => /карбонара/i.test(text))).toBe(false);
    expect(sentTexts()).toEqual(expect.arrayContaining(["Паста", "со сливками"]));
    const read = await item(pasta.id);
    expect(read.translations.en?.title).toBe("[en] Паста карбонара [en] со сливками");
    expect(read.translations.zh?.title).toBe("[zh] Паста карбонара [zh] со сливками");
  });
});

describe("outdated and checked translations", () => {
  it("a hand-made translation whose source changes is flagged outdated until checked", async () => {
    const dish = await createItem("Пельмени");
    await queue.idle();
    expect((await manager.send("PUT", `/api/translations/Item/${dish.id}/en`, { store_id: t.store_id, title: "Siberian dumplings" })).status).toBe(200);
    expect(await outdated()).not.toContainEqual(expect.objectContaining({ target_id: dish.id }));

    await retitle(dish.id, "Пельмени с бульоном");
    await queue.idle();
    // Kept as written (hand-made), flagged; the machine one of zh is simply re-translated.
    expect((await item(dish.id)).translations.en).toMatchObject({ title: "Siberian dumplings", manual: true });
    expect((await item(dish.id)).translations.zh?.title).toBe("[zh] Пельмени с бульоном");
    expect(await outdated()).toEqual([{ target_type: "Item", target_id: dish.id, language: "en" }]);

    expect((await check(dish.id, "en")).status).toBe(200);
    expect(await outdated()).toEqual([]);
    expect((await item(dish.id)).translations.en).toMatchObject({ title: "Siberian dumplings", manual: true });
  });

  it("a checked machine translation is kept from the engine and flagged outdated when its source changes", async () => {
    const soup = await createItem("Солянка");
    await queue.idle();
    expect((await item(soup.id)).translations.en?.title).toBe("[en] Солянка");
    expect((await check(soup.id, "en")).status).toBe(200);
    expect((await item(soup.id)).translations.en).toMatchObject({ title: "[en] Солянка", checked: true });

    engine.reset();
    await retitle(soup.id, "Солянка сборная");
    await queue.idle();
    const read = await item(soup.id);
    // The checked English one is kept (and flagged); the unchecked Chinese one follows the source.
    expect(read.translations.en).toMatchObject({ title: "[en] Солянка", checked: true });
    expect(read.translations.zh?.title).toBe("[zh] Солянка сборная");
    expect(sentTexts()).toEqual(["Солянка сборная"]);
    expect(await outdated()).toEqual([{ target_type: "Item", target_id: soup.id, language: "en" }]);

    // Back to automatic brings the engine's translation of the new source.
    expect((await manager.send("DELETE", `/api/translations/Item/${soup.id}/en?storeId=${t.store_id}`)).status).toBe(200);
    await queue.idle();
    expect((await item(soup.id)).translations.en).toEqual({ title: "[en] Солянка сборная" });
    expect(await outdated()).toEqual([]);
  });

  it("checking needs a translation, and only the store's staff may check", async () => {
    const fresh = await createItem("Окрошка");
    // Nothing translated into French (not a menu language of the store's plan).
    expect((await check(fresh.id, "fr")).status).toBe(409);
    expect((await check(fresh.id, "en", stranger)).status).toBe(404);
  });
});
