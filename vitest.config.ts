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
        },
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
        },
      },
    ],
  },
});
