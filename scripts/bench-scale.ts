/**
 * pnpm bench:scale — does a store with 5,000 items cost the same per call as the demo store (issue
 * 31)? Starts the local runtime on a fresh data folder with the demo data, measures the demo store
 * (`center`) as seeded, then grows it through the API (spreadsheet imports in chunks, as the admin
 * page sends them) to 10× and 30× its size and measures again, median of BENCH_RUNS (default 9):
 * the editor's item page of the first category (a page of 50 when GET /api/items takes `limit`), a
 * search, the section's category list with counts, the overview analytics, the setup checklist,
 * saving an item (PUT, a new price) and the time until the published guest data shows that price
 * (read from the data folder's object store, following what the store's manifest names), and the
 * gzip size of the guest first view (the pre-rendered menu page). Nine items in ten land in the
 * first category of the first section (so its item page and the first view grow), the rest in new
 * categories of 50. The first 100 items after the baseline and the last 100 of the 5,000 are
 * created one by one through POST /api/items, and their time per item compared. The 30× data is
 * then measured once more in a restarted runtime (a fresh process and DynamoDB Local), and every
 * call's DynamoDB work (requests, records, ms waited) is printed beside its time.
 * Every measured call waits for the runtime's background jobs to end first (`/_local/idle`, which
 * the runtime answers with LOCAL_IDLE_ROUTE=1): on this one machine a publish or a translation would
 * share the CPU with the call, where in the cloud they run on Lambdas of their own.
 * Goals (printed; the exit code is 1 when one is missed): every ratio ≤ 1.3× at 10× and ≤ 1.5× at
 * 30×, the first view ≤ 14 KB gzip at every size, the last 100 creates ≤ 1.5× the first 100 per item.
 * Needs Java and a built web app (the publish job renders the guest pages with web/dist-ssr).
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): the same steps on a minimal
 * size: one run per call, one step ("30×": the store grown by 30 items, in sheets of 16 rows applied
 * in chunks of 5), 3 creates instead of 100; goals printed only. BENCH_BASE_URL and BENCH_DATA_DIR
 * name a running runtime (started with LOCAL_IDLE_ROUTE=1) instead of starting one: its demo store
 * grows, and there is no restarted column (that runtime is not this script's to restart).
 * BENCH_TEMPLATE_DIR, a data folder seeded with the demo data and stopped, is copied for a runtime of
 * its own instead of seeding one.
 */
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { WORDS } from "@menu/core/shared/menu-rows";
import { IMPORT_FILE_MAX } from "@menu/core/import/menu-import-limits";
import { SECTIONS } from "@menu/core";
import { benchRuntime, CHECK, demoOf, goalsExitCode, percentile, signIn, sized } from "./bench-support";
import { publishedData } from "./published-data";
import { printReport, type Sample, type Work } from "./scale-report";

const RUNS = Math.min(Math.max(Number(process.env.BENCH_RUNS ?? sized(9, 1)), 1), 51);
const ALL_SIZES = [{ label: "10×", factor: 10, goal: 1.3 }, { label: "30×", factor: 30, goal: 1.5 }] as const;
/** The sizes grown to and measured at (check mode: the last only). */
const SIZES = sized<readonly (typeof ALL_SIZES)[number][]>(ALL_SIZES, ALL_SIZES.slice(-1));
const TARGET = { 10: 1650, 30: 5000 } as const;
/** Check mode: the baseline's items plus these, instead of TARGET. */
const CHECK_GROWTH = { 10: 15, 30: 30 } as const;
const CREATES = sized(100, 3);
const FIRST_VIEW_MAX = 14_000; // TCP's first window (bench:guest's rule)
const PAGE = 50;
const APPLY_CHUNK = sized(250, 5);
const SHEET_ROWS = sized(1500, 16);
/** How long the published guest data must stay unchanged to count as settled. */
const SETTLED_MS = sized(3000, 1000);

type Category = { id: string; name: string; parent_id: string; visible: boolean; content_count: number };
type Item = { id: string; title: string; description: string; photo?: string; visible: boolean; allergens: string[]; tags: string[]; portions: { id: string; weight: string; unit: string; price: string; currency: string }[] };
/** Reads no store data, only other partitions: how much slower a call got at this size for reasons outside the store's (a bigger DynamoDB Local file, a busier machine). */
const FIXED = "fixed cost: GET /api/me";

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);
const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const started = performance.now();
let runtime = await benchRuntime("bench-scale", { LOCAL_IDLE_ROUTE: "1" });
const { dataDir } = runtime;
let failed = false;
try {
  let base = runtime.baseUrl;
  const demo = demoOf(dataDir);
  const pagePath = new URL(demo.menu_urls.find((u) => u.includes("/center/")) ?? demo.menu_urls[0]!).pathname;
  const [, company, store] = pagePath.split("/");
  const owner = demo.logins.find((l) => l.role === "company_manager")!;
  const cookie = await signIn(base, owner.email, owner.password);
  const { csrfToken } = (await (await fetch(`${base}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string };
  const headers = { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" };
  /** One API call, timed to its last byte; throws on an error answer. Node's http: fetch gives up on an answer after 300 s (slow imports today). */
  const call = <T>(method: string, path: string, body?: unknown) =>
    new Promise<{ ms: number; body: T }>((ok, fail) => {
      const t0 = performance.now();
      const req = request(base + path, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d)).on("error", fail);
        res.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          if (res.statusCode! >= 400) return fail(new Error(`${method} ${path.slice(0, 80)}: ${res.statusCode} ${text.slice(0, 300)}`));
          ok({ ms: performance.now() - t0, body: (text ? JSON.parse(text) : undefined) as T });
        });
      });
      req.on("error", fail).end(body === undefined ? undefined : JSON.stringify(body));
    });
  const { store_id } = (await call<{ store_id: string }>("GET", `/api/cs-object?companyKey=${company}&storeKey=${store}&scope=owned`)).body;

  // The first visible category of the first section that has one, and its path as the import names it.
  const itemSections = SECTIONS.filter((s) => s !== "promotions");
  const categoriesOf = async (section: string) => (await call<Category[]>("GET", `/api/categories?storeId=${store_id}&section=${section}`)).body;
  let section = "";
  let cats: Category[] = [];
  for (const s of itemSections) if (!section && (cats = await categoriesOf(s)).some((c) => c.visible)) section = s;
  const leaf = (c: Category) => !cats.some((d) => d.parent_id === c.id);
  const first = cats.find((c) => c.visible && leaf(c))!;
  const pathOf = (c: Category): string[] => [...(c.parent_id ? pathOf(cats.find((p) => p.id === c.parent_id)!) : []), c.name];
  const firstPath = pathOf(first).join(" / ");
  /** Items of the store: the leaf categories' counts in every item section. */
  /** Until the runtime's background jobs (publish, translation) are done: each call is measured alone, as on separate Lambdas in the cloud. */
  const idle = async () => {
    const answer = await fetch(`${base}/_local/idle`);
    if (answer.status !== 204) throw new Error(`/_local/idle answered ${answer.status} (a runtime started with LOCAL_IDLE_ROUTE=1 answers it)`);
  };
  /** The DynamoDB requests and records the runtime has sent and read since it started (`/_local/db`). */
  const dbWork = async () => (await (await fetch(`${base}/_local/db`)).json()) as Work & { heap_mb: number };
  /** The DynamoDB work of `run` and the background jobs it starts. */
  const workOf = async (run: () => Promise<unknown>): Promise<Work> => {
    await idle();
    const before = await dbWork();
    await run();
    await idle();
    const after = await dbWork();
    return { requests: after.requests - before.requests, records: after.records - before.records, ms: after.ms - before.ms };
  };
  const countItems = async () => {
    let n = 0;
    for (const s of itemSections) {
      const list = await categoriesOf(s);
      n += list.filter((c) => !list.some((d) => d.parent_id === c.id)).reduce((sum, c) => sum + c.content_count, 0);
    }
    return n;
  };

  // The editor's item page: a page of 50 when the route takes `limit` (issue 31, point 1), else the whole category.
  const doc = (await call<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>("GET", "/api/openapi.json")).body;
  const listParams = Object.entries(doc.paths).find(([p]) => /\/items$/.test(p))?.[1].get?.parameters?.map((p) => p.name) ?? [];
  const paged = listParams.includes("limit");
  const itemsPath = `/api/items?storeId=${store_id}&categoryId=${first.id}${paged ? `&limit=${PAGE}` : ""}`;
  // Today an array; a page may come as an object around its array (items and a cursor).
  const itemsIn = (body: unknown) => (Array.isArray(body) ? body : (Object.values(body as object).find(Array.isArray) ?? [])) as Item[];
  const saved = itemsIn((await call("GET", itemsPath)).body)[0]!;
  const [full] = (await call<Item[]>("POST", "/api/products/several-get", { ids: [saved.id] })).body;
  const q = /[\p{L}]{4,}/u.exec(full!.title)?.[0]?.slice(0, 4).toLowerCase() ?? full!.title.slice(0, 3);

  const { guestData, shows, publishedItem } = publishedData(dataDir, company!, store!);
  /** Until the guest data shows the item titled `marker` and the manifest has not changed for 3 s (no publish left to run). */
  const settle = async (marker: string) => {
    const deadline = performance.now() + 600_000;
    while (!(await shows((i) => i.title === marker))) {
      if (performance.now() > deadline) throw new Error(`The guest data never showed ${marker}`);
      await pause(200);
    }
    for (let last = (await guestData()).version, since = performance.now(); performance.now() - since < SETTLED_MS; await pause(250)) {
      const now = (await guestData()).version;
      if (now !== last) [last, since] = [now, performance.now()];
    }
  };

  let serial = 0;
  const title = (n: number) => `Bench ${String(n).padStart(5, "0")}`;
  /** Imports `rows` new items: nine in ten into the first category, the rest into new categories of 50. */
  const grow = async (rows: number) => {
    const w = WORDS.ru;
    const cell = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) {
      const n = ++serial;
      const category = i % 10 === 9 ? `${w.sections[section]} bench ${Math.floor(n / 500)}` : firstPath;
      lines.push([w.sections[section]!, category, title(n), "Описание позиции", `${100 + (n % 400)} г`, `${5 + (n % 90)}.50`, "BYN", "", "", w.yes, ""].map(cell).join(","));
    }
    for (let at = 0; at < lines.length; at += SHEET_ROWS) {
      const csv = Buffer.from([w.columns.map(cell).join(","), ...lines.slice(at, at + SHEET_ROWS)].join("\r\n"));
      if (csv.length > IMPORT_FILE_MAX) throw new Error(`A sheet of ${SHEET_ROWS} rows is ${csv.length} bytes, over the import's ${IMPORT_FILE_MAX}`);
      const file = { store_id, file_name: `bench-${at}.csv`, content: csv.toString("base64") };
      const t0 = performance.now();
      for (let from = 0, total = 1; from < total; ) ({ done: from, total } = (await call<{ done: number; total: number }>("POST", "/api/menu-import/apply", { ...file, from, count: APPLY_CHUNK })).body);
      console.log(`    imported ${Math.min(SHEET_ROWS, lines.length - at)} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  };
  /** Creates `n` items one after the other at the end of the first category; answers the time per item. */
  const createOne = () =>
    call("POST", "/api/items", { store_id, category_id: first.id, title: title(++serial), description: "", portions: [{ weight: "250", unit: "g", price: "7.50", currency: "BYN" }] });
  const create = async (n: number) => {
    let ms = 0;
    for (let i = 0; i < n; i++) {
      await idle();
      ms += (await createOne()).ms;
    }
    return ms / n;
  };

  let price = 1000;
  /** The measured item as the editor saves it, with a new first price. */
  const saveBody = (newPrice: string) => ({
    store_id,
    title: full!.title,
    description: full!.description,
    ...(full!.photo ? { photo: full!.photo } : {}),
    visible: full!.visible,
    allergens: full!.allergens,
    tags: full!.tags,
    portions: full!.portions.map(({ id, weight, unit, price: p, currency }, k) => ({ id, weight, unit, currency, price: k ? p : newPrice })),
  });
  /** Every call RUNS times (after one unmeasured call each); saving also waits for the guest data to show the new price. */
  const sample = async (): Promise<Sample> => {
    const items = await countItems();
    const reads: [string, string][] = [
      [FIXED, "/api/me"],
      [`item page (${paged ? `${PAGE} items` : "whole category"})`, itemsPath],
      [`search "${q}"`, `/api/items/search?storeId=${store_id}&q=${encodeURIComponent(q)}`],
      ["category list", `/api/categories?storeId=${store_id}&section=${section}`],
      ["overview analytics", `/api/analytics?storeId=${store_id}&period=30`],
      ["setup checklist", `/api/setup-checklist?storeId=${store_id}`],
    ];
    const calls = new Map<string, number>();
    const work = new Map<string, Work>();
    await idle();
    for (const [label, path] of reads) {
      await call("GET", path);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await call("GET", path)).ms);
      calls.set(label, median(times));
      work.set(label, await workOf(() => call("GET", path)));
    }
    const saves: number[] = [];
    const reached: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const newPrice = `${++price}.37`;
      await idle();
      const t0 = performance.now();
      const { ms } = await call("PUT", `/api/items/${full!.id}`, saveBody(newPrice));
      while ((await publishedItem(full!.id))?.portions?.[0]?.price !== newPrice) {
        if (performance.now() - t0 > 300_000) throw new Error("The new price never reached the guest data");
        await pause(20);
      }
      if (i === 0) continue; // the first save warms the publish path
      saves.push(ms);
      reached.push(performance.now() - t0);
    }
    calls.set("saving an item (PUT)", median(saves));
    calls.set("save → guest data", median(reached));
    work.set("saving an item (PUT), with its jobs", await workOf(() => call("PUT", `/api/items/${full!.id}`, saveBody(`${++price}.37`))));
    work.set("creating an item (POST), with its jobs", await workOf(() => createOne()));
    await settle(full!.title);
    const html = Buffer.from(await (await fetch(base + pagePath)).arrayBuffer());
    const firstView = gzipSync(html, { level: 9 }).length;
    // Printed as soon as measured: a long run that is stopped still leaves its figures.
    const heapMb = (await dbWork()).heap_mb;
    console.log(`    ${[...calls].map(([label, v]) => `${label} ${v.toFixed(1)} ms`).join("; ")}; first view ${(firstView / 1024).toFixed(1)} KB gzip; runtime heap ${heapMb} MB`);
    console.log(`    DynamoDB requests / records / ms: ${[...work].map(([label, { requests, records, ms: wait }]) => `${label} ${requests} / ${records} / ${wait.toFixed(0)}`).join("; ")}`);
    return { calls, work, firstView, items, heapMb };
  };

  console.log(`Store ${company}/${store}: first category "${firstPath}" (${section}); item page ${paged ? `paged by ${PAGE}` : "unpaged (no limit parameter)"}; median of ${RUNS}.`);
  const baseline = await sample();
  console.log(`  baseline measured: ${baseline.items} items (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  const firstCreates = await create(CREATES);
  console.log(`  first ${CREATES} creates: ${firstCreates.toFixed(1)} ms per item`);
  const samples: Sample[] = [];
  let lastCreates = NaN;
  for (const size of SIZES) {
    const target = CHECK ? baseline.items + CHECK_GROWTH[size.factor] : TARGET[size.factor];
    const have = await countItems();
    await grow(target - have - (size.factor === 30 ? CREATES : 0));
    const t0 = performance.now();
    await idle();
    console.log(`    background work (translation, publish) done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    if (size.factor === 30) console.log(`  last ${CREATES} creates: ${(lastCreates = await create(CREATES)).toFixed(1)} ms per item`);
    await settle(title(serial));
    samples.push(await sample());
    const inFirst = (await categoriesOf(section)).find((c) => c.id === first.id)!.content_count;
    console.log(`  ${size.label} measured: ${samples.at(-1)!.items} items, ${inFirst} in "${firstPath}" (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }

  // The 30× data again in a new runtime process (and DynamoDB Local): tells the data's size from the
  // processes' state after hours of growth (heap, JIT, caches) as the cause of what grew. Not a
  // running runtime of others (BENCH_BASE_URL): it is not restarted here.
  const columns: { label: string; s: Sample; goal?: number }[] = samples.map((s, i) => ({ label: `@${SIZES[i]!.label} ${s.items}`, s, goal: SIZES[i]!.goal }));
  if (runtime.own) {
    runtime = await runtime.restart();
    base = runtime.baseUrl;
    columns.push({ label: "@30× restarted", s: await sample() });
    console.log(`  30× measured again after a restart (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  } else console.log("  no restart: BENCH_BASE_URL's runtime is not this script's to restart");

  const goals = printReport({ baseline, columns, sizes: SIZES, firstCreates, lastCreates, creates: CREATES, firstViewMax: FIRST_VIEW_MAX, fixed: FIXED });
  console.log(`Run took ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
  failed = goalsExitCode(goals) !== 0;
} finally {
  await runtime.stop();
}
process.exitCode = failed ? 1 : 0;
