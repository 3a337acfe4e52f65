import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

/** Debian's Chromium driven by playwright-core (downloading a browser is not possible here); `extraArgs` are added to the flags. */
export function chromiumOptions(extraArgs: string[] = []): LaunchOptions {
  const executablePath = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
  if (!executablePath) throw new Error("Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH");
  return {
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
  };
}
