import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

/** Where browser tests put screenshots and downloads to look at. */
export const ARTIFACTS = resolve(import.meta.dirname, "../test-results");

/** Debian's Chromium driven by playwright-core (downloading a browser is not possible here); `extraArgs` are added to the flags. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
  if (!executablePath) throw new Error("Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      // Guests here are Russian speakers unless a test says otherwise (a context's locale or a
      // language cookie): a first visit takes the browser's Accept-Language (issue 32).
      "--lang=ru-RU",
      "--accept-lang=ru-RU,ru",
      ...extraArgs,
    ],
  });
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
