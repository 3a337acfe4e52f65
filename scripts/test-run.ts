/**
 * `pnpm test`: the whole suite in two phases, then the run's own times.
 *
 *   1. domain, web and stacks, two files at a time (DynamoDB Local in memory, one table per file);
 *   2. e2e, three files at a time, each worker against a shared local runtime of its own, and Chromium, started only now.
 *
 * Both phases run even when the first fails, so one run reports every failure. Each vitest process
 * gets a temporary folder of its own as TMPDIR (data folders, objects, outboxes, Chromium profiles),
 * removed when the run ends, failed or not. Arguments go to vitest (`pnpm test e2e/shell`, `-t name`),
 * except `--record-times`: a whole run that passed then writes its files' times to
 * test/file-times.json, the order a clean clone runs them in (test/slowest-first.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TIMES_FILE } from "../test/slowest-first";

const root = resolve(import.meta.dirname, "..");
const record = process.argv.includes("--record-times");
const args = process.argv.slice(2).filter((a) => a !== "--record-times");
const runDir = mkdtempSync(join(tmpdir(), "menu-run-"));
const timesFile = join(runDir, "times.jsonl");
const cleanUp = () => rmSync(runDir, { recursive: true, force: true });
let current: ChildProcess | undefined;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    // The phase's vitest stops its runtimes on the signal; the folder goes once it has.
    if (current && current.exitCode === null) current.once("exit", cleanUp).kill(signal);
    else cleanUp();
    process.exitCode = 130;
  });
}

function run(label: string, command: string, commandArgs: string[]): Promise<{ code: number; seconds: number }> {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  return new Promise((ok) => {
    const child = (current = spawn(command, commandArgs, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, TMPDIR: runDir, MENU_TEST_TIMES: timesFile },
    }));
    child.once("exit", (code, signal) => ok({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

/**
 * The browser tests run three files at a time, each worker with its runtime: they wait on pages,
 * polls and timers much of the time, so a third worker used idle CPU (2-core machine, quiet: the
 * phase took 1,069 s on two workers and 850 s on three; domain tests keep two, they are CPU-bound).
 */
const E2E_WORKERS = 3;

const vitest = (label: string, projects: string[], workers?: number) =>
  run(label, process.execPath, [
    join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    ...(workers ? [`--maxWorkers=${workers}`] : []),
    // A filter given on the command line may match no file of a phase.
    ...(args.length ? ["--passWithNoTests"] : []),
    ...args,
  ]);

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
  if (!interrupted) phases.push({ label: "domain, web and stacks", ...(await vitest("domain, web and stacks", ["domain", "web", "stacks"])) });
  if (!interrupted && build.code === 0) phases.push({ label: "e2e (one shared runtime per worker)", ...(await vitest("e2e (one shared runtime per worker)", ["e2e"], E2E_WORKERS)) });
  report(phases);
  if (record && !args.length && phases.length === 3 && phases.every((p) => p.code === 0)) recordTimes();
} finally {
  if (!interrupted) cleanUp();
}
process.exit(!interrupted && phases.length === 3 && phases.every((p) => p.code === 0) ? 0 : 1);
