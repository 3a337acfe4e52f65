/**
 * Issue 33, point 5: the import's template has the export's columns and imports cleanly; the
 * categories an import creates come in the sheet's order (also when applied in chunks of one
 * item) after the section's existing ones, with icons fitting their names.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { categoryIconFor } from "@menu/core/import/category-icon";
import { readTable } from "@menu/core/import/menu-import-sheet";
import { addDays } from "@menu/core/billing/plans";
import { venue } from "../../core/test/fixtures";
import { exportedFile, useExportWorker } from "./support/menu-export";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const app = () => createApp({ resolveActor: () => staff(v) });
const post = async (path: string, body: unknown) => {
  const res = await app().request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const file = (name: string, bytes: Buffer) => ({ store_id: v.store_id, file_name: name, content: bytes.toString("base64") });
/** Applies the whole file in chunks of `count` items, as the page does; answers the last answer. */
async function apply(name: string, bytes: Buffer, count: number) {
  for (let from = 0; ; ) {
    const res = await post("/api/menu-import/apply", { ...file(name, bytes), from, count });
    const { done, total } = res.body as { done: number; total: number };
    if (res.status !== 200 || done >= total) return res;
    from = done;
  }
}
const template = async (format: string) => {
  const res = await createApp({ resolveActor: () => ({ type: "public" }) }).request(`/api/menu-import/template?format=${format}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};
/** The store's categories in a section, as guests and the admin panel order them (position, then id). */
async function categories(section: string) {
  const { data } = await Db().entities.category.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" });
  return data
    .filter((c) => c.section === section && !c.parent_id)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.category_id < b.category_id ? -1 : 1))
    .map((c) => ({ name: c.name, icon: c.icon }));
}
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(",")).join("\r\n"));
const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const row = (section: string, category: string, title: string) => [section, category, title, "", "100 г", "5", "BYN", "", "", "да", ""];

useExportWorker();
beforeAll(async () => {
  v = await venue("importorder");
  const keys = { company_id: v.company_id, store_id: v.store_id };
  await Db()
    .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() })
    .go();
});

describe("the import's template", () => {
  it("has the export's columns, in Excel and CSV, with two example items, and imports cleanly", async () => {
    const exported = Buffer.from(await (await exportedFile(staff(v), { storeId: v.store_id, language: "ru", format: "xlsx" })).arrayBuffer());
    const [exportHeader] = await readTable("menu.xlsx", exported);
    for (const format of ["xlsx", "csv"]) {
      const { res, bytes } = await template(format);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="menu-template.${format}"`);
      const rows = await readTable(`template.${format}`, bytes);
      expect(rows[0]).toEqual(exportHeader);
      expect(rows).toHaveLength(3);
      const p = (await post("/api/menu-import/preview", file(`template.${format}`, bytes))).body;
      expect(p).toMatchObject({ language: "ru", creates: 2, changes: 0, errors: [], categories: ["Чай"] });
    }
    expect((await template("pdf")).res.status).toBe(400);

    const { bytes } = await template("csv");
    const res = await apply("template.csv", bytes, 1);
    expect(res.status).toBe(200);
    expect((res.body as { categories: { name: string; section: string }[] }).categories.map((c) => `${c.section}:${c.name}`)).toEqual(["kitchen:Супы", "drinks:Чай"]);
    expect(await categories("drinks")).toEqual([{ name: "Чай", icon: "🫖" }]);
  });
});

describe("categories an import creates", () => {
  it("come in the sheet's order after the existing ones, across chunks of one item, with fitting icons", async () => {
    const rows = [
      HEADER,
      row("Кухня", "Пицца", "Маргарита"),
      row("Кухня", "Завтраки", "Омлет"),
      row("Кухня", "Свинина по-домашнему", "Рагу"),
      row("Напитки", "Кофе", "Латте"),
      row("Кухня", "Пицца", "Пепперони"),
      row("Кухня", "Десерты", "Чизкейк"),
      row("Напитки", "Лимонады", "Тархун"),
      row("Кухня", "Бургеры", "Чизбургер"),
      row("Кухня", "Супы", "Солянка"),
    ];
    expect((await apply("order.csv", csv(rows), 1)).status).toBe(200);
    expect(await categories("kitchen")).toEqual([
      { name: "Супы", icon: "" },
      { name: "Пицца", icon: "🍕" },
      { name: "Завтраки", icon: "🍳" },
      { name: "Свинина по-домашнему", icon: "🍲" },
      { name: "Десерты", icon: "🍰" },
      { name: "Бургеры", icon: "🍔" },
    ]);
    expect(await categories("drinks")).toEqual([
      { name: "Чай", icon: "🫖" },
      { name: "Кофе", icon: "☕" },
      { name: "Лимонады", icon: "🍋" },
    ]);
    // Items within a category keep the sheet's order too.
    const { data } = await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" });
    const pizza = data.filter((i) => ["Маргарита", "Пепперони"].includes(i.title)).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    expect(pizza.map((i) => i.title)).toEqual(["Маргарита", "Пепперони"]);
  });

  it("get an icon by the words of their names, or the section's own", () => {
    expect(["Пицца", "Pizza napoletana", "Чай и травы", "Tea", "Напитки", "Soft drinks", "Кальяны", "Настольные игры", "Свинина", "Картофель", "Разное"].map((n) => categoryIconFor(n, "kitchen"))).toEqual([
      "🍕", "🍕", "🫖", "🫖", "🥤", "🥤", "💨", "🎲", "🍲", "🍲", "🍲",
    ]);
    expect([categoryIconFor("Разное", "drinks"), categoryIconFor("Разное", "hookahs"), categoryIconFor("Разное", "games")]).toEqual(["🥤", "💨", "🎲"]);
  });
});
