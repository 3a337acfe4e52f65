import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { chromiumOptions } from "./chromium";

/** Where browser tests put screenshots and downloads to look at. */
export const ARTIFACTS = resolve(import.meta.dirname, "../test-results");

/**
 * A browser for a test file: the run's shared Chromium (started by runtime.global.ts), which saves
 * each file a browser start, or one of its own when the file needs other flags. Files are kept
 * apart by their contexts; `close()` of a shared one only disconnects, closing its contexts.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const shared = extraArgs.length ? undefined : inject("browserWsEndpoint");
  return shared ? chromium.connect(shared) : chromium.launch(chromiumOptions(extraArgs));
}

/**
 * The test file's browser: launched before its tests and closed after them with every context it
 * opened. Call at the top of the file.
 */
export function fileBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });
  return {
    async newContext(options?: BrowserContextOptions) {
      const context = await browser!.newContext(options);
      contexts.push(context);
      return context;
    },
  };
}

/** A download's bytes, read through the browser's connection (a shared browser keeps the file on its side: no local path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
