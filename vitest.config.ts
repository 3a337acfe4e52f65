import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SlowestFirst from "./test/slowest-first";

/**
 * `pnpm test` (scripts/test-run.ts) runs domain, web and stacks first, then e2e in a vitest process
 * of its own, so the browser tests' runtimes and Chromium are not up while the domain tests run.
 * Files run two at a time (vitest's default is one on a 2-core machine); `pnpm test` runs e2e three at a time.
 */
const WORKERS = 2;

export default defineConfig({
  test: {
    // For every project (vitest wants one figure for projects that run side by side).
    maxWorkers: WORKERS,
    sequence: { sequencer: SlowestFirst },
    reporters: ["default", "./test/timing-reporter.ts"],
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/*/test/**/*.test.ts"],
          globalSetup: ["test/dynamo.global.ts"],
          setupFiles: ["test/table-per-file.ts"],
          // A worker's files share its modules: importing the core again for each file was 90 s of
          // a 300 s phase. The setup file puts back what a file may have set process-wide.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Polls wait for a condition; on a loaded machine it can take longer than vitest's 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // The SPA's logic: plain node, no database or browser (those files pass fakes where a page is needed).
        test: { name: "web", include: ["web/src/**/*.test.ts"], environment: "node" },
        resolve: { alias: [{ find: /^@\//, replacement: `${fileURLToPath(new URL("./web/src", import.meta.url))}/` }] },
      },
      "stacks/vitest.config.ts",
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/runtime.global.ts"],
          // One shared runtime per worker (e2e/worker-runtime.ts): files of different workers never share data.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Polls wait for a condition (a page update, a publish, a translation); on a loaded
          // machine that can take far longer than vitest's default 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
