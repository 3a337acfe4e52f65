import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

export type Demo = {
  menu_urls: string[];
  qr_links: string[];
  logins: { role: string; email: string; password: string }[];
};

/** The demo.json the runtime wrote for the run's data folder. */
export const demo = (dataDir = inject("dataDir")) => JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;

/** A path of a demo URL on the run's base URL (demo.json holds absolute URLs). */
export const path = (url: string) => new URL(url).pathname + new URL(url).search;
