/**
 * The published guest menu as the app reads it: a language's index (everything but the items in
 * full) and, per category, its chunks, fetched when the guest comes near it. Chunks are named by
 * their content, so a copy is never stale (the service worker keeps those fetched, for offline use).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CHUNK_ITEMS, chunkNames, publishedKeys, type PublishedChunk } from "@menu/core/shared/published-menu";
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

type Categories = PublishedIndex["categories"];

/** Each category's chunks the page may fetch: those the seed holds (its first ones) are left out. */
export const chunksToFetch = (categories: Categories, seed: Loaded) =>
  new Map(categories.map((c) => [c.id, chunkNames(c).slice(seed[c.id] ? Math.ceil(seed[c.id]!.length / CHUNK_ITEMS) : 0)] as const));

/**
 * What the page has of each category: its items from the start as far as the chunks go without a
 * gap (`loaded`), whether that is all of them (`complete`), and every item in full (`byId`).
 */
export function loadedChunks(categories: Categories, toFetch: ReadonlyMap<string, readonly string[]>, seed: Loaded, byName: ReadonlyMap<string, PublishedItem[]>) {
  const loaded: Record<string, PublishedItem[]> = {};
  const complete = new Set<string>();
  const byId = new Map<string, PublishedItem>();
  for (const c of categories) {
    const names = toFetch.get(c.id) ?? [];
    const parts = seed[c.id] ? [seed[c.id]!] : [];
    let gapless = true;
    for (const name of names) {
      const items = byName.get(name);
      gapless &&= !!items;
      if (gapless) parts.push(items!);
    }
    for (const item of [...(seed[c.id] ?? []), ...names.flatMap((name) => byName.get(name) ?? [])]) byId.set(item.id, item);
    if (parts.length || !names.length) loaded[c.id] = parts.flat();
    if (gapless) complete.add(c.id);
  }
  return { loaded: loaded as Loaded, complete: complete as ReadonlySet<string>, byId: byId as ReadonlyMap<string, PublishedItem> };
}

/**
 * The chunks of a menu the page has, and how to fetch more. Keyed by chunk name: after a newer
 * index arrives, a chunk that changed is fetched again when asked. `seed`: items that came with
 * this index (the page's boot data: a category's first chunks; a format-1 menu: all of it).
 * - `loaded`: per category, its items from the start as far as its chunks are there without a gap
 *   (what the list shows); `complete`: the categories loaded to their end;
 * - `byId`: every item the page has in full, a later chunk's too (search, the item window, the cart);
 * - `request(itemIds)`: the chunks that hold these items; `requestAhead`: what the list needs next.
 *   A guest who reads a 5,000-item category fetches what they scroll to, a chunk at a time.
 */
export function useChunks(index: PublishedIndex, seed: Loaded) {
  const { company_url_key: company, url_key: store } = index.store;
  const [byName, setByName] = useState<ReadonlyMap<string, PublishedItem[]>>(() => new Map());
  const toFetch = useMemo(() => chunksToFetch(index.categories, seed), [index.categories, seed]);
  /** The chunk that holds each item (the index lists a category's items in chunk order). */
  const chunkOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const c of index.categories) {
      const names = chunkNames(c);
      c.items.forEach((item, n) => {
        const name = names[Math.floor(n / CHUNK_ITEMS)];
        if (name) map.set(item.id, name);
      });
    }
    return map;
  }, [index.categories]);
  const firstChunks = useMemo(() => new Set(index.categories.flatMap((c) => chunkNames(c).slice(0, 1))), [index.categories]);
  /** Every chunk the page may fetch (those that came with the page are not among them). */
  const fetchable = useMemo(() => new Set([...toFetch.values()].flat()), [toFetch]);
  const { loaded, complete, byId } = useMemo(() => loadedChunks(index.categories, toFetch, seed, byName), [index.categories, toFetch, seed, byName]);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  /** Answers, once every fetch has settled, whether all of them succeeded (the search waits for it: loading is not "nothing found"). */
  const fetchNamed = useCallback(
    (names: Iterable<string>) => {
      const fetches: Promise<unknown>[] = [];
      for (const name of names) {
        if (byName.has(name)) continue;
        fetches.push(
          fetchChunk(chunkUrl(company, store, index.language, name)).then((items) => alive.current && setByName((map) => (map.has(name) ? map : new Map(map).set(name, items)))),
        );
      }
      return Promise.allSettled(fetches).then((settled) => settled.every((s) => s.status === "fulfilled"));
    },
    [byName, company, store, index.language],
  );
  const request = useCallback(
    (itemIds: Iterable<string>) => fetchNamed(new Set([...itemIds].flatMap((id) => chunkOf.get(id) ?? []).filter((name) => fetchable.has(name)))),
    [chunkOf, fetchable, fetchNamed],
  );
  /** The next chunk of the category the list waits for (when it waits), and the first one of each category after it. */
  const requestAhead = useCallback(
    (waiting: string | undefined, following: Iterable<string>) =>
      fetchNamed([
        ...(waiting ? [toFetch.get(waiting)?.find((name) => !byName.has(name))] : []),
        ...[...following].map((id) => toFetch.get(id)?.[0]).filter((name) => name && firstChunks.has(name)),
      ].filter((name): name is string => !!name)),
    [toFetch, byName, firstChunks, fetchNamed],
  );
  return { loaded, complete, byId, request, requestAhead };
}
