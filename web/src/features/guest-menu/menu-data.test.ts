import { describe, expect, it } from "vitest";
import { CHUNK_ITEMS } from "@menu/core/shared/published-menu";
import { chunksToFetch, loadedChunks } from "./menu-data";
import type { PublishedIndex, PublishedItem } from "./model";

type Category = PublishedIndex["categories"][number];
const item = (id: string): PublishedItem => ({ id, title: id, category_id: "", portions: [], allergens: [], tags: [] }) as unknown as PublishedItem;
const items = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => item(`${prefix}${i}`));
/** A category of `n` items published in chunks named `{id}-0`, `{id}-1`, … */
const category = (id: string, n: number): Category =>
  ({
    id,
    name: id,
    section: "kitchen",
    parent_id: "",
    items: items(id, n).map(({ id: itemId, title }) => ({ id: itemId, title, allergens: [], tags: [] })),
    ...(n ? { chunk: `${id}-0`, more_chunks: Array.from({ length: Math.ceil(n / CHUNK_ITEMS) - 1 }, (_, k) => `${id}-${k + 1}`) } : {}),
  }) as unknown as Category;
const chunk = (id: string, k: number, n: number) => items(id, n).slice(k * CHUNK_ITEMS, (k + 1) * CHUNK_ITEMS);

describe("the chunks a guest page has", () => {
  const big = category("big", 2 * CHUNK_ITEMS + 50);
  const small = category("small", 3);
  const empty = category("empty", 0);
  const categories = [big, small, empty];

  it("fetches only what the page did not come with: a big category's later chunks after its first", () => {
    const toFetch = chunksToFetch(categories, { big: chunk("big", 0, 450) });
    expect(toFetch.get("big")).toEqual(["big-1", "big-2"]);
    expect(toFetch.get("small")).toEqual(["small-0"]);
    expect(toFetch.get("empty")).toEqual([]);
  });

  it("lists a category from its start as far as its chunks go without a gap, and knows every item in full", () => {
    const seed = { big: chunk("big", 0, 450) };
    const toFetch = chunksToFetch(categories, seed);
    // The third chunk came (a search asked for one of its items), the second did not.
    const { loaded, complete, byId } = loadedChunks(categories, toFetch, seed, new Map([["big-2", chunk("big", 2, 450)]]));
    expect(loaded.big).toHaveLength(CHUNK_ITEMS);
    expect(complete.has("big")).toBe(false);
    expect(byId.has("big449")).toBe(true);
    expect(byId.has("big300")).toBe(false);
    // An empty category is there (nothing to fetch); one whose only chunk is missing is not.
    expect(loaded.empty).toEqual([]);
    expect(complete.has("empty")).toBe(true);
    expect(loaded.small).toBeUndefined();

    const all = loadedChunks(categories, toFetch, seed, new Map([["big-1", chunk("big", 1, 450)], ["big-2", chunk("big", 2, 450)], ["small-0", chunk("small", 0, 3)]]));
    expect(all.loaded.big!.map((i) => i.id)).toEqual(items("big", 450).map((i) => i.id));
    expect([all.complete.has("big"), all.complete.has("small")]).toEqual([true, true]);
  });

  it("takes a menu that came whole (format 1) as complete, with nothing to fetch", () => {
    const whole = { big: items("big", 450) };
    const toFetch = chunksToFetch([big], whole);
    expect(toFetch.get("big")).toEqual([]);
    const { loaded, complete } = loadedChunks([big], toFetch, whole, new Map());
    expect([loaded.big!.length, complete.has("big")]).toEqual([450, true]);
  });
});
