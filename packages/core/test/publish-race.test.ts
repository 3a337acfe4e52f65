/**
 * Issue 46, points 1 and 6: a change landing while its store is being published is never lost. A
 * chain owner changes an item's price with "apply to other stores" while a translation landing in
 * the other store is being published there: the run read the item before the change and writes
 * after it. The change's own publish message meets the run's lease on a second consumer (the
 * cloud's publish queue has several) and is left to the queue's redelivery; the run must itself see
 * that a newer request came and make sure one more run follows.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts, withActor, type Actor } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { applyToStores } from "@menu/core/chains/apply-to-stores";
import { runDuePublishes } from "@menu/core/publish/job";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import type { ObjectStore } from "@menu/core/ports/object-store";
import { checkPublished } from "@menu/core/publish/consistency";
import { createStore } from "@menu/core/store/store";
import { requestPublish } from "@menu/core/publish/request";
import { requestTranslation } from "@menu/core/translation/jobs";
import { publishedKeys, readWholeMenu, type MenuView } from "@menu/core/shared/published-menu";
import { venue } from "./fixtures";

/** How often the queue delivers a message before it gives it up (SQS: to the dead-letter queue). */
const MAX_ATTEMPTS = 3;
/** Each publish message's deliveries, and whether the queue is done with it (handled, or given up). */
const deliveries = new Map<Record<string, unknown>, { store_id: string; attempts: number; settled: boolean }>();
const queue = memoryQueue(
  {
    ...JOB_HANDLERS,
    publish: async (message) => {
      // The queue hands a redelivery the same message object.
      const delivery = deliveries.get(message) ?? { store_id: String(message.store_id), attempts: 0, settled: false };
      deliveries.set(message, delivery);
      delivery.attempts++;
      try {
        await JOB_HANDLERS.publish!(message);
        delivery.settled = true;
      } catch (error) {
        delivery.settled = delivery.attempts >= MAX_ATTEMPTS;
        throw error;
      }
    },
  },
  // Two publish consumers, as the cloud's queue has (reserved concurrency 10).
  { maxAttempts: MAX_ATTEMPTS, concurrency: { publish: 2, translate: 2 } },
);

/** One write to hold: the run that makes it waits there, between its reads and its writes, until released. */
let hold: { match: (key: string) => boolean; reached: () => void; released: Promise<void> } | undefined;
function holdAt(match: (key: string) => boolean) {
  let release!: () => void;
  let reached!: () => void;
  const at = new Promise<void>((ok) => (reached = ok));
  hold = { match, reached, released: new Promise<void>((ok) => (release = ok)) };
  return { at, release };
}

beforeAll(() => {
  const { mailer } = usePorts();
  const inner = fsObjectStore(mkdtempSync(join(tmpdir(), "menu-race-")));
  const objects: ObjectStore = {
    ...inner,
    async put(key, body, type, options) {
      const h = hold;
      if (h?.match(key)) {
        hold = undefined;
        h.reached();
        await h.released;
      }
      return inner.put(key, body, type, options);
    },
  };
  setPorts({ objects, queue, mailer, translator: { name: "fake", translate: async (texts, _from, to) => texts.map((t) => `${t} [${to}]`) } });
  setMenuRenderer({
    renderPage: ({ menu, loaded }: MenuView) => `<p>${menu.version}</p><p>${Object.values(loaded).flat().map((i) => `${i.title} ${i.portions.map((p) => p.price).join("/")}`).join(",")}</p>`,
    renderFullMenu: ({ menu, loaded }: MenuView) => `<p>${menu.version}</p><p>${Object.values(loaded).flat().map((i) => `${i.title} ${i.portions.map((p) => p.price).join("/")}`).join(",")}</p>`,
    qrPath: (text: string) => ({ size: 21, path: `M0 0h${text.length}` }),
    build: "test",
  });
});

afterEach(() => clock.reset());

const DAY = 86_400_000;
type Keys = { company_id: string; store_id: string };
const portion = (price: string) => [{ id: "p1", weight: "300", unit: "g" as const, price, currency: "BYN" as const }];

async function open(keys: Keys) {
  await Db().entities.store.patch(keys).set({ languages: ["ru", "en"] }).go();
  const now = clock.now().getTime();
  await Db().entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(now - DAY).toISOString(), ends_at: new Date(now + 30 * DAY).toISOString() }).go();
}

/** A company with two stores; the second holds a copy of the first's borscht (one origin group), both published. */
async function chain() {
  const v = await venue("race");
  const a = { company_id: v.company_id, store_id: v.store_id };
  const b = { company_id: v.company_id, store_id: (await withActor({ type: "system" }, () => createStore({ company_id: v.company_id, name: "Park", url_key: "park" }))).store_id };
  const category_id = randomUUID();
  const copy = randomUUID();
  await Db().entities.category.create({ ...b, category_id, section: "kitchen", type: "products", name: "Супы" }).go();
  await Db().entities.item.create({ ...b, item_id: copy, kind: "product", category_id, title: "Борщ", portions: portion("9.50"), origin_id: v.items.visible }).go();
  await Db().entities.itemOrigin.put([
    { company_id: v.company_id, origin_id: v.items.visible, store_id: a.store_id, item_id: v.items.visible },
    { company_id: v.company_id, origin_id: v.items.visible, store_id: b.store_id, item_id: copy },
  ]).go();
  await open(a);
  await open(b);
  await requestPublish(a);
  await requestPublish(b);
  await queue.idle();
  const owner: Actor = { type: "user", userId: "owner", role: "company_manager", companyId: v.company_id };
  return { v, a, b, copy, owner };
}

async function json<T>(key: string) {
  const object = await usePorts().objects.get(key);
  return object ? (JSON.parse(Buffer.from(object.body).toString("utf8")) as T) : undefined;
}
const publishedItem = async (company: string, store: string, lang: string, id: string) => (await readWholeMenu(json, company, store, lang))?.items.find((i) => i.id === id);

describe("a change landing during a publish of its store", () => {
  it("is published: apply to other stores while a translation is being published in the other store", async () => {
    const { v, a, b, copy, owner } = await chain();
    const base = publishedKeys(v.company.url_key, "park").base;
    expect((await publishedItem(v.company.url_key, "park", "ru", copy))?.portions[0]?.price).toBe("9.50");

    // The translation of the copy lands in the second store and asks for its publish: the run
    // reads the store, then waits at its first write.
    const { at, release } = holdAt((key) => key.startsWith(`${base}/`));
    await requestTranslation(b, [{ target_type: "Item", target_id: copy }]);
    await at;
    const before = new Set(deliveries.keys());
    expect([...deliveries.values()].filter((d) => d.store_id === b.store_id && !d.settled)).toHaveLength(1);

    // Meanwhile the owner changes the price in the first store and applies it to the other stores.
    await Db().entities.item.patch({ ...a, item_id: v.items.visible }).set({ portions: portion("12.00") }).go();
    await withActor(owner, () => applyToStores({ store_id: a.store_id, item_id: v.items.visible, fields: ["prices"] }));
    expect((await Db().entities.item.get({ ...b, item_id: copy }).go()).data?.portions[0]?.price).toBe("12.00");
    // The change's own publish message met the run's lease, and the queue is done with it (before the
    // fix: thrown back until the queue gave it up; SQS would have redelivered it after 6 minutes).
    const since = () => [...deliveries.entries()].filter(([message, d]) => d.store_id === b.store_id && !before.has(message)).map(([, d]) => d);
    await expect.poll(() => since().filter((d) => d.settled).length).toBe(1);
    expect(since()).toHaveLength(1);

    release();
    await queue.idle();
    const en = await publishedItem(v.company.url_key, "park", "en", copy);
    expect(en?.title).toBe("Борщ [en]");
    expect(en?.portions[0]?.price).toBe("12.00");
    expect((await publishedItem(v.company.url_key, "park", "ru", copy))?.portions[0]?.price).toBe("12.00");
    expect((await checkPublished(b)).differences).toEqual([]);
  });

  it("is published after a run that died holding the lease: the schedule sends one once the lease has run out", async () => {
    const { v, b, copy } = await chain();
    const row = async () => (await Db().entities.publication.get(b).go()).data!;
    // A run took the lease and died (its Lambda timed out): nothing will end it.
    const until = new Date(clock.now().getTime() + 2 * 60_000).toISOString();
    await Db().entities.publication.patch(b).set({ lease_until: until }).go();
    await Db().entities.item.patch({ ...b, item_id: copy }).set({ portions: portion("14.00") }).go();
    const { sequence } = await requestPublish(b);
    // A message sent straight to the queue (a page of an older build) counts as a request.
    await usePorts().queue.send("publish", { ...b });
    await queue.idle();
    expect((await row()).requested).toBe(sequence + 1);
    expect((await row()).published).toBeLessThan(sequence);
    expect((await publishedItem(v.company.url_key, "park", "ru", copy))?.portions[0]?.price).toBe("9.50");

    // The schedule's tick before the lease ends leaves it be; the first after sends a run.
    await runDuePublishes(new Date(Date.parse(until) - 1000));
    await queue.idle();
    expect((await row()).published).toBeLessThan(sequence);
    clock.set(new Date(Date.parse(until) + 2000));
    await runDuePublishes(clock.now());
    await queue.idle();
    expect((await row()).published).toBe(sequence + 1);
    expect((await publishedItem(v.company.url_key, "park", "ru", copy))?.portions[0]?.price).toBe("14.00");
    expect((await checkPublished(b)).differences).toEqual([]);
  });
});
