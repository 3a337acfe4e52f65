import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Listed as a project by the root vitest config; also runs alone:
//   npx vitest run --config stacks/vitest.config.ts   (or `npx vitest run stacks/` from the root)
export default defineConfig({
  test: {
    name: "stacks",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
