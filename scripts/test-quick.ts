/**
 * `pnpm test:quick`: the loop while working, in a few minutes: lint and the type-check side by side,
 * then the SPA's logic tests (all of them: seconds), then the domain and stack tests that the change
 * touches (vitest's `--changed`: files changed since QUICK_SINCE, default the last commit, and the
 * tests that import them). No browser tests: `pnpm test` runs the whole suite.
 */
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const since = process.env.QUICK_SINCE ?? "HEAD";
const vitest = resolve(root, "node_modules/vitest/vitest.mjs");

function run(label: string, command: string, args: string[]): Promise<{ label: string; code: number; seconds: number }> {
  const started = Date.now();
  return new Promise((ok) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit" });
    child.once("exit", (code) => ok({ label, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

const started = Date.now();
const results = await Promise.all([run("lint", "pnpm", ["lint"]), run("typecheck", "pnpm", ["typecheck"])]);
results.push(await run("web (all)", process.execPath, [vitest, "run", "--project", "web"]));
results.push(
  await run(`domain and stacks changed since ${since}`, process.execPath, [vitest, "run", "--project", "domain", "--project", "stacks", "--changed", since, "--passWithNoTests"]),
);
for (const r of results) console.log(`${r.label.padEnd(40)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.code === 0 ? "passed" : "FAILED"}`);
console.log(`test:quick took ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
