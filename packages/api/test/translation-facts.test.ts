/**
 * The checklist's translation facts (issue 31) are kept per text: after random text changes,
 * translations (some failing), hand-made ones, deletions, glossary and language changes, some of
 * them at once, the kept facts equal a count of every text, and a save counts only the texts it named.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { libreTranslate } from "@menu/core/adapters/libretranslate";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { factsOf } from "@menu/core/store/facts";
import { addDays } from "@menu/core/billing/plans";
import { resilient } from "@menu/core/ports/translator";
import { countTranslationFacts, translateQueueJob } from "@menu/core/translation/facts-refresh";
import { startFakeLibreTranslate, type FakeTranslateServer, type LibreTranslateRequest } from "../../core/test/support/fake-translate-servers";
import { captureMail } from "./support/browser-client";
import { recordsRead } from "./support/reads";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const queue = memoryQueue({ translate: translateQueueJob }, { concurrency: { translate: 4 }, delays: false });
let engine: FakeTranslateServer<LibreTranslateRequest>;
let t: Tenant;
let manager: Client;

/** A deterministic sequence of numbers in [0, 1), so a failing run can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}
const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
const keptFacts = async () => {
  const f = await factsOf(t);
  return { translations_missing: f.translations_missing ?? 0, translations_failed: f.translations_failed ?? 0, missing_by_language: f.missing_by_language ?? {} };
};

beforeAll(async () => {
  engine = await startFakeLibreTranslate();
  setPorts({ ...usePorts(), queue, translator: resilient(libreTranslate({ url: engine.url }), { baseDelayMs: 1 }) });
  ({ t, manager } = await signedInTenants(app, "tf", "tfother"));
  await Db().entities.store.patch(t).set({ languages: ["ru", "en", "zh"] }).go();
  const now = clock.now();
  await Db()
    .entities.subscription.create({ ...t, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(now, -1).toISOString(), ends_at: addDays(now, 20).toISOString() })
    .go();
});
afterAll(() => engine.close());

describe("translation facts", () => {
  it("kept per text equal a count of every text after random changes, some of them at once", async () => {
    const next = random(7);
    const pick = <T,>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const items: string[] = [t.items.visible, t.items.hidden];
    const categories: string[] = [t.category_id];
    const send = (method: string, path: string, payload?: unknown) => manager.send(method, path, payload);
    let failures = 0;
    const operations: (() => Promise<unknown>)[] = [
      async () => {
        const res = await send("POST", "/api/items", { store_id: t.store_id, category_id: pick(categories), title: `Блюдо ${randomUUID().slice(0, 4)}`, description: "", visible: true, portions: [portion] });
        if (res.status === 201) items.push((await body<{ id: string }>(res)).id);
      },
      async () => send("PUT", `/api/items/${pick(items)}`, { store_id: t.store_id, title: `Правка ${randomUUID().slice(0, 4)}`, description: "", visible: true, portions: [portion] }),
      async () => send("PUT", `/api/translations/Item/${pick(items)}/en`, { store_id: t.store_id, title: "By hand" }),
      async () => send("DELETE", `/api/translations/Item/${pick(items)}/zh?storeId=${t.store_id}`),
      async () => send("POST", "/api/items/bulk", { store_id: t.store_id, action: "delete", item_ids: [pick(items)] }),
      async () => {
        const res = await send("POST", "/api/categories", { store_id: t.store_id, section: "kitchen", name: `Кат ${randomUUID().slice(0, 4)}` });
        if (res.status === 201) categories.push((await body<{ id: string }>(res)).id);
      },
      async () => send("DELETE", `/api/categories/${pick(categories)}?storeId=${t.store_id}`),
      async () => {
        // The next translations fail for good: their texts count as failed.
        failures++;
        engine.failNext("unsupported", 2);
      },
      async () => send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: `с${failures}/м`, full_form: "свежемороженый" }),
    ];
    for (let round = 0; round < 20; round++) {
      await Promise.all(Array.from({ length: 4 }, () => pick(operations)()));
      if (round % 5 === 4) {
        await queue.idle();
        expect([round, await keptFacts()]).toEqual([round, await countTranslationFacts(t)]);
      }
    }
    // The languages change behind the write paths' back (as a plan change does): the checklist
    // sees facts counted for other languages and has every text counted for the new set.
    await Db().entities.store.patch(t).set({ languages: ["ru", "en", "zh", "ar"] }).go();
    expect((await manager.get(`/api/setup-checklist?storeId=${t.store_id}`)).status).toBe(200);
    await queue.idle();
    const counted = await countTranslationFacts(t);
    expect(await keptFacts()).toEqual(counted);
    expect(Object.keys(counted.missing_by_language)).toEqual(["en", "zh", "ar"]);
    expect(failures).toBeGreaterThan(0);
  });

  it("a save counts the text it changed, not the whole store", async () => {
    const res = await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name: "Много" });
    const { id: category_id } = await body<{ id: string }>(res);
    const portionRecord = { id: "p", weight: "100", unit: "g", price: "1", currency: "BYN" } as const;
    await Db()
      .entities.item.put(Array.from({ length: 300 }, (_, n) => ({ ...t, item_id: randomUUID(), kind: "product" as const, category_id, title: `Напиток ${n}`, portions: [portionRecord] })))
      .go();
    // Written around the write paths: one count of every text takes them in.
    await manager.send("POST", "/api/abbreviations", { store_id: t.store_id, abbreviation: "б/а", full_form: "безалкогольный" });
    await queue.idle();
    expect(await keptFacts()).toEqual(await countTranslationFacts(t));
    engine.failNext("unsupported", Infinity);
    const { records } = await recordsRead(async () => {
      await manager.send("PUT", `/api/items/${t.items.visible}`, { store_id: t.store_id, title: "Новое имя", description: "", visible: true, portions: [portion] });
      await queue.idle();
    });
    engine.reset();
    expect(records).toBeLessThan(100);
    expect(await keptFacts()).toEqual(await countTranslationFacts(t));
  });
});
