/**
 * pnpm bench:lambda — each Lambda function built as `sst deploy` builds it (stacks/lambda-bundle.ts):
 * the bundle's size, everything shipped beside it, and the cold import time (median of 5 fresh
 * Node processes; this machine's Node, not Lambda's).
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): the first function only (every
 * one is built by stacks/test/bundles.test.ts), one cold import.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { appFunctions, bundleFunction, coldImport } from "../stacks/lambda-bundle";
import { CHECK, sized } from "./bench-support";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = sized(5, 1);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const all = await appFunctions(root);
const functions = sized(all, all.slice(0, 1));
if (CHECK) console.log(`${functions.length} of ${all.length} functions: ${functions.map((f) => f.handler).join(", ")}`);
const work = await mkdtemp(path.join(os.tmpdir(), "bench-lambda-"));
try {
  const rows = [];
  for (const fn of functions) {
    const bundle = await bundleFunction(root, fn, path.join(work, String(rows.length)));
    const times = Array.from({ length: RUNS }, () => coldImport(bundle, { TABLE_NAME: "menu" })).sort((a, b) => a - b);
    const largest = [...bundle.packageBytes].sort((a, b) => b[1] - a[1]).slice(0, 4);
    rows.push({
      handler: fn.handler,
      bundle: mb(bundle.bundleBytes),
      shipped: mb(bundle.shippedBytes),
      "cold import (median)": `${Math.round(times[Math.floor(RUNS / 2)]!)} ms`,
      installed: bundle.external.join(", ") || "—",
      "largest in the bundle": largest.map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)} KB`).join(", "),
    });
  }
  console.table(rows);
} finally {
  await rm(work, { recursive: true, force: true });
}
