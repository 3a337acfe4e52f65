/**
 * Kept counts and positions (issue 31): every write path keeps the store's facts and its
 * categories' counts in step with the records, and parallel creates never share a position
 * (the start-up migration: packages/core/test/positions-migration.test.ts).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { usePorts } from "@menu/core";
import { itemsFrom } from "@menu/core/store/positions";
import { keptCounts } from "@menu/core/store/recount";
import { expectCountsExact } from "./support/kept-counts";
import { captureMail } from "./support/browser-client";
import { tenant } from "./support/accounts";
import { body, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const signedIn = signingIn(app);
let t: Tenant;
let manager: Client;

beforeAll(async () => {
  t = await tenant("kept");
  manager = await signedIn(t.manager.email);
});

/** A deterministic sequence of numbers in [0, 1), so a failing run can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

const IMPORT_HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const csv = (rows: string[][]) => rows.map((r) => r.join(",")).join("\r\n");
const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
const picture = async () => {
  const key = `media/${t.company_id}/${t.store_id}/photo-${randomUUID()}.webp`;
  await usePorts().objects.put(key, new Uint8Array([1, 2, 3]), "image/webp");
  return key;
};

describe("kept counts", () => {
  it("equal a recount after random creates, edits, moves, duplicates, deletes, imports and tables, some of them at once", async () => {
    const next = random(31);
    const pick = <T,>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const categories: { id: string; section: string }[] = [{ id: t.category_id, section: "kitchen" }];
    const items: string[] = [t.items.visible, t.items.hidden];
    const promotions: string[] = [];
    const tables: string[] = [];
    let imports = 0;
    const ofSection = (s: string) => categories.filter((c) => c.section === s).map((c) => c.id);
    const send = (method: string, path: string, payload?: unknown) => manager.send(method, path, payload);

    const operations: (() => Promise<unknown>)[] = [
      async () => {
        const section = pick(["kitchen", "drinks", "promotions"]);
        const res = await send("POST", "/api/categories", { store_id: t.store_id, section, name: `C ${randomUUID().slice(0, 6)}` });
        if (res.status === 201) categories.push({ id: (await body<{ id: string }>(res)).id, section });
      },
      async () => {
        const category_id = pick([...ofSection("kitchen"), ...ofSection("drinks")]);
        const photo = next() < 0.4 ? await picture() : undefined;
        const res = await send("POST", "/api/items", { store_id: t.store_id, category_id, title: "Блюдо", description: "", visible: true, portions: [portion], ...(photo ? { photo } : {}) });
        if (res.status === 201) items.push((await body<{ id: string }>(res)).id);
      },
      async () => {
        const item_id = pick(items);
        const photo = next() < 0.5 ? await picture() : undefined;
        await send("PUT", `/api/items/${item_id}`, { store_id: t.store_id, title: "Правка", description: "", visible: true, portions: [portion], ...(photo ? { photo } : {}) });
      },
      async () => {
        const res = await send("POST", `/api/items/${pick(items)}/duplicate`, { store_id: t.store_id });
        if (res.status === 201) items.push((await body<{ id: string }>(res)).id);
      },
      async () => send("POST", `/api/items/${pick(items)}/move`, { store_id: t.store_id, category_id: pick([...ofSection("kitchen"), ...ofSection("drinks")]) }),
      async () => send("POST", "/api/items/bulk", { store_id: t.store_id, action: pick(["hide", "show", "delete"]), item_ids: [pick(items), pick(items)] }),
      async () => {
        const category_id = ofSection("promotions")[0];
        if (!category_id) return;
        const res = await send("POST", "/api/promotions", { store_id: t.store_id, category_id, header: "Акция", description: "", visible: true });
        if (res.status === 201) promotions.push((await body<{ id: string }>(res)).id);
      },
      async () => promotions.length && send("DELETE", `/api/promotions/${pick(promotions)}?storeId=${t.store_id}`),
      async () => send("DELETE", `/api/categories/${pick(categories).id}?storeId=${t.store_id}`),
      async () => {
        const res = await send("POST", "/api/tables", { store_id: t.store_id, position: 100 + Math.floor(next() * 900), name: `T ${randomUUID().slice(0, 6)}` });
        if (res.status === 201) tables.push((await body<{ id: string }>(res)).id);
      },
      async () => tables.length && send("DELETE", `/api/tables/${pick(tables)}?storeId=${t.store_id}`),
      async () => {
        // An import of two new items in a new category, then one moving an existing item into it.
        const name = `Импорт ${randomUUID().slice(0, 4)}`;
        const row = (title: string, id = "") => ["Кухня", name, title, "", "250 г", "5", "BYN", "", "", "да", id];
        const apply = (rows: string[][]) =>
          send("POST", "/api/menu-import/apply", { store_id: t.store_id, file_name: "menu.csv", content: Buffer.from(csv([IMPORT_HEADER, ...rows])).toString("base64"), from: 0, count: 10 });
        if ((await apply([row("Первое"), row("Второе")])).status !== 200) return;
        imports++;
        await apply([row("Перенесённое", pick(items))]);
      },
    ];
    for (let round = 0; round < 30; round++) {
      // Five at once: the counts must hold when writes race.
      await Promise.all(Array.from({ length: 5 }, () => pick(operations)()));
    }
    await expectCountsExact(t);
    const kept = await keptCounts(t);
    expect(kept.facts.items).toBeGreaterThan(2);
    expect(imports).toBeGreaterThan(0);
  });
});

describe("positions", () => {
  it("gives 100 parallel creates 100 distinct positions, listed in creation order of their positions", async () => {
    const res = await manager.send("POST", "/api/categories", { store_id: t.store_id, section: "drinks", name: "Параллельно" });
    const { id: category_id } = await body<{ id: string }>(res);
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        manager.send("POST", "/api/items", { store_id: t.store_id, category_id, title: `Напиток ${i}`, description: "", visible: true, portions: [portion] }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(100).fill(201));
    const positions = (await Promise.all(created.map((r) => body<{ position: number }>(r)))).map((i) => i.position);
    expect(new Set(positions).size).toBe(100);
    const { items } = await itemsFrom(t, category_id, 0, 100);
    expect(items.map((i) => i.position)).toEqual([...positions].sort((a, b) => a - b));
    expect((await keptCounts(t)).content.get(category_id)).toBe(100);
  });
});
