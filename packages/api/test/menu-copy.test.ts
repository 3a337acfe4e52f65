/**
 * Chains (issue 36, points 6 and 7): a company manager copies another store's menu into a store
 * as a background job (planned with its preview counts, then copied; categories, items, portions,
 * photos, marks, translations and glossary arrive; prices kept or taken by choice; all or nothing:
 * nothing written while any source item is invalid, and a copy that fails for good is undone;
 * a lost job resumes when it is looked at; other companies and store managers refused), and
 * "apply to other stores" changes the copies' texts and marks but not their prices, and
 * republishes them. Issue 46, point 4: the count the dialog polls moves batch by batch (of at most
 * BATCH_MAX items) as the copy goes; a second copy into the store is answered with the one under
 * way; the setup checklist shows no step done while its work is queued.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts, withActor, type Actor } from "@menu/core";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { COPY_CHUNK, MAX_ATTEMPTS, menuCopyJob } from "@menu/core/chains/menu-copy-worker";
import { BATCH_MAX } from "@menu/core/chains/menu-copy-chunk";
import { recountStore } from "@menu/core/store/recount";
import { RESUME_AFTER_MS, type MenuCopyJob } from "@menu/core/chains/menu-copy";
import { variantKey } from "@menu/core/media/variants";
import { buildPublishedMenu } from "@menu/core/publish/build";
import { loadStoreState } from "@menu/core/publish/store-state";
import { createStore } from "@menu/core/store/store";
import { venue } from "../../core/test/fixtures";
import { callAs, publishRequests } from "./support/session";

type Venue = Awaited<ReturnType<typeof venue>>;
type Keys = { company_id: string; store_id: string };
let source: Venue;
let target: Keys;
let other: Venue;
let photo: string;
let childCategory: string;
const owner = (company_id: string): Actor => ({ type: "user", userId: "owner", role: "company_manager", companyId: company_id });
const storeManager = (k: Keys): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: k.company_id, storeId: k.store_id });
const keysOf = (v: Venue): Keys => ({ company_id: v.company_id, store_id: v.store_id });
const itemsOf = async (k: Keys) => (await Db().entities.item.query.byStore(k).go({ pages: "all" })).data;
const categoriesOf = async (k: Keys) => (await Db().entities.category.query.byStore(k).go({ pages: "all" })).data;
let queue: ReturnType<typeof memoryQueue>;
type Answer = { status: number; body: Record<string, unknown> };
const jobOf = (res: Answer) => res.body as unknown as MenuCopyJob;
const jobState = (actor: Actor, store_id: string, copy_id: string) => callAs(actor, "GET", `/api/menu-copy/${copy_id}?storeId=${store_id}`);
/** Plans a copy as the dialog does and, once the worker has planned it, answers the job (or the refusal). */
async function planned(actor: Actor, store_id: string, source_store_id: string): Promise<Answer> {
  const res = await callAs(actor, "POST", "/api/menu-copy", { store_id, source_store_id });
  if (res.status !== 202) return res;
  await queue.idle();
  return jobState(actor, store_id, jobOf(res).id);
}
/** Plans and confirms a copy of the source into the target; answers the job once the worker is idle. */
async function copy(prices: "keep" | "source"): Promise<MenuCopyJob> {
  const actor = owner(target.company_id);
  const plan = jobOf(await planned(actor, target.store_id, source.store_id));
  const res = await callAs(actor, "POST", `/api/menu-copy/${plan.id}/start`, { store_id: target.store_id, prices });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await queue.idle();
  return jobOf(await jobState(actor, target.store_id, plan.id));
}
/** The menu guests get in `lang`, built as the publish job builds it (the new store is still in preparation). */
const guestMenu = async (k: Keys, lang: string) => buildPublishedMenu({ ...(await loadStoreState(k, clock.now())), hidden: undefined }, lang, () => ({ size: 1, path: "" }), clock.now());
const byTitle = async (k: Keys, title: string) => (await itemsOf(k)).find((i) => i.title === title)!;

beforeAll(async () => {
  queue = memoryQueue({ copy: menuCopyJob });
  setPorts({ ...usePorts(), queue });
  [source, other] = await Promise.all([venue("copysrc"), venue("copyother")]);
  const keys = keysOf(source);
  target = { company_id: source.company_id, store_id: (await withActor({ type: "system" }, () => createStore({ company_id: source.company_id, name: "Park", url_key: "park" }))).store_id };
  // A real photo with its thumbnail, as an upload leaves them.
  photo = `media/${keys.company_id}/${keys.store_id}/photo-${randomUUID()}.webp`;
  const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#3a3" } }).webp().toBuffer();
  await usePorts().objects.put(variantKey(photo, 320), webp, "image/webp");
  await usePorts().objects.put(photo, webp, "image/webp");
  await Db()
    .entities.item.patch({ ...keys, item_id: source.items.visible })
    .set({
      photo,
      description: JSON.stringify({ ops: [{ insert: "Со сметаной\n" }] }),
      translations: { en: { title: "Borscht", manual: true } },
      allergens: ["milk"],
      tags: ["vegetarian"],
    })
    .go();
  childCategory = randomUUID();
  await Db().entities.category.create({ ...keys, category_id: childCategory, section: "kitchen", type: "products", name: "Холодные", parent_id: source.category_id, translations: { en: { title: "Cold" } } }).go();
  await Db()
    .entities.item.create({
      ...keys,
      item_id: randomUUID(),
      kind: "product",
      category_id: childCategory,
      title: "Окрошка",
      portions: [
        { id: "a", weight: "250", unit: "g", price: "7", currency: "BYN" },
        { id: "b", weight: "400", unit: "g", price: "10", currency: "BYN" },
      ],
    })
    .go();
  await Db().entities.abbreviation.create({ ...keys, abbreviation_id: randomUUID(), abbreviation: "с/м", full_form: "свежемороженый" }).go();
});

describe("copy a menu between stores", () => {
  it("plans in the background and previews what the source brings", async () => {
    const res = await planned(owner(target.company_id), target.store_id, source.store_id);
    expect(res.status).toBe(200);
    const job = jobOf(res);
    expect(job).toMatchObject({ status: "ready", source_store_id: source.store_id, done: 0, total: 3 });
    expect(job.preview).toMatchObject({ categories: 2, new_categories: 2, items: 3, creates: 3, updates: 0, portions: 4, photos: 1, glossary: 1, new_glossary: 1, invalid: 0 });
    expect(job.preview!.translations.en).toBe(2);
    // The store's latest copy is this one: a dialog opened again finds it.
    expect((await callAs(owner(target.company_id), "GET", `/api/menu-copy?storeId=${target.store_id}`)).body).toMatchObject({ id: job.id, status: "ready" });
  });

  it("copies into an empty store: categories, items, portions, photos, marks, translations and the glossary", async () => {
    const before = await publishRequests(target);
    const job = await copy("keep");
    expect(job).toMatchObject({ status: "done", done: 3, total: 3, created: 3, updated: 0 });
    const [categories, items, fromItems] = await Promise.all([categoriesOf(target), itemsOf(target), itemsOf(keysOf(source))]);
    const child = categories.find((c) => c.name === "Холодные")!;
    expect(categories.find((c) => c.category_id === child.parent_id)?.name).toBe("Супы");
    expect(child.translations?.en?.title).toBe("Cold");
    const shape = (i: (typeof items)[number]) => ({
      title: i.title,
      description: i.description,
      visible: i.visible,
      allergens: i.allergens,
      tags: i.tags,
      translations: i.translations,
      portions: i.portions.map(({ id: _, ...p }) => p),
    });
    expect(items.map(shape).sort((a, b) => a.title.localeCompare(b.title))).toEqual(fromItems.map(shape).sort((a, b) => a.title.localeCompare(b.title)));
    // Items remember their origin; the photo is the target's own copy, reachable with its thumbnail.
    const borscht = items.find((i) => i.title === "Борщ")!;
    expect(borscht.origin_id).toBe(source.items.visible);
    expect(borscht.photo).toMatch(new RegExp(`^media/${target.company_id}/${target.store_id}/photo-`));
    expect(await usePorts().objects.get(borscht.photo!)).toBeTruthy();
    expect(await usePorts().objects.get(variantKey(borscht.photo!, 320))).toBeTruthy();
    const glossary = (await Db().entities.abbreviation.query.byStore(target).go()).data;
    expect(glossary.map((g) => [g.abbreviation, g.full_form])).toEqual([["с/м", "свежемороженый"]]);
    expect(await publishRequests(target)).toBeGreaterThan(before);
    const menu = await guestMenu(target, "en");
    expect(menu.items.map((i) => i.title)).toContain("Borscht");
  });

  it("copied again, keeps this store's prices or takes the source's by choice", async () => {
    const mine = await byTitle(target, "Борщ");
    await Db().entities.item.patch({ ...target, item_id: mine.item_id }).set({ portions: [{ ...mine.portions[0]!, price: "11" }] }).go();
    const p = await planned(owner(target.company_id), target.store_id, source.store_id);
    expect(jobOf(p).preview).toMatchObject({ creates: 0, updates: 3, new_categories: 0, new_glossary: 0 });
    expect(await copy("keep")).toMatchObject({ status: "done", created: 0, updated: 3 });
    expect((await byTitle(target, "Борщ")).portions[0]!.price).toBe("11");
    expect(await itemsOf(target)).toHaveLength(3);
    await copy("source");
    const taken = await byTitle(target, "Борщ");
    expect(taken.portions[0]!.price).toBe("9.50");
    expect(taken.portions[0]!.id).toBe(mine.portions[0]!.id);
    expect(await categoriesOf(target)).toHaveLength(2);
  });

  it("writes nothing while any source item is invalid, whether the preview found it or the copy did", async () => {
    const actor = owner(target.company_id);
    const snapshot = async () => JSON.stringify([await itemsOf(target), await categoriesOf(target)]);
    const before = await snapshot();
    const valid = jobOf(await planned(actor, target.store_id, source.store_id));
    const bad = randomUUID();
    // A record older rules let through: a zero price is refused by the item form.
    await Db().entities.item.create({ ...keysOf(source), item_id: bad, kind: "product", category_id: childCategory, position: 999_999, title: "Сломанное", portions: [{ id: "x", weight: "1", unit: "g", price: "0", currency: "BYN" }] }).go();
    try {
      const p = jobOf(await planned(actor, target.store_id, source.store_id));
      expect(p.preview).toMatchObject({ invalid: 1, invalid_titles: ["Сломанное"] });
      const res = await callAs(actor, "POST", `/api/menu-copy/${p.id}/start`, { store_id: target.store_id, prices: "source" });
      expect(res).toMatchObject({ status: 400, body: { code: "copyInvalid" } });
      // Planned while every item was valid: only the latest plan starts.
      expect((await callAs(actor, "POST", `/api/menu-copy/${valid.id}/start`, { store_id: target.store_id, prices: "source" })).body).toMatchObject({ code: "copyRunning" });
      const again = jobOf(await planned(actor, target.store_id, source.store_id));
      await Db().entities.item.patch({ ...keysOf(source), item_id: bad }).set({ portions: [{ id: "x", weight: "1", unit: "g", price: "1", currency: "BYN" }] }).go();
      const fixed = jobOf(await planned(actor, target.store_id, source.store_id));
      await Db().entities.item.patch({ ...keysOf(source), item_id: bad }).set({ portions: [{ id: "x", weight: "1", unit: "g", price: "0", currency: "BYN" }] }).go();
      // Broken again after its preview: the copy finds it and writes nothing.
      expect((await callAs(actor, "POST", `/api/menu-copy/${fixed.id}/start`, { store_id: target.store_id, prices: "source" })).status).toBe(202);
      await queue.idle();
      expect(jobOf(await jobState(actor, target.store_id, fixed.id))).toMatchObject({ status: "failed", error: "copyInvalid", done: 0 });
      expect(again.preview?.invalid).toBe(1);
      expect(await snapshot()).toBe(before);
    } finally {
      await Db().entities.item.delete({ ...keysOf(source), item_id: bad }).go();
    }
  });

  it("undoes every chunk of a copy that fails for good: the store is as it was", async () => {
    const keys = keysOf(source);
    // More than a chunk of new items; the storage fails on a photo of the second chunk, every time.
    const drinks = randomUUID();
    await Db().entities.category.create({ ...keys, category_id: drinks, section: "kitchen", type: "products", name: "Напитки", position: 50 }).go();
    const broken = `media/${keys.company_id}/${keys.store_id}/photo-${randomUUID()}.webp`;
    const extra = Array.from({ length: COPY_CHUNK + 10 }, (_, i) => ({
      ...keys,
      item_id: randomUUID(),
      kind: "product" as const,
      category_id: drinks,
      position: i,
      title: `Напиток ${i}`,
      portions: [{ id: "p", weight: "200", unit: "ml" as const, price: "3", currency: "BYN" as const }],
      ...(i === COPY_CHUNK + 9 ? { photo: broken } : {}),
    }));
    await Db().entities.item.put(extra).go();
    const mine = await byTitle(target, "Борщ");
    await Db().entities.item.patch({ ...target, item_id: mine.item_id }).set({ description: JSON.stringify({ ops: [{ insert: "Только у нас\n" }] }) }).go();
    const state = async () => {
      const items = (await itemsOf(target)).map(({ updated_at: _, ...i }) => i).sort((a, b) => a.item_id.localeCompare(b.item_id));
      const categories = (await categoriesOf(target)).map((c) => c.category_id).sort();
      const glossary = (await Db().entities.abbreviation.query.byStore(target).go()).data.map((g) => g.abbreviation_id).sort();
      const facts = (await Db().entities.storeFacts.get(target).go()).data;
      const tallies = (await Db().entities.categoryTally.query.byStore(target).go()).data.map((t) => [t.category_id, t.content_count]);
      return JSON.stringify({ items, categories, glossary, facts: [facts?.items, facts?.categories, facts?.photos], tallies });
    };
    const before = await state();
    const objects = usePorts().objects;
    let failures = 0;
    // The undo is cut short once too (a photo's delete fails): the next delivery undoes to the end.
    let deleteFailed = false;
    setPorts({
      ...usePorts(),
      objects: {
        ...objects,
        get: (key) => (key === broken ? Promise.reject(new Error(`storage unavailable (${++failures})`)) : objects.get(key)),
        delete: (key) => (deleteFailed ? objects.delete(key) : Promise.reject(new Error(`storage unavailable (${(deleteFailed = true)})`))),
      },
    });
    try {
      const job = await copy("source");
      expect(job).toMatchObject({ status: "failed", error: "copyFailed", total: 3 + COPY_CHUNK + 10 });
      expect(failures).toBe(MAX_ATTEMPTS);
      expect(deleteFailed).toBe(true);
      // The first chunk was written (and its undo rows) before the second failed (halfway, batch by batch).
      expect(job.done).toBeGreaterThanOrEqual(COPY_CHUNK);
      expect(job.done).toBeLessThan(job.total);
      expect(await state()).toBe(before);
      expect((await byTitle(target, "Борщ")).description).toContain("Только у нас");
      expect(await objects.get(mine.photo!)).toBeTruthy();
    } finally {
      setPorts({ ...usePorts(), objects });
      await Db().entities.item.delete(extra.map(({ item_id }) => ({ ...keys, item_id }))).go();
      await Db().entities.category.delete({ ...keys, category_id: drinks }).go();
    }
  });

  it("runs one delivery of a copy at a time: a message sent again while one works leaves it alone", async () => {
    const actor = owner(target.company_id);
    const plan = jobOf(await planned(actor, target.store_id, source.store_id));
    setPorts({ ...usePorts(), queue: memoryQueue({}) });
    try {
      expect((await callAs(actor, "POST", `/api/menu-copy/${plan.id}/start`, { store_id: target.store_id, prices: "keep" })).status).toBe(202);
    } finally {
      setPorts({ ...usePorts(), queue });
    }
    const ref = { ...target, copy_id: plan.id };
    const held = new Date(Date.now() + 60_000).toISOString();
    await Db().entities.menuCopy.patch(ref).set({ lease_until: held }).go();
    await menuCopyJob(ref);
    expect((await Db().entities.menuCopy.get(ref).go()).data).toMatchObject({ status: "copying", done: 0, lease_until: held });
    await Db().entities.menuCopy.patch(ref).remove(["lease_until"]).go();
    await menuCopyJob(ref);
    const row = (await Db().entities.menuCopy.get(ref).go()).data!;
    expect(row).toMatchObject({ status: "done", done: 3, updated: 3 });
    expect(row.lease_until).toBeUndefined();
  });

  it("sends a job whose message was lost again when it is looked at", async () => {
    const actor = owner(target.company_id);
    setPorts({ ...usePorts(), queue: memoryQueue({}) });
    const res = await callAs(actor, "POST", "/api/menu-copy", { store_id: target.store_id, source_store_id: source.store_id });
    setPorts({ ...usePorts(), queue });
    const id = jobOf(res).id;
    expect(jobOf(await jobState(actor, target.store_id, id)).status).toBe("planning");
    await queue.idle();
    expect(jobOf(await jobState(actor, target.store_id, id)).status).toBe("planning");
    clock.advance(RESUME_AFTER_MS + 1000);
    try {
      await jobState(actor, target.store_id, id);
      await queue.idle();
    } finally {
      clock.reset();
    }
    expect(jobOf(await jobState(actor, target.store_id, id))).toMatchObject({ status: "ready", total: 3 });
  });

  it("refuses another company's store, the same store, a store manager, and another company's job", async () => {
    const start = (actor: Actor, store_id: string, source_store_id: string) => callAs(actor, "POST", "/api/menu-copy", { store_id, source_store_id });
    const them = owner(other.company_id);
    expect((await start(them, target.store_id, source.store_id)).status).toBe(404);
    expect((await start(owner(target.company_id), target.store_id, other.store_id)).body).toMatchObject({ code: "storeNotFound" });
    expect((await start(owner(target.company_id), target.store_id, target.store_id)).body).toMatchObject({ code: "copySameStore" });
    const manager = storeManager(target);
    expect((await start(manager, target.store_id, source.store_id)).status).toBe(404);
    const mine = jobOf(await planned(owner(target.company_id), target.store_id, source.store_id));
    expect((await callAs(manager, "POST", `/api/menu-copy/${mine.id}/start`, { store_id: target.store_id, prices: "keep" })).status).toBe(404);
    expect((await jobState(them, target.store_id, mine.id)).status).toBe(404);
    expect((await jobState(them, other.store_id, mine.id)).status).toBe(404);
    expect((await callAs(them, "POST", `/api/menu-copy/${mine.id}/start`, { store_id: other.store_id, prices: "keep" })).status).toBe(404);
  });
});

describe("a copy shows where it is (issue 46, point 4)", () => {
  /** More than a chunk of items, each with its own photo, into a store of their own. */
  const COUNT = COPY_CHUNK + 20;
  let from: Venue;
  let into: Keys;
  /** The source's photo keys, by the step (in the plan's order) of their item. */
  const photoStep = new Map<string, number>();
  const actor = () => owner(from.company_id);
  type Step = { id: string; done: boolean; pending?: boolean };
  const checklist = async (k: Keys) =>
    Object.fromEntries(((await callAs(storeManager(k), "GET", `/api/setup-checklist?storeId=${k.store_id}`)).body.steps as Step[]).map((s) => [s.id, s]));

  beforeAll(async () => {
    from = await venue("copyprog");
    const keys = keysOf(from);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a33" } }).webp().toBuffer();
    const wines = randomUUID();
    // After the venue's own category (no position, taken as 0): its two items are the plan's steps 0 and 1.
    await Db().entities.category.create({ ...keys, category_id: wines, section: "kitchen", type: "products", name: "Вина", position: 1 }).go();
    const items = await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const photo = `media/${keys.company_id}/${keys.store_id}/photo-${randomUUID()}.webp`;
        await usePorts().objects.put(photo, webp, "image/webp");
        photoStep.set(photo, 2 + i);
        return { ...keys, item_id: randomUUID(), kind: "product" as const, category_id: wines, position: i, title: `Вино ${i}`, photo, portions: [{ id: "p", weight: "150", unit: "ml" as const, price: "6", currency: "BYN" as const }] };
      }),
    );
    await Db().entities.item.put(items).go();
    await recountStore(keys, { renumber: true });
    into = { company_id: keys.company_id, store_id: (await withActor({ type: "system" }, () => createStore({ company_id: keys.company_id, name: "Progress", url_key: "progress" }))).store_id };
  });

  /** Runs `body` with the storage's reads going through `get` first. */
  async function withReads<T>(get: (key: string) => Promise<void>, body: () => Promise<T>) {
    const objects = usePorts().objects;
    setPorts({ ...usePorts(), objects: { ...objects, get: async (key) => (await get(key), objects.get(key)) } });
    try {
      return await body();
    } finally {
      setPorts({ ...usePorts(), objects });
    }
  }

  it("moves the count the dialog polls batch by batch as it copies, never ahead of what is written", async () => {
    const plan = jobOf(await planned(actor(), into.store_id, from.store_id));
    expect(plan.total).toBe(COUNT + 2);
    /** What the dialog would have read when each photo was about to be copied. */
    const seen: { step: number; done: number; items: number }[] = [];
    const job = await withReads(
      async (key) => {
        const step = photoStep.get(key);
        if (step === undefined) return;
        const [state, items] = await Promise.all([jobState(actor(), into.store_id, plan.id), itemsOf(into)]);
        seen.push({ step, done: jobOf(state).done, items: items.length });
      },
      async () => {
        expect((await callAs(actor(), "POST", `/api/menu-copy/${plan.id}/start`, { store_id: into.store_id, prices: "keep" })).status).toBe(202);
        await queue.idle();
        return jobOf(await jobState(actor(), into.store_id, plan.id));
      },
    );
    expect(job).toMatchObject({ status: "done", done: COUNT + 2, created: COUNT + 2 });
    expect(seen).toHaveLength(COUNT);
    for (const { step, done, items } of seen) {
      // Every item before the batch being copied is counted (a batch holds at most BATCH_MAX) …
      expect(done, `step ${step}`).toBeGreaterThanOrEqual(step - BATCH_MAX + 1);
      // … and none from it on: the count follows the records, it never runs ahead of them.
      expect(done, `step ${step}`).toBeLessThanOrEqual(step);
      expect(items, `step ${step}`).toBeGreaterThanOrEqual(done);
    }
    // The count moved while the copy ran: values between none and all of them were there to poll.
    const between = new Set(seen.map((s) => s.done).filter((d) => d > 0 && d < job.total));
    expect(between.size).toBeGreaterThanOrEqual(Math.ceil((COUNT + 2) / BATCH_MAX) - 1);
  });

  it("answers a second copy into the store with the copy under way, and the checklist waits for it", async () => {
    const plan = jobOf(await planned(actor(), into.store_id, from.store_id));
    const first = [...photoStep].find(([, step]) => step === 2)![0];
    let reached!: () => void;
    let release!: () => void;
    const atFirstPhoto = new Promise<void>((ok) => (reached = ok));
    const released = new Promise<void>((ok) => (release = ok));
    await withReads(
      async (key) => {
        if (key !== first) return;
        reached();
        await released;
      },
      async () => {
        expect((await callAs(actor(), "POST", `/api/menu-copy/${plan.id}/start`, { store_id: into.store_id, prices: "source" })).status).toBe(202);
        // The copy holds at its first photo: it is under way.
        await atFirstPhoto;
        const again = await callAs(actor(), "POST", "/api/menu-copy", { store_id: into.store_id, source_store_id: from.store_id });
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ code: "copyRunning", details: { copy: { id: plan.id, status: "copying", source_store_id: from.store_id, total: COUNT + 2 } } });
        const shown = (again.body.details as { copy: MenuCopyJob }).copy;
        expect(shown.done).toBeGreaterThanOrEqual(0);
        expect(shown.done).toBeLessThan(shown.total);
        // Its plan again (a tab that planned before it started) is refused with it as well.
        const confirmAgain = await callAs(actor(), "POST", `/api/menu-copy/${plan.id}/start`, { store_id: into.store_id, prices: "keep" });
        expect(confirmAgain).toMatchObject({ status: 409, body: { code: "copyRunning", details: { copy: { id: plan.id, status: "copying" } } } });
        // The menu has items, but its step is not done while the copy runs.
        expect((await checklist(into)).menu).toMatchObject({ done: false, pending: true });
        release();
        await queue.idle();
      },
    );
    expect(jobOf(await jobState(actor(), into.store_id, plan.id))).toMatchObject({ status: "done", updated: COUNT + 2 });
    // Copied: the menu step is done (the translations' count is checklist-pending.test.ts's).
    const steps = await checklist(into);
    expect(steps.menu).toMatchObject({ done: true });
    expect(steps.menu!.pending).toBeUndefined();
    // Nothing under way any more: a new copy may be planned.
    expect((await callAs(actor(), "POST", "/api/menu-copy", { store_id: into.store_id, source_store_id: from.store_id })).status).toBe(202);
    await queue.idle();
  });
});

describe("change once: apply to other stores", () => {
  it("changes title, description and marks of the copies, not their prices, and they republish", async () => {
    const copied = await byTitle(target, "Борщ");
    await Db().entities.item.patch({ ...target, item_id: copied.item_id }).set({ portions: [{ ...copied.portions[0]!, price: "12" }] }).go();
    const actor = owner(source.company_id);
    const linked = await callAs(actor, "GET", `/api/menu-copy/linked?storeId=${source.store_id}&itemId=${source.items.visible}`);
    expect(linked.body).toEqual({ stores: 1 });
    const saved = await callAs(actor, "PUT", `/api/items/${source.items.visible}`, {
      store_id: source.store_id,
      title: "Борщ домашний",
      description: JSON.stringify({ ops: [{ insert: "С пампушками\n" }] }),
      visible: true,
      photo,
      portions: [{ weight: "300", unit: "g", price: "9.90", currency: "BYN" }],
      allergens: ["milk", "gluten"],
      tags: [],
    });
    expect(saved.status).toBe(200);
    const before = await publishRequests(target);
    const res = await callAs(actor, "POST", "/api/menu-copy/apply-to-stores", { store_id: source.store_id, item_id: source.items.visible, fields: ["title", "description", "marks"] });
    expect(res.body).toEqual({ updated: 1, stores: 1, skipped: 0 });
    const changed = (await Db().entities.item.get({ ...target, item_id: copied.item_id }).go()).data!;
    expect(changed).toMatchObject({ title: "Борщ домашний", tags: [] });
    expect([...(changed.allergens ?? [])].sort()).toEqual(["gluten", "milk"]);
    expect(changed.description).toContain("С пампушками");
    expect(changed.portions[0]!.price).toBe("12");
    expect(await publishRequests(target)).toBeGreaterThan(before);
    const menu = await guestMenu(target, "ru");
    expect(menu.items.find((i) => i.id === copied.item_id)).toMatchObject({ title: "Борщ домашний" });
    // From the copy's side, the group is the same: the source store is the one other.
    expect((await callAs(actor, "GET", `/api/menu-copy/linked?storeId=${target.store_id}&itemId=${copied.item_id}`)).body).toEqual({ stores: 1 });
  });

  it("leaves a duplicate of a copied item out of its group: it is a new dish", async () => {
    const actor = owner(target.company_id);
    const copied = await byTitle(target, "Окрошка");
    expect((await callAs(actor, "GET", `/api/menu-copy/linked?storeId=${target.store_id}&itemId=${copied.item_id}`)).body).toEqual({ stores: 1 });
    const duplicate = await callAs(actor, "POST", `/api/items/${copied.item_id}/duplicate`, { store_id: target.store_id });
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBeLessThan(300);
    const id = (duplicate.body as { id: string }).id;
    expect((await Db().entities.item.get({ ...target, item_id: id }).go()).data?.origin_id).toBeUndefined();
    expect((await callAs(actor, "GET", `/api/menu-copy/linked?storeId=${target.store_id}&itemId=${id}`)).body).toEqual({ stores: 0 });
    expect((await callAs(actor, "GET", `/api/menu-copy/linked?storeId=${target.store_id}&itemId=${copied.item_id}`)).body).toEqual({ stores: 1 });
  });

  it("offers no other store for an item without origin, and a store manager reaches none", async () => {
    const own = await Db().entities.item.create({ ...target, item_id: randomUUID(), kind: "product", category_id: (await byTitle(target, "Окрошка")).category_id, title: "Своё", portions: [{ id: "p", weight: "1", unit: "g", price: "1", currency: "BYN" }] }).go();
    expect((await callAs(owner(target.company_id), "GET", `/api/menu-copy/linked?storeId=${target.store_id}&itemId=${own.data.item_id}`)).body).toEqual({ stores: 0 });
    const manager = storeManager(keysOf(source));
    expect((await callAs(manager, "GET", `/api/menu-copy/linked?storeId=${source.store_id}&itemId=${source.items.visible}`)).body).toEqual({ stores: 0 });
    const res = await callAs(manager, "POST", "/api/menu-copy/apply-to-stores", { store_id: source.store_id, item_id: source.items.visible, fields: ["title"] });
    expect(res.body).toEqual({ updated: 0, stores: 0, skipped: 1 });
  });
});
