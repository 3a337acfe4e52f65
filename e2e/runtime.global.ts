import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeLibreTranslate } from "../packages/core/test/support/fake-translate-servers";
import { startRuntime } from "./runtime";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The fake LibreTranslate the runtime uses (`POST /__fake/pause|resume` hold its answers). */
    engineUrl: string;
  }
}

/** One local runtime with the demo data for all browser tests (the README's `pnpm test` builds the SPA first). */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(import.meta.dirname, "../web/dist/index.html"))) {
    throw new Error("web/dist is missing: run the tests with `pnpm test`, which builds the SPA first");
  }
  // The runtime translates through a fake LibreTranslate (no real engine can run here). Each call
  // takes a second, so the admin panel shows a job pending before it completes.
  const engine = await startFakeLibreTranslate({ delayMs: 1000 });
  const runtime = await startRuntime(mkdtempSync(join(tmpdir(), "menu-e2e-")), { LIBRETRANSLATE_URL: engine.url });
  project.provide("baseUrl", runtime.baseUrl);
  project.provide("dataDir", runtime.dataDir);
  project.provide("engineUrl", engine.url);
  return async () => {
    await runtime.stop();
    await engine.close();
  };
}
