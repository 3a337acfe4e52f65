/** Staff search by the store's index (issue 31, point 3): what it finds, and the index kept by every write path. */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Db, withActor } from "@menu/core";
import { createCategory, deleteCategory, updateCategory } from "@menu/core/category/manage";
import { db } from "@menu/core/db/client";
import { bulkItems, createItem, updateItem } from "@menu/core/item/manage";
import { ensureSearchIndex, indexItem, rebuildSearchIndex } from "@menu/core/search/indexing";
import { searchItems } from "@menu/core/item/search";
import { indexTermsOf, queryTermsOf } from "@menu/core/search/words";
import { contentOf } from "@menu/core/translation/contents";
import type { Translations } from "@menu/core/translation/targets";
import { venue } from "./fixtures";

const system = <T>(call: () => Promise<T>) => withActor({ type: "system" }, call);
type Keys = { company_id: string; store_id: string };
let v: Awaited<ReturnType<typeof venue>>;
let keys: Keys;

const portion = { weight: "300", unit: "g" as const, price: "9.50", currency: "BYN" as const };
const titles = async (q: string, store_id = keys.store_id) => (await system(() => searchItems({ store_id, q }))).map((h) => h.title);
const addCategory = (name: string) => system(() => createCategory({ store_id: keys.store_id, section: "kitchen", name, icon: "" })).then((c) => c.id);
const addItem = (category_id: string, title: string) =>
  system(() => createItem({ store_id: keys.store_id, category_id, title, description: "", visible: true, portions: [portion] }));
/** The store's index rows (all of them: a test store has a few dozen). */
const indexRows = async () =>
  (await Db().entities.searchIndexTerm.query.byTerm(keys).go({ pages: "all" })).data.map((r) => `${r.kind}:${r.term}>${r.ref_type}:${r.ref_id}`).sort();
async function saveTranslations(type: "Item" | "Category", id: string, translations: Translations) {
  const target = (await contentOf(type).load(keys, id))!;
  await contentOf(type).save(keys, id, translations, target.updated_at);
}

beforeAll(async () => {
  v = await venue("search");
  keys = { company_id: v.company_id, store_id: v.store_id };
});

describe("search words", () => {
  it("reads text in lower case, ё as е, words split at punctuation, one term per word", () => {
    const terms = indexTermsOf(["Ёлочный КВАС-0,5 квас"]).map((t) => `${t.kind}:${t.term}`);
    expect(terms.sort()).toEqual(["w:0", "w:5", "w:елочный", "w:квас"].sort());
    expect(queryTermsOf("  ЁЛКА   ква ").map((t) => t.text)).toEqual(["елка", "ква"]);
    expect(queryTermsOf("—!").length).toBe(0);
  });

  it("indexes Han, kana and Hangul character by character; a query's run of them is one term", () => {
    expect(indexTermsOf(["玛格丽特 pizza"]).map((t) => t.term)).toEqual(["玛", "格", "丽", "特", "pizza"]);
    expect(queryTermsOf("披萨 tea").map((t) => [t.kind, t.text])).toEqual([["word", "tea"], ["run", "披萨"]]);
  });
});

describe("searching a store's menu", () => {
  let pizza: string, salads: string;
  beforeAll(async () => {
    pizza = await addCategory("Пицца");
    salads = await addCategory("Салаты");
    for (const title of ["Маргарита", "Пепперони", "Четыре сыра"]) await addItem(pizza, title);
    for (const title of ["Цезарь с курицей", "Греческий"]) await addItem(salads, title);
    await addItem(v.category_id, "Чизбургер");
    await addItem(v.category_id, "Ёжики в тумане");
  });

  it("finds a category's items by its name, and titles by the starts of their words", async () => {
    expect(await titles("пицца")).toEqual(["Маргарита", "Пепперони", "Четыре сыра"]);
    expect(await titles("ПИЦ")).toEqual(["Маргарита", "Пепперони", "Четыре сыра"]);
    expect(await titles("чизб")).toEqual(["Чизбургер"]);
    expect(await titles("бургер")).toEqual([]); // not inside a word
    expect(await titles("цезарь")).toEqual(["Цезарь с курицей"]);
    // The fixture's items, written before the store's first search, are in its index too.
    expect(await titles("борщ")).toEqual(["Борщ"]);
  });

  it("needs every query word in the item or its category, each at a word's start", async () => {
    expect(await titles("пицца марг")).toEqual(["Маргарита"]);
    expect(await titles("марг пицца")).toEqual(["Маргарита"]);
    expect(await titles("марг пепп")).toEqual([]);
    expect(await titles("салаты с")).toEqual(["Цезарь с курицей", "Греческий"].sort((a, b) => a.localeCompare(b, "ru")));
    expect(await titles("ур")).toEqual([]); // not inside "Чизбургер" ...
    expect(await titles("ку")).toEqual(["Цезарь с курицей"]); // ... but at the start of "курицей"
  });

  it("ignores case and ё/е", async () => {
    expect(await titles("ежики")).toEqual(["Ёжики в тумане"]);
    expect(await titles("ЁЖИК ТУМ")).toEqual(["Ёжики в тумане"]);
  });

  it("finds translated titles and category names; a changed translation replaces its words", async () => {
    const [margherita] = (await system(() => searchItems({ store_id: keys.store_id, q: "маргарита" }))).map((h) => h.id);
    await saveTranslations("Item", margherita!, { en: { title: "Margherita", manual: true }, zh: { title: "玛格丽特披萨", manual: true } });
    await saveTranslations("Category", salads, { en: { title: "Salads", manual: true } });
    expect(await titles("margh")).toEqual(["Маргарита"]);
    expect(await titles("披萨")).toEqual(["Маргарита"]);
    expect(await titles("萨披")).toEqual([]);
    expect(await titles("salad greek")).toEqual([]);
    expect(await titles("salad греч")).toEqual(["Греческий"]);
    await saveTranslations("Item", margherita!, { en: { title: "Queen pizza", manual: true } });
    expect(await titles("margh")).toEqual([]);
    expect(await titles("queen")).toEqual(["Маргарита"]);
    expect(await titles("披萨")).toEqual([]);
  });

  it("follows renames and deletes of items and categories", async () => {
    const burger = (await system(() => searchItems({ store_id: keys.store_id, q: "чизбургер" })))[0]!;
    await system(() => updateItem({ store_id: keys.store_id, item_id: burger.id, title: "Двойной чизбургер", description: "", visible: true, portions: [portion] }));
    expect(await titles("двой чизб")).toEqual(["Двойной чизбургер"]);
    await system(() => updateItem({ store_id: keys.store_id, item_id: burger.id, title: "Сэндвич", description: "", visible: true, portions: [portion] }));
    expect(await titles("чизбургер")).toEqual([]);
    expect(await titles("сэндвич")).toEqual(["Сэндвич"]);

    await system(() => updateCategory({ store_id: keys.store_id, category_id: pizza, name: "Пироги" }));
    expect(await titles("пицца")).toEqual([]);
    expect(await titles("пирог")).toEqual(["Маргарита", "Пепперони", "Четыре сыра"]);

    await system(() => bulkItems({ store_id: keys.store_id, action: "delete", item_ids: [burger.id] }));
    expect(await titles("сэндвич")).toEqual([]);
    expect((await indexRows()).filter((r) => r.endsWith(burger.id))).toEqual([]);

    const empty = await addCategory("Десерты");
    expect((await indexRows()).some((r) => r.endsWith(empty))).toBe(true);
    await system(() => deleteCategory({ store_id: keys.store_id, category_id: empty }));
    expect((await indexRows()).filter((r) => r.endsWith(empty))).toEqual([]);
  });

  it("writes nothing to the index when a save keeps the texts", async () => {
    const item = await addItem(v.category_id, "Солянка");
    const rows = await indexRows();
    const send = vi.spyOn(db().client, "send");
    try {
      await system(() => updateItem({ store_id: keys.store_id, item_id: item.id, title: "Солянка", description: "", visible: true, portions: [{ ...portion, price: "11" }] }));
      await indexItem(keys, { item_id: item.id, title: "Солянка" }, { item_id: item.id, title: "Солянка", translations: {} });
      const commands = send.mock.calls.map(([command]) => command.constructor.name);
      expect(commands).toContain("UpdateCommand"); // the item's own save is seen ...
      expect(commands.filter((name) => /^(BatchWrite|Put|Delete|TransactWrite)/.test(name))).toEqual([]); // ... and no index write
    } finally {
      send.mockRestore();
    }
    expect(await indexRows()).toEqual(rows);
  });

  it("answers at most 50 hits, sorted by title", async () => {
    const soups = await addCategory("Бульоны");
    const made = [];
    for (let i = 0; i < 52; i++) made.push(`Бульон ${String(i).padStart(2, "0")}`);
    await Promise.all(made.map((t) => addItem(soups, t)));
    const hits = await titles("бульон");
    expect(hits).toEqual([...made].sort((a, b) => a.localeCompare(b, "ru")).slice(0, 50));
  });

  it("does not find another store's items", async () => {
    const other = await venue("searchother");
    expect(await titles("борщ", other.store_id)).toEqual(["Борщ"]);
    expect((await system(() => searchItems({ store_id: keys.store_id, q: "борщ" }))).map((h) => h.id)).toEqual([v.items.visible]);
  });
});

describe("building the index", () => {
  it("rebuilds a store from its records: missing terms written, stale ones deleted, the store marked built", async () => {
    const w = await venue("rebuild");
    const k = { company_id: w.company_id, store_id: w.store_id };
    expect(await ensureSearchIndex(k)).toBe(true);
    expect(await ensureSearchIndex(k)).toBe(false);
    // Written around the index (as a bulk seed does), and a term left by a lost write.
    const item_id = randomUUID();
    await Db().entities.item.put({ ...k, item_id, kind: "product", category_id: w.category_id, title: "Окрошка", portions: [{ id: "p", ...portion }] }).go();
    await Db().entities.searchIndexTerm.put({ ...k, kind: "w", term: "призрак", ref_type: "item", ref_id: w.items.visible }).go();
    expect(await withActor({ type: "system" }, () => searchItems({ store_id: w.store_id, q: "окрошка" }))).toEqual([]);
    await rebuildSearchIndex(k);
    const found = await withActor({ type: "system" }, () => searchItems({ store_id: w.store_id, q: "окрошка" }));
    expect(found.map((h) => h.id)).toEqual([item_id]);
    const { data } = await Db().entities.searchIndexTerm.query.byTerm({ ...k, kind: "w" }).begins({ term: "призрак" }).go();
    expect(data).toEqual([]);
  });
});
