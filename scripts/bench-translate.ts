/**
 * pnpm bench:translate — the whole demo store (~165 items, its categories and promotions) translated
 * from Russian into en, zh, ar, tr and fr through the real job path (rows, queue, worker, adapter)
 * against a fake engine that answers after 100 ms per call, as LibreTranslate (a batch per call) and
 * as Amazon Translate (one text per call). Prints wall time, engine calls and characters, and the
 * baseline of one call per text in a row. Loopback only.
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): into English only, engines
 * answering after 10 ms, the hand-written translations dropped of 10 items, 3 categories and a
 * promotion only (the rest keep theirs). Starts its own DynamoDB Local (no runtime).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configureDb, Db, ensureTable, setPorts } from "@menu/core";
import { amazonTranslate } from "@menu/core/adapters/amazon-translate";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { libreTranslate } from "@menu/core/adapters/libretranslate";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { companyIdByUrlKey } from "@menu/core/company/company";
import { resolveCsObject } from "@menu/core/store/store";
import { resilient, type TranslationEngine } from "@menu/core/ports/translator";
import { MENU_LANGUAGES } from "@menu/core/shared/model";
import { requestStoreTranslation } from "@menu/core/translation/sweep";
import { translateQueueJob } from "@menu/core/translation/facts-refresh";
import { registerTranslatableContents } from "@menu/core/translatable-contents";
import { seedDemo } from "../packages/local/src/demo/seed";
import { startDynamo } from "../packages/local/src/dynamo";
import { startFakeAmazonTranslate, startFakeLibreTranslate, type FakeTranslateServer } from "../packages/core/test/support/fake-translate-servers";
import { sized } from "./bench-support";

const DELAY_MS = Number(process.env.BENCH_ENGINE_DELAY_MS ?? sized(100, 10));
/** Contents of each kind whose translations are dropped (check mode: a few). */
const DROPPED = sized({ items: Infinity, categories: Infinity, promotions: Infinity }, { items: 10, categories: 3, promotions: 1 });
/** The store's menu languages (Russian first, its default): every other one is translated. */
const LANGUAGES = sized<(typeof MENU_LANGUAGES)[number][]>([...MENU_LANGUAGES], ["ru", "en"]);
/** Requests in flight, as the runtimes configure it (TRANSLATE_CONCURRENCY), and queue consumers. */
const CONCURRENCY = Number(process.env.TRANSLATE_CONCURRENCY ?? 8);
const CONSUMERS = 4;

/** The object stores' folders (published menus nobody reads afterwards), removed at the end. */
const folders: string[] = [];
const objectFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), "menu-bench-translate-"));
  folders.push(dir);
  return dir;
};

const dynamo = await startDynamo();
try {
  const { client, table } = configureDb({ table: "bench", endpoint: dynamo.endpoint });
  // What is translatable, as every entry point composes it (the local runtime, the Lambdas).
  registerTranslatableContents();
  await ensureTable(client, table);
  setPorts({ objects: fsObjectStore(objectFolder()), queue: memoryQueue({}), mailer: { send: async () => {} } });
  console.log("Seeding the demo data…");
  await seedDemo();
  if (!(await companyIdByUrlKey("demo"))) throw new Error("no demo company");
  const keys = await resolveCsObject({ companyKey: "demo", storeKey: "park" });
  const store = { company_id: keys.company_id, store_id: keys.store_id };

  /** The demo's hand-written translations are dropped (of DROPPED's number of each kind), so all of them goes to the engine. */
  async function untranslated() {
    const e = Db().entities;
    await e.store.patch(store).set({ languages: LANGUAGES }).go();
    const [items, categories, promotions, jobs] = await Promise.all([
      e.item.query.byStore(store).go({ pages: "all" }),
      e.category.query.byStore(store).go({ pages: "all" }),
      e.promotion.query.byStore(store).go({ pages: "all" }),
      e.translation.query.byStore(store).go({ pages: "all" }),
    ]);
    const dropped = { items: items.data.slice(0, DROPPED.items), categories: categories.data.slice(0, DROPPED.categories), promotions: promotions.data.slice(0, DROPPED.promotions) };
    await Promise.all([
      ...dropped.items.map((r) => e.item.patch({ ...store, item_id: r.item_id }).set({ translations: {} }).go()),
      ...dropped.categories.map((r) => e.category.patch({ ...store, category_id: r.category_id }).set({ translations: {} }).go()),
      ...dropped.promotions.map((r) => e.promotion.patch({ ...store, promotion_id: r.promotion_id }).set({ translations: {} }).go()),
    ]);
    if (jobs.data.length) await e.translation.delete(jobs.data).go();
    return { items: dropped.items.length, categories: dropped.categories.length, promotions: dropped.promotions.length };
  }

  async function run(name: string, fake: FakeTranslateServer<unknown>, engine: TranslationEngine) {
    const counts = await untranslated();
    const queue = memoryQueue({ translate: translateQueueJob }, { concurrency: { translate: CONSUMERS } });
    setPorts({ objects: fsObjectStore(objectFolder()), queue, mailer: { send: async () => {} }, translator: resilient(engine, { concurrency: CONCURRENCY }) });
    fake.reset();
    const started = performance.now();
    // A store-wide sweep (the worker queues the stale contents page by page), as "translate everything missing" sends it.
    await requestStoreTranslation(store);
    await queue.idle();
    const seconds = (performance.now() - started) / 1000;
    const { data: jobs } = await Db().entities.translation.query.byStore(store).go({ pages: "all" });
    const count = (...statuses: string[]) => jobs.filter((j) => statuses.includes(j.status)).length;
    const texts = fake.requests.reduce((n, r) => n + (Array.isArray((r.body as { q?: unknown })?.q) ? ((r.body as { q: unknown[] }).q.length) : 1), 0);
    return {
      engine: name,
      contents: `${counts.items} items, ${counts.categories} categories, ${counts.promotions} promotions (${jobs.length} jobs)`,
      "wall s": seconds.toFixed(1),
      "engine calls": fake.calls,
      texts,
      characters: fake.chars,
      "max in flight": fake.maxInFlight,
      jobs: `${count("completed")} completed, ${count("error")} error, ${count("queued", "in_progress")} open`,
      "baseline: one call per text in a row, s": ((texts * DELAY_MS) / 1000).toFixed(0),
    };
  }

  const libre = await startFakeLibreTranslate({ delayMs: DELAY_MS });
  const amazon = await startFakeAmazonTranslate({ delayMs: DELAY_MS });
  try {
    console.log(`Into ${LANGUAGES.slice(1).join(", ")}. Fake engines answer after ${DELAY_MS} ms per call; ${CONCURRENCY} requests in flight at most, ${CONSUMERS} queue consumers.`);
    const rows = [
      await run("libretranslate", libre as FakeTranslateServer<unknown>, libreTranslate({ url: libre.url })),
      await run("amazon", amazon as FakeTranslateServer<unknown>, amazonTranslate({ endpoint: amazon.url, region: "eu-central-1", credentials: { accessKeyId: "bench", secretAccessKey: "bench" } })),
    ];
    console.table(rows);
  } finally {
    await libre.close();
    await amazon.close();
  }
} finally {
  await dynamo.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
