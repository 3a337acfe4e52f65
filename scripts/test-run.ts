/**
 * `pnpm test`: the SPA build, then the whole suite in two phases side by side, then the run's own times.
 *
 *   - domain, web and stacks, two files at a time (DynamoDB Local in memory, one table per file);
 *     its output is held and printed in one piece when it ends, so the two do not interleave;
 *   - e2e, three files at a time, each worker against a shared local runtime of its own, and Chromium.
 *
 * The browser tests wait on pages, polls and timers much of the time; the domain tests' CPU-bound
 * work fills those waits instead of running before them. Both phases always run to their end, so
 * one run reports every failure. Each vitest process
 * gets a temporary folder of its own as TMPDIR (data folders, objects, outboxes, Chromium profiles),
 * removed when the run ends, failed or not. Arguments go to vitest (`pnpm test e2e/shell`, `-t name`),
 * except `--record-times`: a whole run that passed then writes its files' times to
 * test/file-times.json, the order a clean clone runs them in (test/slowest-first.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TIMES_FILE } from "../test/slowest-first";

const root = resolve(import.meta.dirname, "..");
const record = process.argv.includes("--record-times");
const args = process.argv.slice(2).filter((a) => a !== "--record-times");
const runDir = mkdtempSync(join(tmpdir(), "menu-run-"));
const timesFile = join(runDir, "times.jsonl");
const cleanUp = () => rmSync(runDir, { recursive: true, force: true });
const running = new Set<ChildProcess>();
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    // Each phase's vitest stops its runtimes on the signal; the folder goes once all have.
    const left = [...running].filter((child) => child.exitCode === null);
    let waiting = left.length;
    for (const child of left) child.once("exit", () => --waiting === 0 && cleanUp()).kill(signal);
    if (!left.length) cleanUp();
    process.exitCode = 130;
  });
}

/** `held`: the output goes to a file of the run and is printed when the command ends. */
function run(label: string, command: string, commandArgs: string[], held = false): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  const log = join(runDir, `${label.replace(/\W+/g, "-")}.log`);
  const out = held ? openSync(log, "w") : "inherit";
  console.log(`\n▶ ${label}${held ? " (its output follows when it ends)" : ""}`);
  return new Promise((ok) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: held ? ["ignore", out, out] : "inherit",
      env: { ...process.env, TMPDIR: runDir, MENU_TEST_TIMES: timesFile },
    });
    running.add(child);
    child.once("exit", (code, signal) => {
      running.delete(child);
      if (typeof out === "number") {
        closeSync(out);
        console.log(`\n▶ ${label}: its output\n${readFileSync(log, "utf8")}`);
      }
      ok({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * The browser tests run three files at a time, each worker with its runtime: they wait on pages,
 * polls and timers much of the time, so a third worker used idle CPU (2-core machine, quiet: the
 * phase took 1,069 s on two workers and 850 s on three; domain tests keep two, they are CPU-bound).
 */
const E2E_WORKERS = 3;

const vitest = (label: string, projects: string[], options: { workers?: number; held?: boolean } = {}) =>
  run(
    label,
    process.execPath,
    [
      join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      ...projects.flatMap((p) => ["--project", p]),
      ...(options.workers ? [`--maxWorkers=${options.workers}`] : []),
      // A filter given on the command line may match no file of a phase.
      ...(args.length ? ["--passWithNoTests"] : []),
      ...args,
    ],
    options.held,
  );

type Timing = { project: string; file: string; ms: number; state: string };

const readTimes = (): Timing[] =>
  existsSync(timesFile) ? readFileSync(timesFile, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Timing) : [];

/** The run's times as test/file-times.json, longest first, in seconds. */
function recordTimes() {
  const times = readTimes().sort((a, b) => b.ms - a.ms);
  writeFileSync(TIMES_FILE, `${JSON.stringify(Object.fromEntries(times.map((t) => [`${t.project}:${t.file}`, Math.round(t.ms / 100) / 10])), null, 1)}\n`);
  console.log(`Recorded ${times.length} files' times in ${TIMES_FILE}.`);
}

function report(phases: { label: string; code: number; seconds: number }[]) {
  const times = readTimes();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log("\nSlowest test files:");
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`  ${s(t.ms).padStart(8)}  ${t.project.padEnd(7)} ${t.file}`);
  const projects = new Map<string, { files: number; ms: number }>();
  for (const t of times) {
    const p = projects.get(t.project) ?? { files: 0, ms: 0 };
    projects.set(t.project, { files: p.files + 1, ms: p.ms + t.ms });
  }
  console.log("Per project (files, the sum of their times):");
  for (const [name, p] of [...projects].sort(([, a], [, b]) => b.ms - a.ms)) console.log(`  ${name.padEnd(7)} ${String(p.files).padStart(3)} files  ${s(p.ms)}`);
  console.log("Phases (wall time):");
  for (const p of phases) console.log(`  ${p.label.padEnd(36)} ${s(p.seconds * 1000).padStart(8)}  ${p.code === 0 ? "passed" : `FAILED (exit ${p.code})`}`);
}

const phases: { label: string; code: number; seconds: number }[] = [];
try {
  const build = await run("building the SPA (web/dist) for the browser tests", "pnpm", ["--filter", "@menu/web", "build"]);
  phases.push({ label: "SPA build", ...build });
  if (!interrupted) {
    const e2eLabel = "e2e (one shared runtime per worker)";
    // Without a build the browser tests cannot run: the phase counts as failed.
    const [domain, e2e] = await Promise.all([
      vitest("domain, web and stacks", ["domain", "web", "stacks"], { held: true }),
      build.code === 0 ? vitest(e2eLabel, ["e2e"], { workers: E2E_WORKERS }) : { code: 1, seconds: 0 },
    ]);
    phases.push({ label: "domain, web and stacks", ...domain }, { label: e2eLabel, ...e2e });
  }
  report(phases);
  if (record && !args.length && phases.length === 3 && phases.every((p) => p.code === 0)) recordTimes();
} finally {
  if (!interrupted) cleanUp();
}
process.exit(!interrupted && phases.length === 3 && phases.every((p) => p.code === 0) ? 0 : 1);
