import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Listed as a project by the root vitest config: `npx vitest run --project stacks` from the
// root, or `pnpm --filter @menu/stacks test`. Offline synth, a few seconds.
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
