/**
 * pnpm bench:load — guests under load while staff keep working. Starts the local runtime with the
 * demo data and runs autocannon against a table QR link (`/t/{key}`, redirects not followed), the
 * published menu page and its JSON, one after the other (each BENCH_SECONDS, default 10 s, with
 * BENCH_CONNECTIONS, default 200, at most 500; loopback only). Meanwhile a signed-in store manager
 * calls GET /api/me every 100 ms; the script prints per URL req/s, p50, p99 and errors (anything but
 * the expected status, connection errors, timeouts), and how many staff calls were answered and
 * their p99 during that run.
 *
 * Goals (printed, and the exit code): no errors anywhere, every staff call answered, and the QR
 * redirect at least half as fast as the menu JSON (a scan reads one published object, no database).
 *
 * Needs a built web app (the script is run after `pnpm --filter @menu/web build`) and Java.
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): 1 s per URL with 4
 * connections, goals printed only. BENCH_BASE_URL and BENCH_DATA_DIR name a running runtime to load
 * instead of starting one (the bench only reads, and signs the store manager in).
 */
import autocannon from "autocannon";
import { goalsExitCode, percentile, signIn, sized, withDemoRuntime } from "./bench-support";

const SECONDS = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? sized(10, 1)), 1), 60);
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? sized(200, 4)), 1), 500);
const STAFF_INTERVAL_MS = 100;

/** GET /api/me every 100 ms with the staff cookie, until stopped: how many were answered 200, and how fast. */
function staffProbe(base: string, cookie: string) {
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const fire = () => {
    sent++;
    const started = performance.now();
    const call = fetch(`${base}/api/me`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - started);
        else failed++;
      })
      .catch(() => void failed++)
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  };
  const timer = setInterval(fire, STAFF_INTERVAL_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
    const sorted = [...latencies].sort((a, b) => a - b);
    return { sent, answered: latencies.length, failed, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  };
}

await withDemoRuntime("bench-load", async (base, demo) => {
  const qrPath = new URL(demo.qr_links[0]!).pathname;
  const pagePath = new URL(demo.menu_urls[0]!).pathname;
  const [, company, store] = pagePath.split("/");
  const jsonPath = `/m/${company}/${store}/ru/index.json`;
  const redirect = await fetch(base + qrPath, { redirect: "manual" });
  console.log(`QR link ${qrPath} → ${redirect.status} ${redirect.headers.get("location")}`);
  const manager = demo.logins.find((l) => l.role === "store_manager")!;
  const cookie = await signIn(base, manager.email, manager.password);

  const targets = [
    { name: "QR redirect", path: qrPath, status: 302 },
    { name: "menu page", path: pagePath, status: 200 },
    { name: "menu JSON", path: jsonPath, status: 200 },
  ];
  // Warm the runtime's edge cache and the JIT.
  for (const t of targets) for (let i = 0; i < 20; i++) await (await fetch(base + t.path, { redirect: "manual", headers: { "accept-encoding": "gzip, br" } })).arrayBuffer();

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per URL, gzip/br accepted, redirects not followed, loopback;`);
  console.log(`a signed-in store manager calls GET /api/me every ${STAFF_INTERVAL_MS} ms meanwhile.\n`);
  console.log("  url                                   req/s   p50 ms   p99 ms   errors   staff answered   staff p99 ms");
  const rows: { name: string; rps: number; errors: number; staffMissed: number }[] = [];
  for (const t of targets) {
    const stopStaff = staffProbe(base, cookie);
    const result = await autocannon({
      url: base + t.path,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      // Load is generated in a worker thread, so the staff probe's timings are not this thread's backlog.
      workers: 1,
      headers: { "accept-encoding": "gzip, br" },
    });
    const staff = await stopStaff();
    const expected = result.statusCodeStats[String(t.status)]?.count ?? 0;
    const answered = Object.values(result.statusCodeStats).reduce((n, s) => n + s.count, 0);
    const errors = result.errors + result.timeouts + (answered - expected);
    const rps = result.requests.average;
    rows.push({ name: t.name, rps, errors, staffMissed: staff.sent - staff.answered });
    console.log(
      `  ${`${t.name} ${t.path}`.slice(0, 36).padEnd(36)} ${rps.toFixed(0).padStart(7)} ${result.latency.p50.toFixed(1).padStart(8)} ${result.latency.p99.toFixed(1).padStart(8)} ${String(errors).padStart(8)} ${`${staff.answered}/${staff.sent}`.padStart(16)} ${staff.p99.toFixed(1).padStart(14)}`,
    );
  }

  const qr = rows.find((r) => r.name === "QR redirect")!;
  const json = rows.find((r) => r.name === "menu JSON")!;
  const checks = [
    [`no errors (${rows.map((r) => `${r.name} ${r.errors}`).join(", ")})`, rows.every((r) => r.errors === 0)],
    [`every staff call answered (${rows.map((r) => r.staffMissed).join(", ")} missed)`, rows.every((r) => r.staffMissed === 0)],
    [`QR redirect ≥ 0.5× menu JSON req/s (${(qr.rps / json.rps).toFixed(2)}×)`, qr.rps >= json.rps / 2],
  ] as const;
  console.log("\nGoals:");
  for (const [what, ok] of checks) console.log(`  ${ok ? "✔" : "✘"} ${what}`);
  process.exitCode = goalsExitCode(checks);
});
