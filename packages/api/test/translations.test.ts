/**
 * Issue 12 through the API: automatic translation with a LibreTranslate fake behind the real
 * adapter, the section-7 status call, hand-made translations, plan languages and volume, the
 * glossary, resuming lost jobs, and tenancy.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import type { MenuLanguage } from "@menu/core/shared/model";
import { libreTranslate } from "@menu/core/adapters/libretranslate";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import type { QueueName } from "@menu/core/ports/queue";
import { addDays } from "@menu/core/billing/plans";
import { noEngine, resilient } from "@menu/core/ports/translator";
import { JOB_CHARS, JOB_CONTENTS, requestTranslation, resumeTranslations, type TargetRef } from "@menu/core/translation/jobs";
import { isSweepMessage, SWEEP_PAGE } from "@menu/core/translation/sweep";
import { translateQueueJob } from "@menu/core/translation/facts-refresh";
import { startFakeLibreTranslate, type FakeTranslateServer, type LibreTranslateRequest } from "../../core/test/support/fake-translate-servers";
import { captureMail } from "./support/browser-client";
import { recordsRead } from "./support/reads";
import { atMiddayUtc, body, publishRequests, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const queue = memoryQueue({ translate: translateQueueJob }, { concurrency: { translate: 4 }, delays: false });
let engine: FakeTranslateServer<LibreTranslateRequest>;
let t: Tenant, other: Tenant;
let owner: Client, manager: Client, stranger: Client;

type Entry = { title?: string; description?: string; manual?: boolean };
type Item = { id: string; title: string; description: string; translations: Record<string, Entry | undefined> };
type Status = { id: string; status: string; languages: Record<string, { status: string; error?: string }> };
type Overview = { engine: string; languages: string[]; usage: { used: number; cap: number | null }; jobs: { target_id: string; language: string; status: string; error?: string }[] };

const useEngine = (translator = resilient(libreTranslate({ url: engine.url }), { baseDelayMs: 1 })) =>
  setPorts({ ...usePorts(), queue, translator });

async function onPlan(keys: { company_id: string; store_id: string }, plan: string, languages: MenuLanguage[]) {
  await Db().entities.store.patch(keys).set({ languages }).go();
  const now = clock.now();
  await Db()
    .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: plan as "premium", status: "active", starts_at: addDays(now, -1).toISOString(), ends_at: addDays(now, 20).toISOString() })
    .go();
}

const delta = (...ops: unknown[]) => JSON.stringify({ ops });
const createItem = async (b: Client, fields: Record<string, unknown> = {}, tenant = t) =>
  body<Item>(
    await b.send("POST", "/api/items", {
      store_id: tenant.store_id,
      category_id: tenant.category_id,
      title: "Борщ",
      description: "",
      visible: true,
      portions: [{ weight: "300", unit: "g", price: "9.50", currency: "BYN" }],
      ...fields,
    }),
  );
const item = async (id: string) => (await body<Item[]>(await manager.send("POST", "/api/products/several-get", { ids: [id] })))[0]!;
const statuses = async (ids: string[], type?: string, b = manager) => body<Status[]>(await b.send("POST", "/api/translations/statuses", { ids, ...(type ? { type } : {}) }));
const overview = async (b = manager, tenant = t) => body<Overview>(await b.get(`/api/translations?storeId=${tenant.store_id}`));

beforeAll(async () => {
  // Midday UTC of today: the translation volume is counted per UTC month, so the monthly-volume test
  // reads and spends in the same month (a run over midnight at a month's end did not).
  atMiddayUtc();
  engine = await startFakeLibreTranslate();
  ({ t, other, owner, manager, stranger } = await signedInTenants(app, "tr", "trother"));
  await onPlan(t, "premium", ["ru", "en", "zh", "ar"]);
  await onPlan(other, "basic", ["ru", "en", "zh", "ar"]);
});
afterAll(() => {
  clock.reset();
  return engine.close();
});
beforeEach(() => {
  useEngine();
  engine.reset();
});

describe("automatic translation of a new item", () => {
  it("queues every store language the plan allows, translates through the engine and republishes", async () => {
    const published = await publishRequests(t);
    const created = await createItem(manager, {
      title: "Солянка",
      description: delta({ insert: "Густая " }, { insert: "с лимоном", attributes: { bold: true } }, { insert: "\n", attributes: { list: "bullet" } }),
    });
    const queued = await statuses([created.id]);
    expect(queued[0]).toMatchObject({ id: created.id });
    expect(["queued", "in_progress"]).toContain(queued[0]!.status);
    expect(Object.keys(queued[0]!.languages).sort()).toEqual(["ar", "en", "zh"]);

    await queue.idle();
    expect(await statuses([created.id])).toEqual([
      { id: created.id, status: "completed", languages: { en: { status: "completed" }, zh: { status: "completed" }, ar: { status: "completed" } } },
    ]);
    const done = await item(created.id);
    expect(done.translations.en?.title).toBe("[en] Солянка");
    expect(done.translations.ar?.title).toBe("[ar] Солянка");
    expect(JSON.parse(done.translations.zh!.description!)).toEqual({
      ops: [{ insert: "[zh] Густая " }, { insert: "[zh] с лимоном", attributes: { bold: true } }, { insert: "\n", attributes: { list: "bullet" } }],
    });
    // One engine call per language, with plain text only.
    expect(engine.requests.map((r) => r.body?.target).sort()).toEqual(["ar", "en", "zh"]);
    expect(engine.requests.every((r) => r.body?.format === "text" && !JSON.stringify(r.body.q).includes("ops"))).toBe(true);
    expect(await publishRequests(t)).toBeGreaterThan(published);
  });

  it("re-translates only the fields whose source changed", async () => {
    const created = await createItem(manager, { title: "Окрошка", description: delta({ insert: "На квасе\n" }) });
    await queue.idle();
    engine.reset();
    await manager.send("PUT", `/api/items/${created.id}`, {
      store_id: t.store_id,
      title: "Окрошка на кефире",
      description: delta({ insert: "На квасе\n" }),
      visible: true,
      portions: [{ weight: "300", unit: "g", price: "9.50", currency: "BYN" }],
    });
    await queue.idle();
    expect(engine.requests.flatMap((r) => r.body?.q)).toEqual(expect.arrayContaining(["Окрошка на кефире"]));
    expect(engine.requests.flatMap((r) => r.body?.q)).not.toContain("На квасе");
    expect((await item(created.id)).translations.en).toMatchObject({ title: "[en] Окрошка на кефире", description: delta({ insert: "[en] На квасе\n" }) });
  });

  it("translates category names and promotion headers", async () => {
    const category = await body<{ id: string }>(await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name: "Лимонады", icon: "", visible: true }));
    await queue.idle();
    expect(await statuses([category.id], "Category")).toEqual([expect.objectContaining({ id: category.id, status: "completed" })]);
    const [read] = await body<{ translations: Record<string, Entry> }[]>(await manager.send("POST", "/api/categories/several-get", { ids: [category.id] }));
    expect(read!.translations.en?.title).toBe("[en] Лимонады");
  });
});

describe("the glossary", () => {
  it("is expanded before the engine, and a change marks the affected contents for re-translation", async () => {
    const created = await body<{ entry: { id: string }; affected: number }>(
      await owner.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "с/м", full_form: "свежемороженый" }),
    );
    expect(created.affected).toBe(0);
    const shrimp = await createItem(manager, { title: "Креветки с/м" });
    await queue.idle();
    expect((await item(shrimp.id)).translations.en?.title).toBe("[en] Креветки свежемороженый");
    // Everything else of the store translated too, so the change below affects the shrimps alone.
    await manager.send("POST", "/api/translations/queue", { store_id: t.store_id });
    await queue.idle();

    const changed = await body<{ affected: number }>(
      await manager.send("PUT", `/api/abbreviations/${created.entry.id}`, { store_id: t.store_id, abbreviation: "с/м", full_form: "замороженный" }),
    );
    expect(changed.affected).toBe(1);
    // The count answered is the kept one: counted again by the worker after the glossary changed.
    await queue.idle();
    expect(await body(await manager.send("POST", "/api/translations/queue", { store_id: t.store_id }))).toEqual({ queued: 1 });
    await queue.idle();
    expect((await item(shrimp.id)).translations.en?.title).toBe("[en] Креветки замороженный");
  });

  it("validates with the specification's messages and refuses duplicates", async () => {
    const empty = await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "  ", full_form: "x" });
    expect(empty.status).toBe(400);
    expect((await body<{ message: string }>(empty)).message).toContain("String cannot be empty");
    await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "шт", full_form: "штука" });
    const twice = await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "ШТ", full_form: "штуки" });
    expect(twice.status).toBe(409);
    expect(await body(twice)).toMatchObject({ message: "This abbreviation already exists" });
    const list = await body<{ id: string; abbreviation: string }[]>(await manager.get(`/api/abbreviations?storeId=${t.store_id}`));
    const piece = list.find((e) => e.abbreviation === "шт")!;
    expect((await manager.send("DELETE", `/api/abbreviations/${piece.id}?storeId=${t.store_id}`)).status).toBe(200);
    expect((await body<{ abbreviation: string }[]>(await manager.get(`/api/abbreviations?storeId=${t.store_id}`))).map((e) => e.abbreviation)).not.toContain("шт");
  });
});

describe("hand-made translations", () => {
  it("are kept when the source changes, and 'back to automatic' queues the language again", async () => {
    const created = await createItem(manager, { title: "Пельмени" });
    await queue.idle();
    const saved = await manager.send("PUT", `/api/translations/Item/${created.id}/en`, { store_id: t.store_id, title: "Siberian dumplings" });
    expect(saved.status).toBe(200);
    await manager.send("PUT", `/api/items/${created.id}`, {
      store_id: t.store_id,
      title: "Пельмени домашние",
      description: "",
      visible: true,
      portions: [{ weight: "300", unit: "g", price: "9.50", currency: "BYN" }],
    });
    await queue.idle();
    let read = await item(created.id);
    expect(read.translations.en).toEqual({ title: "Siberian dumplings", manual: true });
    expect(read.translations.zh?.title).toBe("[zh] Пельмени домашние");

    expect((await manager.send("DELETE", `/api/translations/Item/${created.id}/en?storeId=${t.store_id}`)).status).toBe(200);
    await queue.idle();
    read = await item(created.id);
    expect(read.translations.en?.title).toBe("[en] Пельмени домашние");
    expect(read.translations.en?.manual).toBeUndefined();
  });

  it("follow the source field's rules", async () => {
    const created = await createItem(manager, { title: "Хинкали" });
    const res = await manager.send("PUT", `/api/translations/Item/${created.id}/en`, { store_id: t.store_id, title: "x".repeat(121) });
    expect(res.status).toBe(400);
  });

  it("work without an engine, where jobs end in error with the reason", async () => {
    useEngine(noEngine);
    const created = await createItem(manager, { title: "Драники" });
    await queue.idle();
    const [status] = await statuses([created.id]);
    expect(status).toMatchObject({ status: "failed", languages: { en: { status: "error", error: "no translation engine configured" } } });
    expect((await overview()).engine).toBe("none");
    await manager.send("PUT", `/api/translations/Item/${created.id}/en`, { store_id: t.store_id, title: "Potato pancakes" });
    expect((await item(created.id)).translations.en).toEqual({ title: "Potato pancakes", manual: true });
    expect((await statuses([created.id]))[0]!.languages.en).toEqual({ status: "completed" });
  });
});

describe("store languages", () => {
  it("a language added in the store settings is translated without anyone asking", async () => {
    const created = await createItem(manager, { title: "Квас" });
    await queue.idle();
    expect((await item(created.id)).translations.tr).toBeUndefined();
    const saved = await owner.send("PUT", "/api/store-settings", {
      storeId: t.store_id,
      name: "Translated store",
      url_key: "main",
      address: "",
      phones: [],
      working_hours: [],
      socials: [],
      seo_title: "",
      seo_description: "",
      time_zone: "Europe/Minsk",
      languages: ["ru", "en", "zh", "ar", "tr"],
      currency: "BYN",
    });
    expect(saved.status).toBe(200);
    await queue.idle();
    expect((await item(created.id)).translations.tr?.title).toBe("[tr] Квас");
  });
});

describe("plans and volume", () => {
  it("translates only into the plan's languages and refuses others by hand", async () => {
    const ownerOfOther = stranger; // the other company's owner, on the basic plan
    const created = await createItem(ownerOfOther, { title: "Блины" }, other);
    await queue.idle();
    const [status] = await statuses([created.id], undefined, ownerOfOther);
    expect(Object.keys(status!.languages).sort()).toEqual(["en", "zh"]);
    const arabic = await ownerOfOther.send("PUT", `/api/translations/Item/${created.id}/ar`, { store_id: other.store_id, title: "فطائر" });
    expect(arabic.status).toBe(409);
  });

  it("ends a job in error when the monthly volume is reached, and writes nothing half-translated", async () => {
    const month = clock.now().toISOString().slice(0, 7);
    await Db().entities.translationUsage.put({ company_id: t.company_id, store_id: t.store_id, month, chars: 300_000 - 3 }).go();
    const created = await createItem(manager, { title: "Котлета по-киевски" });
    await queue.idle();
    const [status] = await statuses([created.id]);
    expect(status!.languages.en).toEqual({ status: "error", error: "monthly translation volume reached" });
    expect((await item(created.id)).translations).toEqual({});
    expect((await overview()).usage).toMatchObject({ used: 300_000 - 3, cap: 300_000 });
    await Db().entities.translationUsage.delete({ company_id: t.company_id, store_id: t.store_id, month }).go();
  });
});

describe("engine errors", () => {
  it("retries throttling with back-off until it succeeds", async () => {
    engine.failNext("throttle", 2);
    const created = await createItem(manager, { title: "Вареники" });
    await queue.idle();
    expect((await statuses([created.id]))[0]!.status).toBe("completed");
  });

  it("ends in error without retrying an unsupported language pair", async () => {
    engine.failNext("unsupported", 1);
    const created = await createItem(manager, { title: "Сырники" });
    await queue.idle();
    const [status] = await statuses([created.id]);
    expect(status!.status).toBe("failed");
    expect(Object.values(status!.languages).filter((l) => l.status === "error")).toEqual([{ status: "error", error: expect.stringContaining("unsupported language pair") }]);
    expect(engine.calls).toBe(Object.keys(status!.languages).length); // one call per language, the failed one not retried
  });

  it("ends in error after the last delivery when the engine keeps failing", async () => {
    useEngine(resilient(libreTranslate({ url: engine.url }), { baseDelayMs: 1, attempts: 1 }));
    engine.failNext("unavailable", Infinity);
    const created = await createItem(manager, { title: "Расстегай" });
    await queue.idle();
    engine.reset();
    const [status] = await statuses([created.id]);
    expect(status).toMatchObject({ status: "failed", languages: { en: { status: "error" } } });
    // The setup checklist counts it (kept by the translate worker, issue 31) …
    const counts = async () =>
      (await body<{ steps: { id: string; counts: Record<string, number> }[] }>(await manager.get(`/api/setup-checklist?storeId=${t.store_id}`))).steps.find((s) => s.id === "translations")!.counts;
    const before = await counts();
    expect(before.failed).toBeGreaterThan(0);
    expect(before.missing).toBeGreaterThan(0);
    // … and one text less is missing once staff translate it by hand into every language.
    for (const language of (await overview()).languages) {
      expect((await manager.send("PUT", `/api/translations/Item/${created.id}/${language}`, { store_id: t.store_id, title: "Rasstegai" })).status).toBe(200);
    }
    await queue.idle();
    expect((await counts()).missing).toBe(before.missing! - 1);
  });
});

describe("jobs survive a restart", () => {
  it("re-sends queued jobs whose message was lost", async () => {
    setPorts({ ...usePorts(), queue: { send: async () => {} } }); // the messages are lost
    const created = await createItem(manager, { title: "Шарлотка" });
    expect((await statuses([created.id]))[0]!.status).toBe("queued");
    useEngine();
    expect(await resumeTranslations(clock.now(), 0)).toBeGreaterThanOrEqual(1);
    await queue.idle();
    expect((await statuses([created.id]))[0]!.status).toBe("completed");
  });
});

describe("tenancy", () => {
  it("answers only the caller's contents", async () => {
    const mine = await createItem(manager, { title: "Уха" });
    await queue.idle();
    expect((await stranger.send("POST", "/api/translations/statuses", { ids: [mine.id] })).status).toBe(404);
    expect((await stranger.get(`/api/translations?storeId=${t.store_id}`)).status).toBe(404);
    expect((await stranger.send("PUT", `/api/translations/Item/${mine.id}/en`, { store_id: t.store_id, title: "Fish soup" })).status).toBe(404);
    expect((await stranger.send("POST", `/api/translations/queue`, { store_id: t.store_id })).status).toBe(404);
    expect((await stranger.get(`/api/abbreviations?storeId=${t.store_id}`)).status).toBe(404);
    // Their own store id with our item: not found either.
    expect((await stranger.send("PUT", `/api/translations/Item/${mine.id}/en`, { store_id: other.store_id, title: "Fish soup" })).status).toBe(404);
  });
});

describe("translating everything in a big store", () => {
  it("translates many contents in jobs of JOB_CONTENTS, one engine call per language and job, each content's own texts", async () => {
    const keys = { company_id: t.company_id, store_id: t.store_id };
    const portion = { id: "p", weight: "100", unit: "g", price: "1", currency: "BYN" } as const;
    const many = Array.from({ length: JOB_CONTENTS + 5 }, (_, n) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: t.category_id, position: 20_000 + n, title: `Блюдо партии ${n}`, portions: [portion] }));
    await Db().entities.item.put(many).go();
    await queue.idle();
    engine.reset();
    const sent: Record<string, unknown>[] = [];
    setPorts({ ...usePorts(), queue: { ...queue, send: async (name, message, options) => (sent.push(message), queue.send(name, message, options)) } });
    expect(await requestTranslation(keys, many.map((i) => ({ target_type: "Item" as const, target_id: i.item_id })))).toBe(many.length);
    await queue.idle();
    useEngine();
    // Two messages (25 and 5 contents), each one engine call per language the store translates into.
    expect(sent.filter((m) => Array.isArray(m.targets)).map((m) => (m.targets as TargetRef[]).length)).toEqual([JOB_CONTENTS, 5]);
    const texts = (r: (typeof engine.requests)[number]) => [r.body?.q ?? []].flat();
    const ours = engine.requests.filter((r) => texts(r).some((text) => text.startsWith("Блюдо партии ")));
    const languages = (await overview()).languages.filter((l) => l !== "ru");
    expect(languages.length).toBeGreaterThan(0);
    expect(ours.map((r) => `${r.body?.target} ${texts(r).length}`).sort()).toEqual(languages.flatMap((l) => [`${l} 25`, `${l} 5`]).sort());
    const done = await statuses(many.map((i) => i.item_id));
    expect(done.map((d) => d.status)).toEqual(many.map(() => "completed"));
    for (const created of many) expect((await item(created.item_id)).translations.en?.title).toBe(`[en] ${created.title}`);
  });

  it("puts at most JOB_CHARS source characters in a message", async () => {
    const keys = { company_id: t.company_id, store_id: t.store_id };
    const portion = { id: "p", weight: "100", unit: "g", price: "1", currency: "BYN" } as const;
    const text = "Длинное описание блюда. ".repeat(Math.ceil(JOB_CHARS / 2 / 24));
    const long = [0, 1, 2].map((n) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: t.category_id, position: 30_000 + n, title: `Длинное ${n}`, description: text, portions: [portion] }));
    await Db().entities.item.put(long).go();
    const sent: Record<string, unknown>[] = [];
    setPorts({ ...usePorts(), queue: { ...queue, send: async (name, message, options) => (sent.push(message), queue.send(name, message, options)) } });
    await requestTranslation(keys, long.map((i) => ({ target_type: "Item" as const, target_id: i.item_id })));
    await queue.idle();
    useEngine();
    // Each item holds over half of JOB_CHARS: one a message.
    expect(sent.filter((m) => Array.isArray(m.targets)).map((m) => (m.targets as TargetRef[]).length)).toEqual([1, 1, 1]);
  });

  it("costs the call a bounded read and each sweep message one page, and queues every text", async () => {
    const keys = { company_id: t.company_id, store_id: t.store_id };
    const portion = { id: "p", weight: "100", unit: "g", price: "1", currency: "BYN" } as const;
    const filler = Array.from({ length: 2 * SWEEP_PAGE + 50 }, (_, n) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: t.category_id, position: 10_000 + n, title: `Позиция ${n}`, portions: [portion] }));
    await Db().entities.item.put(filler).go();
    await queue.idle();
    // The sweep's pages are run here one by one; the jobs they queue wait until the sweep is done.
    const sweeps: Record<string, unknown>[] = [];
    const later: [QueueName, Record<string, unknown>][] = [];
    setPorts({ ...usePorts(), queue: { ...queue, send: async (name, message) => void (isSweepMessage(message) ? sweeps.push(message) : later.push([name, message])) } });

    const asked = await recordsRead(() => manager.send("POST", "/api/translations/queue", { store_id: t.store_id }));
    expect(asked.result.status).toBe(200);
    expect(asked.records).toBeLessThan(40);
    const pages: number[] = [];
    while (sweeps.length) {
      const message = sweeps.shift()!;
      pages.push((await recordsRead(() => translateQueueJob(message))).records);
    }
    // Items in three pages, then the categories, the promotions and the store.
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...pages)).toBeLessThan(SWEEP_PAGE + 40);
    useEngine();
    // Every text is queued in every language (the jobs themselves are tested above).
    // …in messages of at most JOB_CONTENTS contents each.
    const jobs = later.flatMap(([, m]) => (Array.isArray(m.targets) ? [m.targets as TargetRef[]] : []));
    expect(Math.max(...jobs.map((targets) => targets.length))).toBeLessThanOrEqual(JOB_CONTENTS);
    const sent = jobs.flat().filter((ref) => ref.target_type === "Item" && filler.some((f) => f.item_id === ref.target_id));
    expect(sent).toHaveLength(filler.length);
    const rows = (await Db().entities.translation.query.byStore(keys).go({ pages: "all" })).data;
    const translated = new Set(rows.filter((r) => r.language === "en" && r.status === "queued").map((r) => r.target_id));
    expect(filler.filter((f) => !translated.has(f.item_id))).toEqual([]);
  });
});
