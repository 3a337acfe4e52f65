import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/*/test/**/*.test.ts"],
          globalSetup: ["test/dynamo.global.ts"],
          setupFiles: ["test/table-per-file.ts"],
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Polls wait for a condition (a page update, a publish, a translation); on a loaded
          // machine that can take far longer than vitest's default 1 s.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
