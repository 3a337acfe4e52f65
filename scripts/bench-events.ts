/**
 * pnpm bench:events — guest analytics under load (issue 13). Starts the local runtime with the demo
 * data; BENCH_CONNECTIONS guests (default 500) send event batches to POST /api/events for
 * BENCH_SECONDS (default 60), each batch one of every kind the guest page sends (menu
 * view, QR scan, item opened, cart add, search without result), each batch from a guest of its own
 * (a fresh guest id: views, scans and openings count once per guest and half hour). Afterwards a
 * signed-in store manager reads the overview's totals: each must have grown by exactly the batches
 * accepted. All guests share loopback, so the per-address limits (event-limit.ts) refuse most of a
 * full run's batches with 429, counted as errors.
 *
 * Prints events accepted, the totals counted (goal: equal), errors (goal: 0) and the p50/p99 of the
 * event call; the exit code is 1 when a goal is missed. Loopback only; needs Java (DynamoDB Local).
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): 2 guests for 1 s and at most
 * 20 batches in all (under the per-address limit of issue 30), goals printed only. BENCH_BASE_URL
 * and BENCH_DATA_DIR name a running runtime instead of starting one: its demo store's analytics grow
 * (give it a copy of the demo data, not one other tests read).
 */
import { randomUUID } from "node:crypto";
import { goalsExitCode, percentile, signIn, sized, withDemoRuntime } from "./bench-support";

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? sized(60, 1)), 1), 120);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? sized(500, 2)), 1), 1000);

/** Batches sent in all, at most (a check sends a handful). */
const MAX_BATCHES = sized(Infinity, 20);

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

type Totals = Record<"views" | "scans" | "item_opens" | "cart_adds" | "search_misses", { value: number }>;

await withDemoRuntime("bench-events", async (base, demo) => {
  const [, company, store] = new URL(demo.menu_urls[0]!).pathname.split("/");
  // The guest menu's index (format 2) names every item in brief.
  const menu = (await (await fetch(`${base}/m/${company}/${store}/ru/index.json`)).json()) as { store: { id: string }; categories: { items: { id: string }[] }[] };
  const storeId = menu.store.id;
  const itemId = menu.categories.flatMap((c) => c.items)[0]!.id;
  const manager = demo.logins.find((l) => l.role === "store_manager")!;
  const cookie = await signIn(base, manager.email, manager.password);
  const totals = async () => {
    const res = await fetch(`${base}/api/analytics?storeId=${storeId}&period=7`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET /api/analytics answered ${res.status}`);
    return ((await res.json()) as { totals: Totals }).totals;
  };
  const before = await totals();

  // One batch = one event of each kind the totals count, as the guest page sends them (a Blob of JSON, no cookie).
  const batch = (device: string) => ({
    store_id: storeId,
    device,
    events: [
      { type: "menu_view", language: "ru" },
      { type: "qr_scan", table: 1 },
      { type: "item_open", item_id: itemId },
      { type: "cart_add", item_id: itemId },
      { type: "search_miss", term: "жираф" },
    ],
  });
  const EVENTS = batch("").events.length;
  console.log(`\n${CONNECTIONS} guests, ${SECONDS} s, POST /api/events with ${EVENTS} events per batch, loopback.`);
  const latencies: number[] = [];
  let accepted = 0;
  let errors = 0;
  let sent = 0;
  // Each guest sends its next batch when the last one is answered (a closed loop), so when the time is
  // up every batch sent has its answer and "accepted" is exact (autocannon drops the calls in flight).
  const deadline = performance.now() + SECONDS * 1000;
  const guest = async () => {
    while (performance.now() < deadline && sent++ < MAX_BATCHES) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/events`, {
          method: "POST",
          // A phone's browser: requests without a browser's User-Agent are bots and counted nowhere.
          headers: { "content-type": "application/json", "user-agent": PHONE },
          body: JSON.stringify(batch(`bench-guest-${randomUUID()}`)),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status === 204) {
          accepted++;
          latencies.push(performance.now() - started);
        } else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, guest));
  latencies.sort((a, b) => a - b);
  const after = await totals();

  console.log(`\n  batches accepted     ${accepted} (${(accepted * EVENTS).toLocaleString("en")} events, ${(accepted / SECONDS).toFixed(0)} batches/s)`);
  console.log(`  errors               ${errors}`);
  console.log(`  event call latency   p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`);
  console.log("  counted afterwards (growth of the overview's 7-day totals):");
  const counted = (Object.keys(before) as (keyof Totals)[]).map((k) => ({ k, grew: after[k].value - before[k].value }));
  for (const { k, grew } of counted) console.log(`    ${k.padEnd(14)} ${String(grew).padStart(9)}`);

  const checks = [
    [`every total grew by the batches accepted (${accepted})`, counted.every((c) => c.grew === accepted)],
    [`no errors (${errors})`, errors === 0],
  ] as const;
  console.log("\nGoals:");
  for (const [what, ok] of checks) console.log(`  ${ok ? "✔" : "✘"} ${what}`);
  process.exitCode = goalsExitCode(checks);
});
