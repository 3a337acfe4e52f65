/**
 * The import's limits (issue 30, point 1): hostile spreadsheets made here byte by byte are refused
 * before any sheet library reads them, with the reason, and nothing is written; a parse runs in a
 * worker thread, so requests keep being answered meanwhile, and is stopped when it runs too long.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, type Actor } from "@menu/core";
import { IMPORT_CELL_MAX, IMPORT_ROWS_MAX } from "@menu/core/import/menu-import-limits";
import { sheetRows } from "@menu/core/render/sheet-reader";
import { venue } from "../../core/test/fixtures";
import { workbookEntries, zip } from "./support/hostile-zip";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
const app = createApp();
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const staffApp = () => createApp({ resolveActor: () => staff(v) });
const post = async (path: string, body: unknown) => {
  const res = await staffApp().request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { errors?: { row: number; code: string }[]; code?: string } };
};
const file = (name: string, bytes: Buffer | string) => ({ store_id: v.store_id, file_name: name, content: Buffer.from(bytes).toString("base64") });
const preview = (name: string, bytes: Buffer | string) => post("/api/menu-import/preview", file(name, bytes));
const itemCount = async () => (await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data.length;

const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const row = (i: number) => ["Кухня", "Супы", `Суп ${i}`, "", "300 г", "5", "BYN", "", "", "да", ""];
const workbook = (rows: string[][]) => zip(workbookEntries(rows));
const LIMITS = { maxUnpacked: 20 * 1024 * 1024, maxRatio: 100, maxRows: IMPORT_ROWS_MAX, maxCell: IMPORT_CELL_MAX };

beforeAll(async () => {
  v = await venue("importlimits");
});

describe("import limits", () => {
  it("reads an honest workbook written byte by byte (the helper makes real sheets)", async () => {
    const { status, body } = await preview("menu.xlsx", workbook([HEADER, row(1), row(2)]));
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body).toMatchObject({ creates: 2, changes: 0 });
    expect((body as { create?: unknown[] }).create).toHaveLength(2);
  });

  it("lists the first 100 items a large sheet would create, and counts them all", async () => {
    const { body } = await preview("large.xlsx", workbook([HEADER, ...Array.from({ length: 1200 }, (_, i) => row(i))]));
    expect(body).toMatchObject({ creates: 1200, changes: 0, errors: [] });
    expect((body as { create?: { row: number }[] }).create!.map((c) => c.row)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
  });

  it("refuses a cell that unpacks to 20 MB (600× its archive) before any parse, and applies nothing", async () => {
    const bomb = zip(workbookEntries([HEADER, ["Кухня", "Супы", "x".repeat(20 * 1024 * 1024), "", "300 г", "5", "BYN", "", "", "да", ""]]));
    expect(bomb.length).toBeLessThan(180 * 1024);
    const before = await itemCount();
    const { status, body } = await preview("bomb.xlsx", bomb);
    expect(status).toBe(200);
    expect(body.errors).toEqual([{ row: 1, column: "", code: "unpacksTooMuch" }]);
    const applied = await post("/api/menu-import/apply", { ...file("bomb.xlsx", bomb), from: 0, count: 50 });
    expect(applied.status).toBe(400);
    expect(applied.body.code).toBe("importInvalid");
    expect(await itemCount()).toBe(before);
  });

  it("counts what really comes out, not the sizes an archive declares", async () => {
    const entries = workbookEntries([HEADER, row(1)]);
    const lying = zip(entries.map((e) => (e.name === "xl/sharedStrings.xml" ? { ...e, data: `${e.data}${" ".repeat(8 * 1024 * 1024)}`, declared: 100 } : e)));
    expect((await preview("lying.xlsx", lying)).body.errors).toEqual([{ row: 1, column: "", code: "unpacksTooMuch" }]);
  });

  it("counts every entry of an archive whose entries share one compressed stream", async () => {
    const shared = zip(
      Array.from({ length: 20 }, (_, i) => ({ name: `xl/media/part${i}.xml`, data: "a".repeat(4 * 1024 * 1024) })),
      { shared: true },
    );
    expect((await preview("shared.xlsx", shared)).body.errors).toEqual([{ row: 1, column: "", code: "unpacksTooMuch" }]);
  });

  it("refuses an archive whose directory could show a sheet library entries it did not count", async () => {
    // A workbook with 20 big entries more, its end record's total saying only the workbook's 6
    // (another reader takes the count from the field beside it, and would unpack them all).
    const entries = [...workbookEntries([HEADER, row(1)]), ...Array.from({ length: 20 }, (_, i) => ({ name: `xl/media/big${i}.xml`, data: "a".repeat(4 * 1024 * 1024) }))];
    const tricked = zip(entries);
    tricked.writeUInt16LE(6, tricked.length - 22 + 10);
    expect((await preview("tricked.xlsx", tricked)).body.errors).toEqual([{ row: 1, column: "", code: "notASheet" }]);
  });

  it("refuses more than 5,000 rows and a cell over 10,000 characters, in a workbook and in a CSV", async () => {
    const many = [HEADER, ...Array.from({ length: IMPORT_ROWS_MAX }, (_, i) => row(i))];
    expect((await preview("many.xlsx", workbook(many))).body.errors).toEqual([{ row: 1, column: "", code: "tooManyRows" }]);
    // Rows counted before anything else is judged: short ones keep the CSV within the file limit.
    const manyCsv = [HEADER.join(","), ...Array.from({ length: IMPORT_ROWS_MAX }, (_, i) => `x${i}`)].join("\n");
    expect((await preview("many.csv", manyCsv)).body.errors).toEqual([{ row: 1, column: "", code: "tooManyRows" }]);
    const long = [HEADER, ["Кухня", "Супы", "Суп", "ж".repeat(IMPORT_CELL_MAX + 1), "300 г", "5", "BYN", "", "", "да", ""]];
    expect((await preview("long.xlsx", workbook(long))).body.errors).toEqual([{ row: 1, column: "", code: "cellTooLong" }]);
    expect((await preview("long.csv", long.map((r) => r.join(",")).join("\n"))).body.errors).toEqual([{ row: 1, column: "", code: "cellTooLong" }]);
    // At the limits exactly, the file is read.
    const atLimit = [HEADER, ["Кухня", "Супы", "Суп", "ж".repeat(IMPORT_CELL_MAX), "300 г", "5", "BYN", "", "", "да", ""]];
    expect((await preview("at-limit.xlsx", workbook(atLimit))).body.errors).toEqual([]);
  });

  it("answers other requests while a workbook is parsed in a worker", async () => {
    // The largest honest sheet the limits allow, read by the pool alone (no database awaits, no
    // import plan yielding in between): with the parse on this thread, no request would get in.
    const big = workbook([HEADER, ...Array.from({ length: IMPORT_ROWS_MAX - 1 }, (_, i) => row(i))]);
    let parsed = false;
    const pending = sheetRows(big, "parallel", { ...LIMITS, timeoutMs: 10_000 }).then((read) => {
      parsed = true;
      return read;
    });
    let answeredDuringParse = 0;
    while (!parsed) {
      // Each round lets the event loop run, as a server's sockets would, so the worker's answer can arrive.
      await new Promise((resolve) => setImmediate(resolve));
      const res = await app.request("/api/health");
      expect(res.status).toBe(200);
      if (!parsed) answeredDuringParse++;
    }
    expect(answeredDuringParse).toBeGreaterThan(0);
    const read = await pending;
    expect("rows" in read && read.rows.length).toBe(IMPORT_ROWS_MAX);
  });

  it("lets one store read two files at once, and answers a third 429 without queueing it", async () => {
    const big = workbook([HEADER, ...Array.from({ length: 3000 }, (_, i) => row(i))]);
    const reads = [1, 2, 3].map(() => sheetRows(big, "one-store", { ...LIMITS, timeoutMs: 10_000 }).then((read) => ("rows" in read ? "read" : read.refused), (error: { code?: string; status?: number }) => `${error.status} ${error.code}`));
    expect(await Promise.all(reads)).toEqual(["read", "read", "429 tooManyAttempts"]);
    // Another store is not held back meanwhile, and the store may read again once done.
    expect("rows" in (await sheetRows(big, "one-store", { ...LIMITS, timeoutMs: 10_000 }))).toBe(true);
  });

  it("stops a parse that runs past its time, and the next file is read by a fresh worker", async () => {
    const big = workbook([HEADER, ...Array.from({ length: 3000 }, (_, i) => row(i))]);
    expect(await sheetRows(big, "test", { ...LIMITS, timeoutMs: 1 })).toEqual({ refused: "parseTooSlow" });
    const read = await sheetRows(workbook([HEADER, row(1)]), "test", { ...LIMITS, timeoutMs: 10_000 });
    expect("rows" in read && read.rows.length).toBe(2);
  });
});
