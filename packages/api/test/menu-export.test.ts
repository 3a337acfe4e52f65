import { randomUUID } from "node:crypto";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readSheet } from "read-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { addDays } from "@menu/core/subscription/plans";
import { venue } from "../../core/test/fixtures";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
let other: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const get = (actor: Actor, query: string) => createApp({ resolveActor: () => actor }).request(`/api/menu-export?${query}`);

beforeAll(async () => {
  [v, other] = await Promise.all([venue("export"), venue("exportother")]);
  const keys = { company_id: v.company_id, store_id: v.store_id };
  await Db().entities.store.patch(keys).set({ name: "Центр", languages: ["ru", "en", "zh", "ar"] }).go();
  await Db()
    .entities.item.patch({ ...keys, item_id: v.items.visible })
    .set({
      description: JSON.stringify({ ops: [{ insert: "Со сметаной" }, { insert: "\n" }] }),
      translations: { zh: { title: "罗宋汤" }, ar: { title: "بورش" } },
      portions: [
        { id: "p1", weight: "300", unit: "g", price: "9.50", currency: "BYN" },
        { id: "p2", weight: "0.5", unit: "l", price: "12", currency: "USD" },
      ],
    })
    .go();
  await Db()
    .entities.subscription.create({
      ...keys,
      subscription_id: randomUUID(),
      plan: "premium",
      status: "active",
      starts_at: addDays(clock.now(), -1).toISOString(),
      ends_at: addDays(clock.now(), 20).toISOString(),
    })
    .go();
});

const pdfText = async (res: Response) => {
  const doc = await getDocument({ data: new Uint8Array(await res.arrayBuffer()) }).promise;
  const page = await doc.getPage(1);
  return (await page.getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join("\n");
};

describe("menu export", () => {
  it("prints the menu guests see as a PDF: sections, categories, items with portions, no hidden items", async () => {
    const res = await get(staff(v), `storeId=${v.store_id}&language=ru&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="menu-main-ru.pdf"`);
    const text = await pdfText(res);
    for (const expected of ["Центр", "КУХНЯ", "Супы", "Борщ", "Со сметаной", "300 г — 9.50 BYN", "0.5 л — 12 USD"]) expect(text).toContain(expected);
    expect(text).not.toContain("Секрет");
  });

  it("writes an Excel sheet per language, one row per portion, with the translated titles", async () => {
    const res = await get(staff(v), `storeId=${v.store_id}&language=zh&format=xlsx`);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(rows).toEqual([
      ["分区", "类别", "菜品", "描述", "份量", "价格", "货币", "过敏原", "标签", "显示", "ID"],
      ["厨房", "Супы", "罗宋汤", "Со сметаной", "300 克", 9.5, "BYN", null, null, "是", v.items.visible],
      ["厨房", "Супы", "罗宋汤", "Со сметаной", "0.5 升", 12, "USD", null, null, "是", v.items.visible],
    ]);
  });

  it("sets Arabic in the Arabic font and keeps portions (numbers) in reading order", async () => {
    const res = await get(staff(v), `storeId=${v.store_id}&language=ar&format=pdf`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    expect(await pdfText(new Response(bytes))).toContain("300 g — 9.50 BYN");
  });

  it("refuses a language the store does not have, other tenants and guests", async () => {
    expect((await get(staff(v), `storeId=${v.store_id}&language=fr&format=pdf`)).status).toBe(400);
    expect((await get(staff(v), `storeId=${v.store_id}&language=ru&format=doc`)).status).toBe(400);
    expect((await get(staff(other), `storeId=${v.store_id}&language=ru&format=pdf`)).status).toBe(404);
    expect((await get({ type: "public" }, `storeId=${v.store_id}&language=ru&format=pdf`)).status).toBe(404);
  });
});
