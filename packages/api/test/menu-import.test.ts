/**
 * Menu import (issue 19): the export's own sheet imports as "nothing to change"; an edited sheet
 * (CSV or Excel) previews what it creates and changes, with errors per row and cell; nothing is
 * written while any row is invalid; a sheet in another language writes that language's translations.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { addDays } from "@menu/core/billing/plans";
import { venue } from "../../core/test/fixtures";
import { exportedFile, useExportWorker } from "./support/menu-export";
import { recordsRead } from "./support/reads";

type Store = Awaited<ReturnType<typeof venue>>;
type Preview = {
  language: string;
  items: number;
  create: { row: number; title: string; category: string }[];
  change: { id: string; fields: string[] }[];
  unchanged: number;
  categories: string[];
  errors: { row: number; column: string; code: string; value?: string }[];
};
let v: Store;
let other: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const call = async (actor: Actor, path: string, body: unknown) => {
  const res = await createApp({ resolveActor: () => actor }).request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const file = (name: string, bytes: Buffer | string) => ({ store_id: v.store_id, file_name: name, content: Buffer.from(bytes).toString("base64") });
const preview = async (name: string, bytes: Buffer | string) => (await call(staff(v), "/api/menu-import/preview", file(name, bytes))).body as Preview;
/** Applies the whole file in chunks of `count` items, as the page does; answers the last answer. */
async function apply(name: string, bytes: Buffer | string, count = 2) {
  let from = 0;
  for (;;) {
    const res = await call(staff(v), "/api/menu-import/apply", { ...file(name, bytes), from, count });
    if (res.status !== 200) return res;
    const { done, total } = res.body as { done: number; total: number };
    if (done >= total) return res;
    from = done;
  }
}
const exported = async (language: string) => Buffer.from(await (await exportedFile(staff(v), { storeId: v.store_id, language, format: "xlsx" })).arrayBuffer());
const items = async () => (await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data;
const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n");
const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];

useExportWorker();
beforeAll(async () => {
  [v, other] = await Promise.all([venue("import"), venue("importother")]);
  const keys = { company_id: v.company_id, store_id: v.store_id };
  await Db().entities.store.patch(keys).set({ languages: ["ru", "en", "zh"] }).go();
  // A formatted description, two portions, marks, a translation: the round trip must keep them all.
  await Db()
    .entities.item.patch({ ...keys, item_id: v.items.visible })
    .set({
      description: JSON.stringify({ ops: [{ insert: "Со " }, { insert: "сметаной", attributes: { bold: true } }, { insert: "\n" }] }),
      translations: { zh: { title: "罗宋汤", manual: true } },
      portions: [
        { id: "p1", weight: "300", unit: "g", price: "9.50", currency: "BYN" },
        { id: "p2", weight: "0.5", unit: "l", price: "12", currency: "USD" },
      ],
      allergens: ["milk"],
      tags: ["vegetarian"],
    })
    .go();
  await Db()
    .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() })
    .go();
});

describe("menu import", () => {
  it("imports the store's own export as nothing to change, in Russian and in Chinese", async () => {
    const before = await items();
    for (const language of ["ru", "zh"]) {
      const sheet = await exported(language);
      const p = await preview("menu.xlsx", sheet);
      expect(p).toMatchObject({ language, items: 1, create: [], change: [], unchanged: 1, errors: [] });
      expect((await apply("menu.xlsx", sheet)).status).toBe(200);
    }
    // Not a field rewritten: the records are as they were (updated_at included).
    expect(await items()).toEqual(before);
  });

  it("previews and applies an edited CSV: a changed price and marks, a new item in a new category", async () => {
    const rows = [
      HEADER,
      ["Кухня", "Супы", "Борщ", "Со сметаной", "300 г", "10,20", "BYN", "Milk, Celery", "Вегетарианское", "да", v.items.visible],
      ["Кухня", "Супы", "Борщ", "Со сметаной", "0,5 л", "12", "USD", "Milk, Celery", "Вегетарианское", "да", v.items.visible],
      ["Кухня", "Салаты / Тёплые", "Тёплый салат с уткой", "Утка, груша, руккола", "220 г", "16.40", "BYN", "", "", "да", ""],
      ["Кухня", "Салаты / Тёплые", "Тёплый салат с уткой", "Утка, груша, руккола", "320 г", "21.90", "BYN", "", "", "да", ""],
    ];
    const p = await preview("menu.csv", csv(rows));
    expect(p.errors).toEqual([]);
    expect(p.change).toEqual([{ row: 2, id: v.items.visible, title: "Борщ", fields: ["portions", "allergens"] }]);
    expect(p.create).toEqual([{ row: 4, title: "Тёплый салат с уткой", category: "Салаты / Тёплые" }]);
    expect(p.categories).toEqual(["Салаты / Тёплые"]);

    // The last call also names the sheet's categories, for the page's links after applying.
    const applied = (await apply("menu.csv", csv(rows), 1)).body as { done: number; total: number; categories: { name: string; section: string }[] };
    expect(applied).toMatchObject({ done: 2, total: 2 });
    expect(applied.categories.map((c) => `${c.section}:${c.name}`)).toEqual(["kitchen:Супы", "kitchen:Салаты / Тёплые"]);
    const after = await items();
    const borsch = after.find((i) => i.item_id === v.items.visible)!;
    expect(borsch.portions.map((x) => [x.id, x.price])).toEqual([
      ["p1", "10.20"],
      ["p2", "12"],
    ]);
    expect(borsch.allergens).toEqual(["milk", "celery"]);
    // The description did not change, so its formatting stays.
    expect(borsch.description).toContain('"bold":true');
    const salad = after.find((i) => i.title === "Тёплый салат с уткой")!;
    expect(salad.portions.map((x) => [x.weight, x.unit, x.price])).toEqual([
      ["220", "g", "16.40"],
      ["320", "g", "21.90"],
    ]);
    const categories = (await Db().entities.category.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data;
    const warm = categories.find((c) => c.category_id === salad.category_id)!;
    expect(warm.name).toBe("Тёплые");
    expect(categories.find((c) => c.category_id === warm.parent_id)?.name).toBe("Салаты");
    // The same file again changes nothing more.
    expect(await preview("menu.csv", csv(rows))).toMatchObject({ create: [{ title: "Тёплый салат с уткой" }], change: [] });
  });

  it("reports every invalid cell by row and column, and writes nothing while any row is invalid", async () => {
    const before = await items();
    const rows = [
      HEADER,
      ["Кухня", "Супы", "Щи", "", "300 г", "0", "BYN", "Орехи", "", "да", ""],
      ["Бар", "Супы", "Уха", "", "300 штук-то", "5", "EUR", "Арсеник", "", "может", ""],
      ["Кухня", "Супы", "Х", "", "300 г", "5", "BYN", "", "", "да", "no-such-id"],
      ["Кухня", "Супы", "Окрошка", "", "300 г", "5", "BYN", "", "", "да", ""],
    ];
    const p = await preview("menu.csv", csv(rows));
    expect(p.errors).toEqual([
      { row: 2, column: "Цена", code: "priceZero", value: "0" },
      { row: 3, column: "Раздел", code: "unknownSection", value: "Бар" },
      { row: 3, column: "Выход", code: "valueIncorrect", value: "300 штук-то" },
      { row: 3, column: "Валюта", code: "valueIncorrect", value: "EUR" },
      { row: 3, column: "Аллергены", code: "unknownMark", value: "Арсеник" },
      { row: 3, column: "Показывать", code: "valueIncorrect", value: "может" },
      { row: 4, column: "Позиция", code: "titleLength", value: "Х" },
      { row: 4, column: "ID", code: "unknownItem", value: "no-such-id" },
    ]);
    const refused = await apply("menu.csv", csv(rows));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "importInvalid" });
    expect(await items()).toEqual(before);
    // A sheet that is not the export's is read as the owner's own (issue 50); this one has no item to read.
    expect((await preview("menu.csv", "a,b,c\n1,2,3")).errors).toEqual([{ row: 1, column: "", code: "nothingRead" }]);
  });

  it("writes a Chinese sheet's titles as hand-made Chinese translations; new rows need the Russian sheet", async () => {
    const header = ["分区", "类别", "菜品", "描述", "份量", "价格", "货币", "过敏原", "标签", "显示", "ID"];
    const borsch = (await items()).find((i) => i.item_id === v.items.visible)!;
    const rows = [
      header,
      ...borsch.portions.map((x) => ["厨房", "Супы", "红菜汤", "配酸奶油", `${x.weight} ${x.unit === "g" ? "克" : "升"}`, x.price, x.currency, "乳制品, 芹菜", "素食", "是", v.items.visible]),
      ["厨房", "Супы", "新菜", "", "100 克", "3", "BYN", "", "", "是", ""],
    ];
    expect((await preview("zh.csv", csv(rows))).errors).toEqual([{ row: 4, column: "ID", code: "newItemNeedsSource" }]);
    rows.pop();
    const p = await preview("zh.csv", csv(rows));
    expect(p).toMatchObject({ language: "zh", change: [{ id: v.items.visible, fields: ["title", "description"] }], errors: [] });
    expect((await apply("zh.csv", csv(rows))).status).toBe(200);
    const after = (await items()).find((i) => i.item_id === v.items.visible)!;
    expect(after.title).toBe("Борщ");
    expect(after.translations?.zh).toMatchObject({ title: "红菜汤", manual: true });
    expect(after.translations?.zh?.description).toContain("配酸奶油");
  });

  it("keeps what a sheet has no column for, and a translation a sheet did not change", async () => {
    const before = (await items()).find((i) => i.item_id === v.items.visible)!;
    // Prices only: no description, marks or visibility columns.
    const header = ["Раздел", "Категория", "Позиция", "Выход", "Цена", "Валюта", "ID"];
    const rows = [header, ...before.portions.map((x, i) => ["Кухня", "Супы", "Борщ", `${x.weight} ${x.unit === "g" ? "г" : "л"}`, i ? x.price : "10.90", x.currency, v.items.visible])];
    expect((await preview("prices.csv", csv(rows))).change).toEqual([{ row: 2, id: v.items.visible, title: "Борщ", fields: ["portions"] }]);
    expect((await apply("prices.csv", csv(rows))).status).toBe(200);
    const after = (await items()).find((i) => i.item_id === v.items.visible)!;
    expect(after.portions[0]!.price).toBe("10.90");
    expect([after.description, after.allergens, after.tags, after.visible, after.translations]).toEqual([before.description, before.allergens, before.tags, before.visible, before.translations]);

    // A Chinese sheet whose only change is a price writes no translation (the texts it shows may be a fallback).
    const zhHeader = ["分区", "类别", "菜品", "描述", "份量", "价格", "货币", "过敏原", "标签", "显示", "ID"];
    const zh = [zhHeader, ...after.portions.map((x, i) => ["厨房", "Супы", after.translations!.zh!.title!, "配酸奶油", `${x.weight} ${x.unit === "g" ? "克" : "升"}`, i ? x.price : "11.90", x.currency, "乳制品, 芹菜", "素食", "是", v.items.visible])];
    expect((await preview("zh.csv", csv(zh))).change).toEqual([{ row: 2, id: v.items.visible, title: after.translations!.zh!.title, fields: ["portions"] }]);
    expect((await apply("zh.csv", csv(zh))).status).toBe(200);
    expect((await items()).find((i) => i.item_id === v.items.visible)!.translations).toEqual(after.translations);
  });

  it("round-trips a category whose name holds a slash", async () => {
    const keys = { company_id: v.company_id, store_id: v.store_id };
    const category_id = randomUUID();
    await Db().entities.category.create({ ...keys, category_id, section: "drinks", type: "products", name: "Пиво/сидр" }).go();
    await Db().entities.item.create({ ...keys, item_id: randomUUID(), kind: "product", category_id, title: "Сидр грушевый", portions: [{ id: "c1", weight: "0.5", unit: "l", price: "7", currency: "BYN" }] }).go();
    const p = await preview("menu.xlsx", await exported("ru"));
    expect(p).toMatchObject({ create: [], change: [], errors: [] });
  });

  it("answers only the store's staff", async () => {
    const res = await call(staff(other), "/api/menu-import/preview", file("menu.csv", csv([HEADER])));
    expect([403, 404]).toContain(res.status);
    expect([401, 404]).toContain((await call({ type: "public" }, "/api/menu-import/apply", { ...file("menu.csv", csv([HEADER])), from: 0, count: 1 })).status);
  });
});

describe("the import in a big store", () => {
  const filler: string[] = [];
  beforeAll(async () => {
    const keys = { company_id: v.company_id, store_id: v.store_id };
    const portion = { id: "p", weight: "100", unit: "g", price: "1", currency: "BYN" } as const;
    const records = Array.from({ length: 400 }, (_, n) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: v.category_id, position: 10_000 + n, title: `Позиция ${n}`, portions: [portion] }));
    await Db().entities.item.put(records).go();
    filler.push(...records.map((r) => r.item_id));
  });

  it("reads the items its sheet names, not the whole store", async () => {
    // The export names every item: every one is read.
    const sheet = await exported("ru");
    const whole = await recordsRead(() => preview("menu.xlsx", sheet));
    expect(whole.result).toMatchObject({ errors: [], change: [] });
    expect(whole.result.unchanged).toBeGreaterThan(400);
    // A sheet naming one item reads that item and the store's settings, whatever the store's size.
    const row = ["Кухня", "Супы", "Борщ", "Со сметаной", "300 г", "11", "BYN", "Milk, Celery", "Вегетарианское", "да", v.items.visible];
    const small = await recordsRead(() => preview("menu.csv", csv([HEADER, row])));
    expect(small.result).toMatchObject({ items: 1, errors: [], change: [{ id: v.items.visible }] });
    expect(whole.records).toBeGreaterThan(whole.result.unchanged);
    expect(small.records).toBeLessThan(30);
  });

  it("applies a one-row sheet reading a bounded number of records, and queues the translation of what it wrote only", async () => {
    const keys = { company_id: v.company_id, store_id: v.store_id };
    const row = ["Кухня", "Супы", "Солянка сборная", "Мясная", "300 г", "12", "BYN", "", "", "да", ""];
    const applied = await recordsRead(() => apply("one.csv", csv([HEADER, row])));
    expect(applied.result.status).toBe(200);
    // The 400 untranslated filler items are neither read nor queued.
    expect(applied.records).toBeLessThan(60);
    const created = (await items()).find((i) => i.title === "Солянка сборная")!;
    const rows = (await Db().entities.translation.query.byStore(keys).go({ pages: "all" })).data;
    expect(rows.filter((r) => r.target_id === created.item_id).map((r) => r.language).sort()).toEqual(["en", "zh"]);
    expect(rows.filter((r) => filler.includes(r.target_id))).toEqual([]);
  });
});
