/** What the load benchmarks share: the runtime with its demo data, a staff sign-in, percentiles, the check mode. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyOfTemplate, startRuntime } from "../e2e/runtime";

export type Demo = { menu_urls: string[]; qr_links: string[]; logins: { role: string; email: string; password: string }[] };

/**
 * Check mode (`BENCH_CHECK=1`, or `--check` after the script's name): the script's own code paths on
 * a minimal size (a handful of requests, one run, a second or two of load), to show that it still
 * runs (e2e/scripts-smoke.test.ts starts every bench so). Its figures and goals are printed as usual,
 * but only a run that fails sets the exit code (figures of a minimal run on a busy machine prove
 * nothing), and external baselines that would have to be installed first (nginx, wrk) are skipped
 * when missing.
 */
export const CHECK = process.env.BENCH_CHECK === "1" || process.argv.slice(2).includes("--check");

/** `normal` in a real run, `check` in check mode. */
export const sized = <T>(normal: T, check: T): T => (CHECK ? check : normal);

/** Printed first in check mode, so that its figures are not taken for a benchmark's. */
if (CHECK) console.log("Check mode: a minimal run to show the script works; its figures are no benchmark.");

export type BenchRuntime = {
  baseUrl: string;
  dataDir: string;
  /** Whether the runtime was started here (false: BENCH_BASE_URL's, left running). */
  own: boolean;
  /** Stops a runtime started here; leaves BENCH_BASE_URL's running. */
  stop: () => Promise<void>;
  /** Stops a runtime started here and starts a new one on the same data folder (a fresh process and DynamoDB Local). */
  restart: () => Promise<BenchRuntime>;
};

/**
 * The local runtime with the demo data a bench runs against:
 *  - BENCH_BASE_URL and BENCH_DATA_DIR: one already running (its data folder), left running at the
 *    end (`env` is then that runtime's business);
 *  - else one started here with `env` on a copy of BENCH_TEMPLATE_DIR, a data folder seeded with the
 *    demo data and stopped (no minutes of seeding);
 *  - else one started here with `env` on a fresh data folder (the demo data loads first).
 */
export async function benchRuntime(name: string, env: Record<string, string> = {}): Promise<BenchRuntime> {
  const { BENCH_BASE_URL: baseUrl, BENCH_DATA_DIR: dataDir, BENCH_TEMPLATE_DIR: template } = process.env;
  if (baseUrl && dataDir) {
    console.log(`Using the running runtime at ${baseUrl} (data folder ${dataDir}).`);
    return { baseUrl, dataDir, own: false, stop: async () => {}, restart: () => Promise.reject(new Error("BENCH_BASE_URL's runtime is not restarted here")) };
  }
  const dir = template ? copyOfTemplate(template, `menu-${name}-`) : mkdtempSync(join(tmpdir(), `menu-${name}-`));
  console.log(template ? `Starting the local runtime on a copy of the demo data (${template})…` : "Starting the local runtime with the demo data (it loads first: minutes on a busy machine)…");
  const start = async (): Promise<BenchRuntime> => {
    const runtime = await startRuntime(dir, env);
    const stop = async () => {
      const code = await runtime.stop();
      if (code !== 0 && code !== null) console.log(`The runtime stopped with ${code}`);
    };
    return { baseUrl: runtime.baseUrl, dataDir: dir, own: true, stop, restart: async () => (await stop(), start()) };
  };
  return start();
}

/** The demo's addresses and logins, as the runtime wrote them (demo.json of its data folder). */
export const demoOf = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;

/** Starts (or takes, see benchRuntime) the local runtime with the demo data, runs `bench`, stops it. */
export async function withDemoRuntime(name: string, bench: (base: string, demo: Demo) => Promise<void>) {
  const runtime = await benchRuntime(name);
  try {
    await bench(runtime.baseUrl, demoOf(runtime.dataDir));
  } finally {
    await runtime.stop();
  }
}

/** The exit code of a bench's goals: 1 when one is missed; 0 in check mode (only a run that fails is a failed check). */
export const goalsExitCode = (goals: readonly (readonly [string, boolean])[]) => (CHECK || goals.every(([, met]) => met) ? 0 : 1);

/** The q-quantile (0…1) of sorted values, NaN when there are none. */
export const percentile = (sorted: readonly number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);

/** Signs a demo user in the way the SPA does (CSRF token, form post) and answers the cookie header. */
export async function signIn(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}`);
  keep(res);
  return cookie();
}

/** `clients` callers of `call`, each calling again once answered, until `running()` turns false. */
export async function closedLoop(clients: number, running: () => boolean, call: () => Promise<boolean>) {
  const latencies: number[] = [];
  let failed = 0;
  const client = async () => {
    while (running()) {
      const started = performance.now();
      const ok = await call().catch(() => false);
      if (ok) latencies.push(performance.now() - started);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { sorted: latencies.sort((a, b) => a - b), failed };
}

/** DynamoDB Local's port, read off the command line of the process the runtime's pid file names. */
export function dynamoEndpoint(dataDir: string) {
  const pid = readFileSync(join(dataDir, "dynamodb", ".dynamodb.pid"), "utf8").trim();
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  const port = args[args.indexOf("-port") + 1];
  if (!port || !/^\d+$/.test(port)) throw new Error(`No -port in DynamoDB Local's command line: ${args.join(" ")}`);
  return `http://127.0.0.1:${port}`;
}
