import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

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
      ...extraArgs,
    ],
  });
}
