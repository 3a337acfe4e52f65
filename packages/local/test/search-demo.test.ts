/**
 * Staff search on the demo store (issue 31, point 3): the index answers what the old search (a
 * substring of a title or translated title, read from the whole store) answered where the query
 * starts a word, plus the items of categories whose name matches; and the start-up step builds the
 * index of stores without one.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Db, withActor } from "@menu/core";
import { categoriesOfStore, type CategoryInfo } from "@menu/core/category/category";
import { itemsOfStore, type ItemInfo } from "@menu/core/item/item";
import { indexStoresWithoutIndex } from "@menu/core/search/indexing";
import { searchItems } from "@menu/core/item/search";
import { indexTermsOf, normalize } from "@menu/core/search/words";
import { createCompany } from "@menu/core/company/company";
import { createStore, resolveCsObject } from "@menu/core/store/store";
import { seedDemo } from "../src/demo/seed";

const texts = (r: { title?: string; name?: string; translations: Record<string, { title?: string } | undefined> }) =>
  [r.title ?? r.name ?? "", ...Object.values(r.translations).map((t) => t?.title ?? "")].map(normalize);

/** Where a text holds the query as the old search found it, at the start of a word (a Han run: anywhere). */
const holds = (text: string, q: string) => {
  const needle = normalize(q);
  return /\p{Script=Han}/u.test(needle) ? text.includes(needle) : text.split(/[^\p{L}\p{M}\p{N}]+/u).some((w) => w.startsWith(needle));
};
/** The search before the index: every item read, a title containing the query, sorted, 50 at most. */
function oldSearch(items: ItemInfo[], q: string) {
  return items.filter((i) => texts(i).some((t) => holds(t, q)));
}
const sorted = (items: ItemInfo[]) =>
  [...items].sort((a, b) => a.title.localeCompare(b.title, "ru") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, 50).map((i) => i.id);

let store: { company_id: string; store_id: string };
let items: ItemInfo[];
let categories: CategoryInfo[];

beforeAll(async () => {
  await seedDemo();
  const cs = await resolveCsObject({ companyKey: "demo", storeKey: "park" }); // six menu languages
  store = { company_id: cs.company_id, store_id: cs.store_id };
  [items, categories] = await Promise.all([itemsOfStore(store.company_id, store.store_id), categoriesOfStore(store.company_id, store.store_id)]);
}, 180_000);

/**
 * Queries that are a word, or a word's first 3 or 5 letters, of a title or category name in any
 * language (a run of Han characters: its first 2), one in five of them to keep the test short.
 */
function demoQueries() {
  const queries = new Set<string>();
  for (const text of [...items, ...categories].flatMap(texts)) {
    for (const { kind, term } of indexTermsOf([text])) {
      if (kind !== "w" || [...term].length < 3) continue;
      for (const n of [3, 5, Infinity]) queries.add([...term].slice(0, n).join(""));
    }
    for (const run of text.match(/\p{Script=Han}{2,}/gu) ?? []) queries.add(run.slice(0, 2));
  }
  return [...queries].filter((_, i) => i % 5 === 0);
}

describe("search on the demo store", () => {
  it("answers today's hits plus the items of categories whose name matches", async () => {
    const queries = demoQueries();
    expect(queries.length).toBeGreaterThan(200);
    let withCategory = 0;
    for (const q of queries) {
      const byCategory = new Set(categories.filter((c) => texts(c).some((t) => holds(t, q))).map((c) => c.id));
      const expected = [...new Set([...oldSearch(items, q), ...items.filter((i) => byCategory.has(i.category_id))])];
      if (expected.length > oldSearch(items, q).length) withCategory++;
      const hits = await withActor({ type: "system" }, () => searchItems({ ...store, q }));
      expect(hits.map((h) => h.id), q).toEqual(sorted(expected));
    }
    expect(withCategory).toBeGreaterThan(10);
  }, 300_000);

  it("finds a category's items by its name: 'пицца' finds the pizzas", async () => {
    const pizzas = items.filter((i) => i.category_id === categories.find((c) => c.name === "Пицца")!.id).map((i) => i.id);
    expect(pizzas.length).toBeGreaterThanOrEqual(6);
    const hits = await withActor({ type: "system" }, () => searchItems({ ...store, q: "пицца" }));
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining(pizzas));
  });

  it("builds the index of stores that have none at start, once per table", async () => {
    // The seed built the demo stores' indexes: the start-up step finds nothing to do and marks the table.
    expect(await indexStoresWithoutIndex()).toBe(0);
    // A store of an older data folder: its records were written before there was an index.
    const company = await createCompany({ name: "Старая", url_key: "oldfolder" });
    const old = await createStore({ company_id: company.id, name: "Старая", url_key: "main" });
    const keys = { company_id: company.id, store_id: old.store_id };
    const category_id = randomUUID();
    await Db().entities.category.create({ ...keys, category_id, section: "kitchen", type: "products", name: "Супы" }).go();
    await Db().entities.item.create({ ...keys, item_id: randomUUID(), kind: "product", category_id, title: "Окрошка", portions: [{ id: "p", weight: "300", unit: "g", price: "5", currency: "BYN" }] }).go();
    expect(await indexStoresWithoutIndex()).toBe(0); // the table is marked: one GetItem
    await Db().entities.migration.delete({ name: "search-index-v1" }).go();
    expect(await indexStoresWithoutIndex()).toBe(1);
    expect((await Db().entities.searchIndexState.get(keys).go()).data?.version).toBe(1);
    const { data } = await Db().entities.searchIndexTerm.query.byTerm({ ...keys, kind: "w" }).begins({ term: "окрошка" }).go();
    expect(data.map((r) => r.ref_type)).toEqual(["item"]);
    expect(await indexStoresWithoutIndex()).toBe(0);
  });
});
