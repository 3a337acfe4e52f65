/**
 * Every script on main runs (issue point 7): each `bench:*` script of package.json is started in its
 * check mode (BENCH_CHECK=1, scripts/bench-support.ts: its own code on a minimal size, seconds not
 * minutes) and must end with 0 and print its figures' headline; `./menu` prints its usage without a
 * command, and `./menu start --check` / `./menu test --check` check what they need and name what
 * they would run. So a refactor that breaks a script fails here, not in the next person's hands.
 *
 * No runtime per script: the benches that only read use this worker's shared runtime
 * (worker-runtime.ts; BENCH_BASE_URL and BENCH_DATA_DIR); those that write to the demo data
 * (analytics, items, a new company, the event limiter's allowance) share one runtime of this file,
 * started on a copy of the run's seeded template while the benches without a runtime run.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startFakeLibreTranslate } from "../packages/core/test/support/fake-translate-servers";
import { copyOfTemplate, startRuntime, type Runtime } from "./runtime";
import { workerRuntime } from "./worker-runtime";

const root = resolve(import.meta.dirname, "..");
/** A script is given up on (its process group killed) once it has neither printed nor used CPU for this long. */
const STALL_MS = 180_000;
/** vitest's limit per script: only a backstop behind the stall check. */
const SCRIPT_MS = 900_000;

/** CPU ticks (user + system, with ended children's) of every process in a process group, from /proc. */
function groupTicks(pgid: number) {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      // After the command: state, ppid, pgrp (index 2), …, utime, stime, cutime, cstime (indexes 11-14).
      if (Number(fields[2]) === pgid) ticks += fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}

/**
 * Runs a command in a process group of its own until it ends; kills the group when it stalls (no
 * output and no CPU used for STALL_MS). Answers the exit code and the output (stdout and stderr).
 */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  // As from a shell: none of this vitest worker's own variables.
  const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
  const child = spawn(command, args, { cwd: root, env: { ...shell, NODE_NO_WARNINGS: "1", ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  let last = "";
  let movedAt = Date.now();
  const watch = setInterval(() => {
    const now = `${output.length}/${groupTicks(child.pid!)}`;
    if (now !== last) [last, movedAt] = [now, Date.now()];
    else if (Date.now() - movedAt > STALL_MS) {
      output += `\n[scripts-smoke: nothing moved for ${STALL_MS / 1000} s, the process group is killed]`;
      process.kill(-child.pid!, "SIGKILL");
    }
  }, 1000);
  return new Promise((ok) =>
    child.once("close", (code) => {
      clearInterval(watch);
      // Whatever the script left running in its group (a runtime it did not stop when it failed).
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // none left
      }
      ok({ code, output, seconds: (performance.now() - started) / 1000 });
    }),
  );
}

/** The bench scripts of package.json: name → the file its command runs with tsx (after the SPA build some of them start with; web/dist is built for the run). */
const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>;
const benches = Object.entries(scripts)
  .filter(([name]) => name.startsWith("bench:"))
  .map(([name, command]) => ({ name, file: /(?:^|&&\s*)tsx\s+(\S+\.ts)\s*$/.exec(command)?.[1] }));

type Where = "worker's runtime" | "this file's runtime" | "none";
/**
 * Each bench, in the order run: which runtime it gets and the headlines its figures print under.
 * bench:abuse comes last of those on this file's runtime: its flood uses up the loopback address's
 * event allowance there for a minute.
 */
const CHECKS: { name: string; where: Where; headline: RegExp[] }[] = [
  { name: "bench:lambda", where: "none", headline: [/cold import \(median\)/] },
  { name: "bench:translate", where: "none", headline: [/engine calls/, /libretranslate/, /amazon/] },
  { name: "bench:menu-reading", where: "none", headline: [/prices right/, /Goals:/] },
  { name: "bench:guest", where: "worker's runtime", headline: [/Guest route JS: \d+ modules/, /The first touch right after the load/, /Targets:/] },
  { name: "bench:load", where: "worker's runtime", headline: [/req\/s +p50 ms +p99 ms/, /QR redirect/, /Goals:/] },
  { name: "bench:events", where: "this file's runtime", headline: [/batches accepted +[1-9]/, /counted afterwards/, /Goals:/] },
  { name: "bench:import", where: "this file's runtime", headline: [/Own export .*items unchanged/, /Total, file to guest menu/] },
  { name: "bench:scale", where: "this file's runtime", headline: [/baseline measured: \d+ items/, /30× measured: \d+ items/, /Goals: ratios/] },
  { name: "bench:onboarding", where: "this file's runtime", headline: [/\| Step +\|/, /Goal: ≤ \d+ actions/] },
  { name: "bench:abuse", where: "this file's runtime", headline: [/Results of run 1 of 1/, /menu JSON +quiet p50/, /median [0-9.]+×/, /goal (met|missed): no junk rows/, /owner.s sign-in \(known device\) quiet/] },
];

describe("every script on main runs", () => {
  let engine: Awaited<ReturnType<typeof startFakeLibreTranslate>> | undefined;
  let scratch: Runtime | undefined;
  /**
   * This file's runtime on a copy of the template, for the benches that write: with a fake engine
   * of its own that answers at once, the bench routes bench:scale waits on (LOCAL_IDLE_ROUTE), and
   * no debounce in them (LOCAL_QUEUE_DELAYS=0: each write's 5 s facts refresh made bench:scale's
   * check 80 s).
   */
  let scratchReady: Promise<Runtime> | undefined;
  beforeAll(() => {
    scratchReady = (async () => {
      engine = await startFakeLibreTranslate({ delayMs: 50 });
      scratch = await startRuntime(copyOfTemplate(inject("templateDir"), "menu-scripts-smoke-"), { LIBRETRANSLATE_URL: engine.url, LOCAL_IDLE_ROUTE: "1", LOCAL_QUEUE_DELAYS: "0" });
      return scratch;
    })();
    scratchReady.catch(() => {}); // reported by the first test that waits for it
  });
  afterAll(async () => {
    await scratchReady?.catch(() => {});
    await scratch?.stop();
    if (scratch) rmSync(scratch.dataDir, { recursive: true, force: true });
    await engine?.close();
  }, SCRIPT_MS);

  it("has a check here for each bench:* script of package.json, each naming its file", () => {
    expect(benches.map((b) => b.name).sort()).toEqual(CHECKS.map((c) => c.name).sort());
    for (const b of benches) expect(b.file, `${b.name}: ${scripts[b.name]}`).toMatch(/^scripts\/bench-[\w-]+\.ts$/);
  });

  for (const check of CHECKS) {
    it(`${check.name} runs in its check mode`, async () => {
      const file = benches.find((b) => b.name === check.name)?.file;
      expect(file, `package.json has no ${check.name} running a file with tsx`).toBeDefined();
      const env: Record<string, string> = { BENCH_CHECK: "1" };
      if (check.where === "worker's runtime") Object.assign(env, { BENCH_BASE_URL: workerRuntime().baseUrl, BENCH_DATA_DIR: workerRuntime().dataDir });
      if (check.where === "this file's runtime") {
        const runtime = await scratchReady!;
        Object.assign(env, { BENCH_BASE_URL: runtime.baseUrl, BENCH_DATA_DIR: runtime.dataDir, BENCH_BROWSER_WS: inject("browserWsEndpoint") });
      }
      const { code, output, seconds } = await run(process.execPath, ["--import", "tsx", file!], env);
      console.log(`${check.name} (check mode): ${seconds.toFixed(1)} s`);
      expect(code, output).toBe(0);
      expect(output).toMatch(/^Check mode/m);
      for (const headline of check.headline) expect(output, output).toMatch(headline);
    }, SCRIPT_MS);
  }
});

describe("./menu", () => {
  const menu = (...args: string[]) => {
    const result = spawnSync("./menu", args, { cwd: root, encoding: "utf8", timeout: 60_000 });
    return { code: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it("prints its usage and exits 2 without a command", () => {
    const { code, output } = menu();
    expect(code, output).toBe(2);
    expect(output).toMatch(/usage: \.\/menu start \| \.\/menu test/);
  });

  it("start --check: checks what it needs and names what it would run, running nothing", () => {
    const { code, output } = menu("start", "--check");
    expect(code, output).toBe(0);
    expect(output).toMatch(/menu: node: v\d+/);
    expect(output).toMatch(/menu: java: \d+/);
    expect(output).toMatch(/would run: pnpm install --frozen-lockfile\n.*would run: pnpm start$/m);
  });

  it("test --check: checks what it needs (Chromium too) and names what it would run, arguments passed on", () => {
    const { code, output } = menu("test", "--check", "e2e/scripts-smoke.test.ts");
    expect(code, output).toBe(0);
    expect(output).toMatch(/menu: chromium: \//);
    expect(output).toMatch(/would run: pnpm lint\n.*would run: pnpm typecheck\n.*would run: pnpm test e2e\/scripts-smoke\.test\.ts$/m);
  });
});

beforeAll(() => {
  // The benches run the built SPA (the runtime serves web/dist; bench:guest reads its source maps).
  expect(readdirSync(join(root, "web/dist"))).toContain("index.html");
});
