import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readWholeMenu, type WholeMenu } from "@menu/core/shared/published-menu";
import { workerRuntime } from "./worker-runtime";

export type Demo = {
  menu_urls: string[];
  qr_links: string[];
  logins: { role: string; email: string; password: string }[];
};

/** The demo.json the runtime wrote for the run's data folder. */
export const demo = (dataDir = workerRuntime().dataDir) => JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;

/** A path of a demo URL on the run's base URL (demo.json holds absolute URLs). */
export const path = (url: string) => new URL(url).pathname + new URL(url).search;

/** A JSON file or call of the runtime (no cache), or an error naming it. */
export async function getJson<T>(p: string, base = workerRuntime().baseUrl) {
  // Bounded: an answer that never comes fails here, naming the path, rather than as a test's time-out.
  const res = await fetch(`${base}${p}`, { cache: "no-store", signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return (await res.json()) as T;
}

/** A demo store whose published menu offers `language`, found from the manifests rather than assumed. */
export async function storeOffering(language: string) {
  for (const url of demo().menu_urls) {
    const [company, store] = path(url).split("/").filter(Boolean) as [string, string];
    const manifest = await getJson<{ languages: string[] }>(`/m/${company}/${store}/manifest.json`);
    if (manifest.languages.includes(language)) return { company, store };
  }
  throw new Error(`No demo store offers ${language}`);
}

/** A language's whole published menu, read as the guest app reads it: its index and every category's chunk (no cache). */
export async function publishedMenu(company: string, store: string, lang: string, base = workerRuntime().baseUrl): Promise<WholeMenu> {
  return (await readWholeMenu((key) => getJson(`/${key}`, base), company, store, lang))!;
}
