import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startRuntime } from "./runtime";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

/** One local runtime with the demo data for all browser tests (the README's `pnpm test` builds the SPA first). */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(import.meta.dirname, "../web/dist/index.html"))) {
    throw new Error("web/dist is missing: run the tests with `pnpm test`, which builds the SPA first");
  }
  const runtime = await startRuntime(mkdtempSync(join(tmpdir(), "menu-e2e-")));
  project.provide("baseUrl", runtime.baseUrl);
  project.provide("dataDir", runtime.dataDir);
  return async () => {
    await runtime.stop();
  };
}
