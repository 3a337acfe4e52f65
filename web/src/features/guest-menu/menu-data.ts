/**
 * The published guest menu as the app reads it: a language's index (everything but the items in
 * full) and, per category, its chunks, fetched when the guest comes near it. Chunks are named by
 * their content, so a copy is never stale (the service worker keeps those fetched, for offline use).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { chunkNames, publishedKeys, type PublishedChunk } from "@menu/core/publish/published";
import { isServedOffline } from "./sw-register";
import type { PublishedIndex, PublishedItem, PublishedMenu } from "./model";

export const indexUrl = (company: string, store: string, lang: string) => `/${publishedKeys(company, store).index(lang)}`;
export const chunkUrl = (company: string, store: string, lang: string, name: string) => `/${publishedKeys(company, store).chunk(lang, name)}`;
const legacyUrl = (company: string, store: string, lang: string) => `/${publishedKeys(company, store).json(lang)}`;

/** Items in full by category id: the chunks a page has. */
export type Loaded = Readonly<Record<string, PublishedItem[]>>;
export type MenuData = { index: PublishedIndex; loaded: Loaded; offline: boolean };

/** A menu of format 1 (one file, published before the split) as an index with every chunk already there. */
export function fromWholeMenu(menu: PublishedMenu): { index: PublishedIndex; loaded: Loaded } {
  const loaded: Record<string, PublishedItem[]> = {};
  for (const item of menu.items) (loaded[item.category_id] ??= []).push(item);
  const { items: _items, format: _format, categories, ...rest } = menu;
  const index: PublishedIndex = {
    ...rest,
    format: 2,
    pages: {},
    // Names no file has: the chunks come with the index and are never fetched.
    categories: categories.map((c) => ({
      ...c,
      ...(loaded[c.id] ? { chunk: `~${menu.version}.${c.id}` } : {}),
      items: (loaded[c.id] ?? []).map(({ id, title, title_lang, allergens, tags, sold_out_until }) => ({ id, title, title_lang, allergens, tags, sold_out_until })),
    })),
  };
  return { index, loaded };
}

/** A language's menu: its index, or a store's format-1 menu where it has not been published again since. */
export async function fetchMenu(company: string, store: string, lang: string, init?: RequestInit): Promise<MenuData> {
  const res = await fetch(indexUrl(company, store, lang), init);
  if (res.ok) return { index: (await res.json()) as PublishedIndex, loaded: {}, offline: isServedOffline(res) };
  if (res.status !== 404) throw Object.assign(new Error(`${res.url}: ${res.status}`), { status: res.status });
  const legacy = await fetch(legacyUrl(company, store, lang), init);
  if (!legacy.ok) throw Object.assign(new Error(`${legacy.url}: ${legacy.status}`), { status: legacy.status });
  return { ...fromWholeMenu((await legacy.json()) as PublishedMenu), offline: isServedOffline(legacy) };
}

/** Chunks fetched in this page's life, by URL (shared by every menu the page shows: languages, the waiter view). */
const fetched = new Map<string, Promise<PublishedItem[]>>();
export function fetchChunk(url: string): Promise<PublishedItem[]> {
  let promise = fetched.get(url);
  if (!promise) {
    promise = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return ((await res.json()) as PublishedChunk).items;
    });
    // Offline or failed: asked again the next time the guest comes near.
    promise.catch(() => fetched.delete(url));
    fetched.set(url, promise);
  }
  return promise;
}

/**
 * The chunks of a menu the page has, and `request` to fetch more (by category id). Keyed by chunk
 * name: after a newer index arrives, a chunk that changed is fetched again when asked. A category
 * is loaded once all its chunks are. `seed`: categories that came with this index (the page's
 * first view, a format-1 menu).
 */
export function useChunks(index: PublishedIndex, seed: Loaded) {
  const { company_url_key: company, url_key: store } = index.store;
  const [byName, setByName] = useState<ReadonlyMap<string, PublishedItem[]>>(() => new Map());
  const categories = useMemo(() => new Map(index.categories.map((c) => [c.id, c])), [index.categories]);
  const loaded = useMemo(() => {
    const out: Record<string, PublishedItem[]> = {};
    for (const c of index.categories) {
      const parts = seed[c.id] ? [seed[c.id]] : chunkNames(c).map((name) => byName.get(name));
      if (parts.every(Boolean)) out[c.id] = parts.flatMap((items) => items!);
    }
    return out as Loaded;
  }, [index.categories, byName, seed]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const request = useCallback(
    (ids: Iterable<string>) => {
      for (const id of ids) {
        const category = categories.get(id);
        if (!category || seed[id]) continue;
        for (const name of chunkNames(category)) {
          if (byName.has(name)) continue;
          fetchChunk(chunkUrl(company, store, index.language, name)).then(
            (items) => alive.current && setByName((map) => (map.has(name) ? map : new Map(map).set(name, items))),
            () => {},
          );
        }
      }
    },
    [categories, byName, seed, company, store, index.language],
  );
  return { loaded, request };
}
