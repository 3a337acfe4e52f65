import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { chromium } from "playwright-core";
import { startFakeLibreTranslate } from "../packages/core/test/support/fake-translate-servers";
import { chromiumOptions } from "./chromium";
import { copyOfTemplate, startRuntime } from "./runtime";
import type { SharedRuntime } from "./worker-runtime";

declare module "vitest" {
  export interface ProvidedContext {
    /** One runtime per e2e worker, each on its own copy of the seeded data folder (worker-runtime.ts picks a file's). */
    runtimes: SharedRuntime[];
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
    // No message delays (LOCAL_QUEUE_DELAYS=0): the stop waits for the queue to drain, and a debounced
    // message pending at that moment held it up to a minute (the seed took 20 s one run, 90 s the next).
    // The data is the same: a delayed message's work is done either way before the stop ends.
    const seeding = await startRuntime(dir, { LIBRETRANSLATE_URL: engine.url, LOCAL_QUEUE_DELAYS: "0" });
    const code = await seeding.stop();
    if (code !== 0) throw new Error(`The template runtime stopped with ${code}:\n${seeding.output()}`);
    if (!seeding.output().includes("loading the demo data")) throw new Error(`The template runtime did not load the demo data:\n${seeding.output()}`);
  } finally {
    await engine.close();
  }
  // A clean stop removes the lock and DynamoDB Local's pid file; a copy must not start on either.
  const left = [".lock", "dynamodb/.dynamodb.pid"].filter((f) => existsSync(join(dir, f)));
  if (left.length) throw new Error(`The template ${dir} still holds ${left.join(", ")}`);
  return dir;
}

/** Names the phase that failed, so a broken start reads as one, not as a test's failure. */
async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(`The e2e global setup failed while ${what}; no browser test ran.\n${(error as Error).message}`, { cause: error });
  }
}

/**
 * The browser tests' shared runtimes (the README's `pnpm test` builds the SPA first): the demo data is
 * seeded once, then one runtime per e2e worker starts on a copy of it. Each translates through a fake
 * LibreTranslate of its own (no real engine can run here) whose calls take a second, so the admin
 * panel shows a job pending before it completes; a file that holds its engine holds only its runtime.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(import.meta.dirname, "../web/dist/index.html"))) {
    throw new Error("web/dist is missing: run the tests with `pnpm test`, which builds the SPA first");
  }
  const since = performance.now();
  const seconds = () => `${((performance.now() - since) / 1000).toFixed(0)} s`;
  const templateDir = await step("seeding the demo data into the template data folder", seedTemplate);
  // The run's worker count is set once, at the root of vitest.config.ts (a project's own is unset).
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  console.log(`e2e: demo data seeded (${seconds()}); ${workers} shared runtimes, one per worker`);
  const started = await step(`starting ${workers} runtimes on copies of the template`, () =>
    Promise.all(
      Array.from({ length: workers }, async () => {
        const engine = await startFakeLibreTranslate({ delayMs: 1000 });
        // The bench routes: engineControl("pause") waits on /_local/idle (worker-runtime.ts).
        const runtime = await startRuntime(copyOfTemplate(templateDir, "menu-e2e-"), { LIBRETRANSLATE_URL: engine.url, LOCAL_IDLE_ROUTE: "1" });
        return { runtime, engine };
      }),
    ),
  );
  project.provide(
    "runtimes",
    started.map(({ runtime, engine }) => ({ baseUrl: runtime.baseUrl, dataDir: runtime.dataDir, engineUrl: engine.url })),
  );
  project.provide("templateDir", templateDir);
  const browser = await step("launching Chromium", () => chromium.launchServer(chromiumOptions()));
  project.provide("browserWsEndpoint", browser.wsEndpoint());
  console.log(`e2e: runtimes and Chromium up (${seconds()})`);
  return async () => {
    await browser.close();
    for (const { runtime, engine } of started) {
      await runtime.stop();
      await engine.close();
      rmSync(runtime.dataDir, { recursive: true, force: true });
    }
    rmSync(templateDir, { recursive: true, force: true });
  };
}
