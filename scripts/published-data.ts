/**
 * A store's published guest data as bench:scale reads it (scripts/bench-scale.ts), from the data
 * folder's object store, with no edge cache between.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as published from "@menu/core/shared/published-menu";

export type GuestItem = { id: string; title: string; portions?: { price: string }[] };

export function publishedData(dataDir: string, company: string, store: string) {
  // The published guest data, read from the data folder's object store (no edge cache between): the
  // whole menu of the default language as the core's readWholeMenu assembles it when it has one
  // (index and chunks), else the one menu.json per language of format 1.
  const keys = published.publishedKeys(company, store);
  const readJson = async (key: string) => {
    try {
      return JSON.parse(readFileSync(join(dataDir, "objects", key), "utf8")) as unknown;
    } catch {
      return undefined; // missing, or caught mid-write: read again at the next poll
    }
  };
  const { readWholeMenu } = published as unknown as { readWholeMenu?: (get: typeof readJson, c: string, s: string, l: string) => Promise<unknown> };
  const guestData = async () => {
    const manifest = (await readJson(keys.manifest)) as { default_language?: string; version?: string } | undefined;
    const lang = manifest?.default_language ?? "ru";
    const menu = ((readWholeMenu && (await readWholeMenu(readJson, company, store, lang))) ?? (await readJson(keys.json(lang)))) as { items?: GuestItem[] } | undefined;
    return { version: JSON.stringify(manifest), items: menu?.items ?? [] };
  };
  const shows = async (found: (i: GuestItem) => boolean) => (await guestData()).items.some(found);
  /**
   * One item as guests get it: the index, then only the chunk that holds it (as the guest app
   * fetches it), so polling does not cost the machine a whole 5,000-item menu every few ms.
   */
  const { chunkNames, CHUNK_ITEMS } = published as unknown as { chunkNames?: (c: object) => string[]; CHUNK_ITEMS?: number };
  const publishedItem = async (id: string): Promise<GuestItem | undefined> => {
    const manifest = (await readJson(keys.manifest)) as { default_language?: string } | undefined;
    const lang = manifest?.default_language ?? "ru";
    const index = (await readJson(keys.index(lang))) as { categories: { items: { id: string }[] }[] } | undefined;
    if (!index || !chunkNames || !CHUNK_ITEMS) return (await guestData()).items.find((i) => i.id === id);
    for (const c of index.categories) {
      const at = c.items.findIndex((i) => i.id === id);
      if (at < 0) continue;
      const name = chunkNames(c)[Math.floor(at / CHUNK_ITEMS)];
      const chunk = name ? ((await readJson(keys.chunk(lang, name))) as { items: GuestItem[] } | undefined) : undefined;
      return chunk?.items.find((i) => i.id === id);
    }
    return undefined;
  };
  return { guestData, shows, publishedItem };
}
