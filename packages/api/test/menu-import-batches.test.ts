/**
 * The import's writes in batches (issue 46, point 3): a sheet's new and changed items, their
 * positions, counts and search rows are written in transactions and batches of 25, and the result is
 * what the writes one by one made: kept counts equal a recount, each category's items in sheet order
 * after the ones it had (no position shared), the search index equal to a rebuild from the records
 * (every item found by its words), no origin rows (the import copies nothing). A failure part-way
 * through a chunk takes its new items back, and applying the chunk again writes each once; changes
 * not written leave their search rows as they were. The
 * requests a chunk sends grow with its rows only by batches, not by one or two per item.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { createApp } from "@menu/api";
import { Db, setPorts, usePorts, withActor, type Actor } from "@menu/core";
import { FOLLOWED_CHUNK_TRANSLATE_DELAY_SECONDS } from "@menu/core/import/menu-import";
import { clock } from "@menu/core/shared/clock";
import { addDays } from "@menu/core/billing/plans";
import { db } from "@menu/core/db/client";
import { countDbWork } from "@menu/core/db/work-counter";
import { searchItems } from "@menu/core/item/search";
import { rebuildSearchIndex } from "@menu/core/search/indexing";
import { itemsFrom, POSITION_STEP } from "@menu/core/store/positions";
import { recountStore } from "@menu/core/store/recount";
import { expectCountsExact } from "./support/kept-counts";
import { venue } from "../../core/test/fixtures";

type Store = Awaited<ReturnType<typeof venue>>;
type Keys = { company_id: string; store_id: string };
const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const ZH_HEADER = ["分区", "类别", "菜品", "描述", "份量", "价格", "货币", "过敏原", "标签", "显示", "ID"];
const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n");
const row = (category: string, title: string, price = "5", id = "", visible = "да") => ["Кухня", category, title, "", "250 г", price, "BYN", "", "", visible, id];
/** A title of 100 distinct Han characters: 100 search rows, more than a transaction takes beside its item (they go by batch). */
const HAN = Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x4e00 + 7 * i)).join("");

const keysOf = (s: Store): Keys => ({ company_id: s.company_id, store_id: s.store_id });
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });

/** Applies the sheet in chunks of `count`, as the page does; answers the first refused call or the last answer. */
async function apply(s: Store, rows: string[][], count = 50, from = 0) {
  const app = createApp({ resolveActor: () => staff(s) });
  const content = Buffer.from(csv(rows)).toString("base64");
  for (;;) {
    const res = await app.request("/api/menu-import/apply", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ store_id: s.store_id, file_name: "menu.csv", content, from, count }) });
    const body = (await res.json()) as { done: number; total: number; code?: string };
    if (res.status !== 200 || body.done >= body.total) return { status: res.status, body };
    from = body.done;
  }
}

const itemsOf = async (keys: Keys) => (await Db().entities.item.query.byStore(keys).go({ pages: "all" })).data;
const categoriesOf = async (keys: Keys) => (await Db().entities.category.query.byStore(keys).go({ pages: "all" })).data;
/** A category's items in display order (one Query of its position index). */
const inOrder = async (keys: Keys, category_id: string) => (await itemsFrom(keys, category_id, 0, 1000)).items;
const indexRows = async (keys: Keys) =>
  (await Db().entities.searchIndexTerm.query.byTerm(keys).go({ pages: "all" })).data.map((r) => `${r.kind}:${r.term}>${r.ref_type}:${r.ref_id}`).sort();
const found = async (keys: Keys, q: string) => (await withActor({ type: "system" }, () => searchItems({ store_id: keys.store_id, q }))).map((h) => h.title);

/** The index the writes left is the one a rebuild from the records makes (rows neither missing nor left over). */
async function expectIndexAsRebuilt(keys: Keys) {
  const written = await indexRows(keys);
  await rebuildSearchIndex(keys);
  expect(written).toEqual(await indexRows(keys));
}

/** Items' positions strictly increasing in display order, titles as listed. */
async function expectOrder(keys: Keys, category_id: string, titles: string[]) {
  const items = await inOrder(keys, category_id);
  expect(items.map((i) => i.title)).toEqual(titles);
  const positions = items.map((i) => i.position ?? 0);
  for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeGreaterThan(positions[i - 1]!);
}

/** A store with the venue's "Супы" (Борщ, Секрет) and "Салаты" (Оливье), counts and positions from the records. */
async function store(prefix: string) {
  const s = await venue(prefix);
  const keys = keysOf(s);
  await Db().entities.store.patch(keys).set({ languages: ["ru", "en", "zh"] }).go();
  const salads = randomUUID();
  await Db().entities.category.create({ ...keys, category_id: salads, section: "kitchen", type: "products", name: "Салаты", position: 1 }).go();
  await Db().entities.item.put({ ...keys, item_id: randomUUID(), kind: "product", category_id: salads, title: "Оливье", portions: [{ id: "p1", weight: "200", unit: "g", price: "7", currency: "BYN" }] }).go();
  await recountStore(keys, { renumber: true });
  // Records written directly: their search rows as a store gets them on its first search.
  await rebuildSearchIndex(keys);
  return { s, keys, salads };
}

/** Counts the DynamoDB requests `work` sends, by command. */
async function requestsOf<T>(work: () => Promise<T>) {
  const client = db().client;
  const { counts, stop } = countDbWork(client);
  const by = new Map<string, number>();
  const name = `by-command-${randomUUID()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName ?? "?";
      by.set(command, (by.get(command) ?? 0) + 1);
      return next(args);
    },
    { step: "initialize", name },
  );
  try {
    return { result: await work(), requests: counts.requests, by };
  } finally {
    stop();
    client.middlewareStack.remove(name);
  }
}

/** Makes the `nth` TransactWriteItems from now on fail (as a lost connection would), until `stop`. */
function failingTransaction(client: DynamoDBClient, nth: number) {
  let seen = 0;
  const name = `fail-transaction-${randomUUID()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if ((context as { commandName?: string }).commandName === "TransactWriteItemsCommand" && ++seen === nth) throw new Error("Injected: the connection was lost");
      return next(args);
    },
    { step: "initialize", name },
  );
  return () => void client.middlewareStack.remove(name);
}

describe("the import's writes in batches", () => {
  let a: Awaited<ReturnType<typeof store>>;
  beforeAll(async () => {
    a = await store("batches");
  });

  it("writes 150 new items, a change and a move in chunks of 50: counts exact, sheet order, search finds each, in few requests", async () => {
    const { s, keys, salads } = a;
    const rows = [HEADER];
    const expected = new Map<string, string[]>();
    for (let i = 1; i <= 150; i++) {
      // Every tenth into the existing "Супы", the others into three new categories.
      const category = i % 10 === 0 ? "Супы" : `Импорт ${1 + (i % 3)}`;
      const title = `Блюдо ${i} из таблицы`;
      rows.push(row(category, title, `${(5 + i / 10).toFixed(2)}`));
      expected.set(category, [...(expected.get(category) ?? []), title]);
      // An existing item's price, and the hidden one moved to another existing category, among the new rows.
      if (i === 60) rows.push(row("Супы", "Борщ", "11.50", s.items.visible));
      if (i === 110) rows.push(row("Салаты", "Секрет", "9.50", s.items.hidden, "нет"));
      if (i === 120) {
        rows.push(row("Импорт 1", HAN));
        expected.set("Импорт 1", [...(expected.get("Импорт 1") ?? []), HAN]);
      }
    }
    const before = await itemsOf(keys);
    const { result, requests, by } = await requestsOf(() => apply(s, rows, 50));
    expect(result).toMatchObject({ status: 200, body: { done: 153, total: 153 } });

    const after = await itemsOf(keys);
    expect(after.length).toBe(before.length + 151);
    await expectCountsExact(keys);
    const categories = await categoriesOf(keys);
    const idOf = (name: string) => categories.find((c) => c.name === name)!.category_id;
    for (const [category, titles] of expected) {
      await expectOrder(keys, idOf(category), category === "Супы" ? ["Борщ", ...titles] : titles);
    }
    // The move: at the end of its new category, counted out of the old one.
    await expectOrder(keys, salads, ["Оливье", "Секрет"]);
    const supy = await inOrder(keys, s.category_id);
    expect(supy[0]!.portions[0]!.price).toBe("11.50");
    // A block per category: the new items of a category are a step apart.
    const first = await inOrder(keys, idOf("Импорт 2"));
    expect(first.slice(1).map((i, n) => i.position! - first[n]!.position!)).toEqual(first.slice(1).map(() => POSITION_STEP));

    // Search rows as a rebuild from the records would write them, and each item found by its words.
    await expectIndexAsRebuilt(keys);
    // (Numbers no other title's number starts with.)
    for (const n of [16, 75, 99, 137, 150]) expect(await found(keys, `блюдо ${n} таблицы`)).toEqual([`Блюдо ${n} из таблицы`]);
    expect(await found(keys, HAN.slice(90, 93))).toEqual([HAN]);
    // The import copies nothing: no item has an origin, no origin row is written.
    expect(after.filter((i) => i.origin_id)).toEqual([]);
    for (const item of after.slice(0, 5)) {
      expect((await Db().entities.itemOrigin.query.byOrigin({ company_id: keys.company_id, origin_id: item.item_id }).go()).data).toEqual([]);
    }

    // Items with their search rows (five writes an item here) in transactions of up to 100 writes:
    // 151 items need at least 8, the categories one, the changes one each (in two chunks); batches
    // are the translation rows (2 languages, 25 a request) and the rows of the one long Han title.
    // The writes one by one sent a batch per item besides: over 150 batches.
    const work = JSON.stringify([...by]);
    expect(by.get("TransactWriteItemsCommand") ?? 0, work).toBeLessThanOrEqual(15);
    expect(by.get("BatchWriteItemCommand") ?? 0, work).toBeLessThanOrEqual(20);
    expect(requests, work).toBeLessThan(120);
  });

  it("holds back the translations of a chunk that another follows; the last chunk's go at once", async () => {
    const { s, keys } = await store("batchdelay");
    // A plan whose languages the store's en and zh are, so the import's texts are queued.
    const plan = { subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() } as const;
    await Db().entities.subscription.create({ ...keys, ...plan }).go();
    const sent: { chunk: number; titles: string[]; delaySeconds?: number }[] = [];
    let chunk = 0;
    const ports = usePorts();
    setPorts({
      ...ports,
      queue: {
        send: async (queue, message, options) => {
          if (queue === "translate" && "targets" in message) {
            const ids = (message.targets as { target_id: string }[]).map((t) => t.target_id);
            const titles = (await itemsOf(keysOf(s))).filter((i) => ids.includes(i.item_id)).map((i) => i.title);
            sent.push({ chunk, titles: titles.sort(), ...(options?.delaySeconds ? { delaySeconds: options.delaySeconds } : {}) });
          }
          return ports.queue.send(queue, message, options);
        },
      },
    });
    try {
      const rows = [HEADER, row("Супы", "Уха"), row("Супы", "Щи"), row("Супы", "Рассольник")];
      const content = Buffer.from(csv(rows)).toString("base64");
      const app = createApp({ resolveActor: () => staff(s) });
      for (const from of [0, 2]) {
        chunk = from;
        const res = await app.request("/api/menu-import/apply", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ store_id: s.store_id, file_name: "menu.csv", content, from, count: 2 }) });
        expect(res.status).toBe(200);
      }
    } finally {
      setPorts(ports);
    }
    expect(sent).toEqual([
      { chunk: 0, titles: ["Уха", "Щи"], delaySeconds: FOLLOWED_CHUNK_TRANSLATE_DELAY_SECONDS },
      { chunk: 2, titles: ["Рассольник"] },
    ]);
  });

  it("takes a failed chunk's new items back, and the chunk applied again writes each once", async () => {
    const { s, keys } = await store("batchfail");
    // 160 new rows in one new category and one call: their items and search rows (three an item) in
    // a few transactions of 100 writes; the one long Han title's rows by batch before them.
    const rows = [HEADER, row("Горячее", HAN), ...Array.from({ length: 159 }, (_, i) => row("Горячее", `Горячее блюдо ${i + 1}`))];
    const before = await itemsOf(keys);
    const stop = failingTransaction(db().client, 3); // the categories', the first items', then the second items' fails
    let refused;
    try {
      refused = await apply(s, rows, 200);
    } finally {
      stop();
    }
    expect(refused.status).toBeGreaterThanOrEqual(500);
    // Nothing of the chunk is left: no item, counts as the records say, no search row naming a new item.
    expect(await itemsOf(keys)).toEqual(before);
    await expectCountsExact(keys);
    await expectIndexAsRebuilt(keys);
    // The page goes on from the chunk that failed: each item is written once, after the category made the first time.
    expect(await apply(s, rows, 200)).toMatchObject({ status: 200, body: { done: 160, total: 160 } });
    const after = await itemsOf(keys);
    expect(after.length).toBe(before.length + 160);
    const hot = (await categoriesOf(keys)).filter((c) => c.name === "Горячее");
    expect(hot.length).toBe(1);
    await expectOrder(keys, hot[0]!.category_id, rows.slice(1).map((r) => r[2]!));
    await expectCountsExact(keys);
    await expectIndexAsRebuilt(keys);
  });

  it("changes 120 items in one call: titles, prices, moves both ways, a row named twice; then their Chinese titles", async () => {
    const { s, keys, salads } = await store("batchchange");
    const seeded = Array.from({ length: 120 }, (_, i) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: i % 2 ? salads : s.category_id, title: `Старое ${i}`, portions: [{ id: `p${i}`, weight: "100", unit: "g" as const, price: "1", currency: "BYN" as const }] }));
    await Db().entities.item.put(seeded).go();
    await recountStore(keys, { renumber: true });
    await rebuildSearchIndex(keys);
    const name = (c: string) => (c === salads ? "Салаты" : "Супы");
    // Each item renamed and repriced; every third moves to the other category (odd ones into "Супы", even ones out).
    const other = (c: string) => (c === salads ? s.category_id : salads);
    const rows = [HEADER, ...seeded.map((it, i) => row(name(i % 3 === 0 ? other(it.category_id) : it.category_id), `Новое ${i}`, "2", it.item_id))];
    // The first item named again further down: its last row wins.
    rows.push(row(name(salads), "Новое 0 ещё раз", "3", seeded[0]!.item_id));
    // The second transaction fails: the first's changes stay, with their search rows; nothing of the others.
    const stop = failingTransaction(db().client, 2);
    try {
      expect((await apply(s, rows, 200)).status).toBeGreaterThanOrEqual(500);
    } finally {
      stop();
    }
    await expectCountsExact(keys);
    await expectIndexAsRebuilt(keys);
    // Applied again, it writes what is left.
    const { result, by } = await requestsOf(() => apply(s, rows, 200));
    expect(result).toMatchObject({ status: 200, body: { done: 121, total: 121 } });
    const after = new Map((await itemsOf(keys)).map((i) => [i.item_id, i]));
    for (const [i, it] of seeded.entries()) {
      const now = after.get(it.item_id)!;
      if (i === 0) {
        expect([now.title, now.portions[0]!.price, now.category_id]).toEqual(["Новое 0 ещё раз", "3", salads]);
        continue;
      }
      expect([now.title, now.portions[0]!.price, now.portions[0]!.id]).toEqual([`Новое ${i}`, "2", `p${i}`]);
      expect(now.category_id).toBe(i % 3 === 0 ? other(it.category_id) : it.category_id);
    }
    await expectCountsExact(keys);
    await expectIndexAsRebuilt(keys);
    expect(await found(keys, "новое 17")).toEqual(["Новое 17"]);
    expect(await found(keys, "старое")).toEqual([]);
    // The moved items at the end of their new category, in sheet order.
    const intoSoups = seeded.flatMap((it, i) => (i % 3 === 0 && it.category_id === salads ? [`Новое ${i}`] : []));
    expect(intoSoups.length).toBe(20);
    expect((await inOrder(keys, s.category_id)).map((i) => i.title).slice(-intoSoups.length)).toEqual(intoSoups);
    const intoSalads = seeded.flatMap((it, i) => (i % 3 === 0 && i > 0 && it.category_id !== salads ? [`Новое ${i}`] : []));
    expect((await inOrder(keys, salads)).map((i) => i.title).slice(-intoSalads.length - 1)).toEqual([...intoSalads, "Новое 0 ещё раз"]);
    // What was left (about 90 items, three writes each: the item, a row put, a row removed) in few transactions.
    expect(by.get("TransactWriteItemsCommand") ?? 0).toBeLessThanOrEqual(4);

    // A Chinese sheet: titles become hand-made translations, found by search.
    const zh = [ZH_HEADER, ...seeded.slice(1, 61).map((it, i) => ["厨房", name(after.get(it.item_id)!.category_id), `新菜${i + 1}`, "", "100 克", "2", "BYN", "", "", "是", it.item_id])];
    expect(await apply(s, zh, 200)).toMatchObject({ status: 200, body: { done: 60, total: 60 } });
    const translated = new Map((await itemsOf(keys)).map((i) => [i.item_id, i]));
    for (const [i, it] of seeded.slice(1, 61).entries()) {
      expect(translated.get(it.item_id)!.translations?.zh).toMatchObject({ title: `新菜${i + 1}`, manual: true });
      expect(translated.get(it.item_id)!.title).toBe(after.get(it.item_id)!.title);
    }
    await expectIndexAsRebuilt(keys);
    expect(await found(keys, "新菜")).toContain(after.get(seeded[1]!.item_id)!.title);
    await expectCountsExact(keys);
  });
});
