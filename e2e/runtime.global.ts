import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { chromium } from "playwright-core";
import { startFakeLibreTranslate } from "../packages/core/test/support/fake-translate-servers";
import { chromiumOptions } from "./chromium";
import { copyOfTemplate, startRuntime } from "./runtime";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The fake LibreTranslate the runtime uses (`POST /__fake/pause|resume` hold its answers). */
    engineUrl: string;
    /** The run's shared Chromium (`launchBrowser()` connects to it). */
    browserWsEndpoint: string;
    /** A data folder seeded with the demo data and stopped: files that need a runtime of their own copy it (copyOfTemplate). */
    templateDir: string;
  }
}

/**
 * Seeds the demo data once for the run: a runtime starts on an empty folder, loads the demo (its
 * publish and translation jobs included) and is stopped with Ctrl-C, as a user would. Every runtime
 * of the run then starts on a copy and skips the seed. The engine answers at once here; the translations
 * it writes are the same as the slow one's.
 */
async function seedTemplate() {
  const engine = await startFakeLibreTranslate();
  const dir = mkdtempSync(join(tmpdir(), "menu-e2e-template-"));
  try {
    const seeding = await startRuntime(dir, { LIBRETRANSLATE_URL: engine.url });
    const code = await seeding.stop();
    if (code !== 0) throw new Error(`The template runtime stopped with ${code}:\n${seeding.output()}`);
  } finally {
    await engine.close();
  }
  // A clean stop removes the lock and DynamoDB Local's pid file; a copy must not start on either.
  const left = [".lock", "dynamodb/.dynamodb.pid"].filter((f) => existsSync(join(dir, f)));
  if (left.length) throw new Error(`The template ${dir} still holds ${left.join(", ")}`);
  return dir;
}

/** One local runtime with the demo data for all browser tests (the README's `pnpm test` builds the SPA first). */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(import.meta.dirname, "../web/dist/index.html"))) {
    throw new Error("web/dist is missing: run the tests with `pnpm test`, which builds the SPA first");
  }
  const templateDir = await seedTemplate();
  // The runtime translates through a fake LibreTranslate (no real engine can run here). Each call
  // takes a second, so the admin panel shows a job pending before it completes.
  const engine = await startFakeLibreTranslate({ delayMs: 1000 });
  const runtime = await startRuntime(copyOfTemplate(templateDir, "menu-e2e-"), { LIBRETRANSLATE_URL: engine.url });
  project.provide("baseUrl", runtime.baseUrl);
  project.provide("dataDir", runtime.dataDir);
  project.provide("engineUrl", engine.url);
  project.provide("templateDir", templateDir);
  const browser = await chromium.launchServer(chromiumOptions());
  project.provide("browserWsEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await runtime.stop();
    await engine.close();
    rmSync(templateDir, { recursive: true, force: true });
  };
}
