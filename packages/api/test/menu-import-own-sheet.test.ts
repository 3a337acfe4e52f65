/**
 * POST /api/menu-import/preview with a spreadsheet of the owner's own columns (issue 50, point 1):
 * a draft with the columns' mapping, also for a CSV saved in Windows-1251; a mapping the owner
 * sends re-reads the sheet and is remembered for the next file with the same header; a mapping
 * out of its bounds is refused; the export's own columns still answer the plan.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import type { Actor } from "@menu/core";
import { venue } from "../../core/test/fixtures";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
const staff = (): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: v.company_id, storeId: v.store_id });
type Answer = { draft?: { items: { category: string; title: string; portions: { price: string }[] }[] }; columns?: { guess: unknown; remembered: boolean }; creates?: number; code?: string };
const preview = async (file_name: string, bytes: Buffer, mapping?: unknown) => {
  const body = { store_id: v.store_id, file_name, content: bytes.toString("base64"), ...(mapping ? { mapping } : {}) };
  const res = await createApp({ resolveActor: staff }).request("/api/menu-import/preview", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer };
};
/** Text as Excel on a Russian Windows saves a CSV: Windows-1251 (Cyrillic А–я are 0xC0–0xFF there). */
const cp1251 = (text: string) => Buffer.from([...text].map((c) => (c >= "А" && c <= "я" ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))));
const items = (answer: Answer) => answer.draft?.items.map((i) => `${i.category} | ${i.title} | ${i.portions.map((p) => p.price).join(", ")}`);

beforeAll(async () => {
  v = await venue("own-sheet");
});

describe("a spreadsheet of the owner's own columns", () => {
  it("answers a draft with the guessed mapping, for a CSV in Windows-1251 too", async () => {
    const { status, body } = await preview("меню.csv", cp1251("Группа;Наименование;Цена\r\nСупы;Борщ;8,50\r\nСупы;Солянка;9\r\n"));
    expect(status).toBe(200);
    expect(items(body)).toEqual(["Супы | Борщ | 8.5", "Супы | Солянка | 9"]);
    expect(body.columns).toMatchObject({ guess: { columns: ["category", "title", "price"], sheetsAs: "one" }, remembered: false });
  });

  it("re-reads the sheet with the owner's mapping and remembers it for the next file with the same header", async () => {
    const file = Buffer.from("Позиция;Цена;Комментарий\r\nБорщ;8,50;Хит\r\n");
    expect((await preview("ours.csv", file)).body.columns).toMatchObject({ guess: { columns: ["title", "price", "description"] }, remembered: false });
    const mapping = { columns: ["title", "price", "category"], sheetsAs: "one" };
    const chosen = await preview("ours.csv", file, mapping);
    expect(items(chosen.body)).toEqual(["Хит | Борщ | 8.5"]);
    const next = await preview("next-week.csv", Buffer.from("позиция;ЦЕНА;Комментарий\r\nСолянка;9;Новинка\r\n"));
    expect(next.body.columns).toEqual(expect.objectContaining({ guess: mapping, remembered: true }));
    expect(items(next.body)).toEqual(["Новинка | Солянка | 9"]);
  });

  it("refuses a mapping out of its bounds, and still answers the plan for the export's own columns", async () => {
    const file = Buffer.from("Позиция;Цена\r\nБорщ;8,50\r\n");
    expect((await preview("ours.csv", file, { columns: ["price", "bogus"], sheetsAs: "one" })).status).toBe(400);
    expect((await preview("ours.csv", file, { columns: Array(51).fill("skip"), sheetsAs: "one" })).status).toBe(400);
    const exported = "Раздел;Категория;Позиция;Описание;Выход;Цена;Валюта\r\nКухня;Супы;Борщ;;300 г;8,50;BYN\r\n";
    const plan = await preview("menu.csv", Buffer.from(exported));
    expect(plan.body).toMatchObject({ creates: 1 });
    expect(plan.body.draft).toBeUndefined();
  });
});
