/**
 * The import's limits (issue 30, point 1): hostile spreadsheets made here byte by byte are refused
 * before any sheet library reads them, with the reason and where it was found (sheet, row,
 * column), and nothing is written; a parse runs in a worker thread, so requests keep being answered
 * meanwhile, and is stopped when it runs too long. Issue 46, point 5: "too long" is the worker's
 * CPU time, not the wall clock; a busy pool answers 503 "busy" with Retry-After; a store has one
 * read at a time while other stores' reads go ahead.
 *
 * Reads are held off the CPU with `hold` (the worker waits on it, as a thread of a busy machine
 * waits for a core) and let go with `release`; the tests wait for the pool's state, not for time,
 * except where time passing is the case itself (a held read outlasting its CPU limit).
 */
import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { performance } from "node:perf_hooks";
import { createApp } from "@menu/api";
import { Db, MESSAGES, UserError, type Actor } from "@menu/core";
import { IMPORT_CELL_MAX, IMPORT_ROWS_MAX } from "@menu/core/import/menu-import-limits";
import { POOL_SIZE, QUEUE_MAX, sheetPoolState, sheetRows, type PooledRead, type ReadLimits } from "@menu/core/render/sheet-reader";
import { PART_SIZE, SHEET_WORKER_NICE } from "@menu/core/render/sheet-worker";
import { ownThreadId, threadCpuMs } from "@menu/core/render/thread-cpu";
import { venue } from "../../core/test/fixtures";
import { workbookEntries, zip } from "./support/hostile-zip";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
const app = createApp();
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const staffApp = () => createApp({ resolveActor: () => staff(v) });
const post = async (path: string, body: unknown) => {
  const res = await staffApp().request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body: (await res.json()) as { errors?: { row: number; code: string }[]; code?: string; message?: string } };
};
const file = (name: string, bytes: Buffer | string) => ({ store_id: v.store_id, file_name: name, content: Buffer.from(bytes).toString("base64") });
const preview = (name: string, bytes: Buffer | string) => post("/api/menu-import/preview", file(name, bytes));
const itemCount = async () => (await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data.length;

const HEADER = ["Раздел", "Категория", "Позиция", "Описание", "Выход", "Цена", "Валюта", "Аллергены", "Метки", "Показывать", "ID"];
const row = (i: number) => ["Кухня", "Супы", `Суп ${i}`, "", "300 г", "5", "BYN", "", "", "да", ""];
const workbook = (rows: string[][]) => zip(workbookEntries(rows));
const LIMITS = { maxUnpacked: 20 * 1024 * 1024, maxRatio: 100, maxRows: IMPORT_ROWS_MAX, maxCell: IMPORT_CELL_MAX };
/** The import's own CPU limit and a backstop no test reaches unless it means to. */
const TIMES = { cpuMs: 10_000, wallMs: 120_000, waitMs: 120_000 };
const read = (bytes: Buffer, owner: string, limits: Partial<ReadLimits> = {}) => sheetRows(bytes, owner, { ...LIMITS, ...TIMES, ...limits });
/** What a read came to: "read", the refusal's code, or the error's status and code. */
const outcome = (pending: Promise<PooledRead>) =>
  pending.then(
    (r) => ("rows" in r ? "read" : r.refused),
    (error: { code?: string; status?: number }) => `${error.status} ${error.code}`,
  );

/** A hold for reads (SheetRequest.hold), and its release; every hold is released after each test. */
const holds: Int32Array[] = [];
const hold = () => {
  const h = new Int32Array(new SharedArrayBuffer(4));
  holds.push(h);
  return h;
};
const release = (h: Int32Array) => {
  Atomics.store(h, 0, 1);
  Atomics.notify(h, 0);
};
afterEach(() => holds.splice(0).forEach(release));
/** Where this machine can read a thread's CPU time (Linux): elsewhere the pool counts the wall clock. */
const cpuMeasurable = threadCpuMs(ownThreadId()) !== undefined;
/** Polls the pool until the condition holds (no sleeping). */
const until = (condition: (state: ReturnType<typeof sheetPoolState>) => boolean) => expect.poll(() => condition(sheetPoolState()), { timeout: 30_000 }).toBe(true);

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
    // Where it ran out: the cell (its shared string) being unpacked.
    expect(body.errors).toEqual([{ row: 2, column: "C", sheet: "Menu", code: "unpacksTooMuch" }]);
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
    expect((await preview("many.xlsx", workbook(many))).body.errors).toEqual([{ row: IMPORT_ROWS_MAX + 1, column: "", sheet: "Menu", code: "tooManyRows" }]);
    // Rows counted before anything else is judged: short ones keep the CSV within the file limit.
    const manyCsv = [HEADER.join(","), ...Array.from({ length: IMPORT_ROWS_MAX }, (_, i) => `x${i}`)].join("\n");
    expect((await preview("many.csv", manyCsv)).body.errors).toEqual([{ row: IMPORT_ROWS_MAX + 1, column: "", code: "tooManyRows" }]);
    const long = [HEADER, ["Кухня", "Супы", "Суп", "ж".repeat(IMPORT_CELL_MAX + 1), "300 г", "5", "BYN", "", "", "да", ""]];
    expect((await preview("long.xlsx", workbook(long))).body.errors).toEqual([{ row: 2, column: "D", sheet: "Menu", code: "cellTooLong" }]);
    expect((await preview("long.csv", long.map((r) => r.join(",")).join("\n"))).body.errors).toEqual([{ row: 2, column: "D", code: "cellTooLong" }]);
    // At the limits exactly, the file is read.
    const atLimit = [HEADER, ["Кухня", "Супы", "Суп", "ж".repeat(IMPORT_CELL_MAX), "300 г", "5", "BYN", "", "", "да", ""]];
    expect((await preview("at-limit.xlsx", workbook(atLimit))).body.errors).toEqual([]);
  });

  it("parses at a lower priority than the thread that answers guests (a nice value of its own)", async () => {
    expect(await read(workbook([HEADER, row(1)]), "nice")).toMatchObject({ rows: expect.any(Array) });
    // Every thread of this process with its nice value (/proc/self/task/<id>/stat, field 19).
    const nices = readdirSync("/proc/self/task").map((id) => {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    });
    expect(nices).toContain(SHEET_WORKER_NICE);
    expect(nices).toContain(0);
  });

  it("answers other requests while a workbook is parsed in a worker", async () => {
    // The largest honest sheet the limits allow, read by the pool alone (no database awaits, no
    // import plan yielding in between): with the parse on this thread, no request would get in.
    const big = workbook([HEADER, ...Array.from({ length: IMPORT_ROWS_MAX - 1 }, (_, i) => row(i))]);
    let parsed = false;
    const pending = read(big, "parallel").then((answer) => {
      parsed = true;
      return answer;
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
    const answer = await pending;
    expect("rows" in answer && answer.rows.length).toBe(IMPORT_ROWS_MAX);
  });

  it("judges a preview's rows in the worker and sends its items back in parts, CSV and Excel (issue 49, point 6)", async () => {
    // Every message a sheet worker sends this thread, as it arrives.
    const messages: unknown[] = [];
    const emit = Worker.prototype.emit;
    Worker.prototype.emit = function (this: Worker, event: string | symbol, ...args: unknown[]) {
      if (event === "message") messages.push(args[0]);
      return emit.call(this, event, ...args);
    };
    try {
      // The largest sheet the limits allow; a CSV of 2,000 rows (one of 5,000 is over the file's size).
      const rows = (count: number) => [HEADER, ...Array.from({ length: count }, (_, i) => row(i))];
      const csv = rows(2000).map((r) => r.join(";")).join("\r\n");
      for (const [name, bytes, count] of [["big.xlsx", workbook(rows(IMPORT_ROWS_MAX - 1)), IMPORT_ROWS_MAX - 1], ["big.csv", Buffer.from(csv), 2000]] as const) {
        messages.length = 0;
        const { status, body } = await preview(name, bytes);
        expect(status).toBe(200);
        expect(body).toMatchObject({ items: count, creates: count, errors: [] });
        const parts = messages.flatMap((m) => (m && typeof m === "object" && "part" in m ? [(m as { part: unknown[] }).part] : []));
        // Items, not rows: the judging was done before the answer crossed.
        expect(parts.flat()).toHaveLength(count);
        expect(parts.flat()[0]).toMatchObject({ row: 2, section: "kitchen", categoryPath: ["Супы"], title: "Суп 0", portions: [{ weight: "300", unit: "g", price: "5" }] });
        expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(PART_SIZE);
        expect(parts.length).toBe(Math.ceil(count / PART_SIZE));
      }
    } finally {
      Worker.prototype.emit = emit;
    }
  });

  it("names the sheet, row and column of a refused cell: a long text, a zip bomb in the sheet itself, past column Z", async () => {
    // A sheet named with an entity, cells as inline strings (no shared strings), the long one at AB7.
    const name = "Меню & бар";
    const cells = (r: number, texts: [string, string][]) => `<row r="${r}">${texts.map(([ref, text]) => `<c r="${ref}${r}" t="inlineStr"><is><t>${text}</t></is></c>`).join("")}</row>`;
    const inline = (rows: string) =>
      workbookEntries([HEADER]).map((e) =>
        e.name === "xl/workbook.xml"
          ? { ...e, data: String(e.data).replace('name="Menu"', 'name="Меню &amp; бар"') }
          : e.name === "xl/worksheets/sheet1.xml"
            ? { ...e, data: String(e.data).replace(/<sheetData>.*<\/sheetData>/, `<sheetData>${rows}</sheetData>`) }
            : e,
      );
    const long = inline(cells(1, [["A", "Раздел"], ["B", "Категория"], ["C", "Позиция"]]) + cells(7, [["A", "Кухня"], ["AB", "ж".repeat(IMPORT_CELL_MAX + 1)]]));
    expect((await preview("inline.xlsx", zip(long))).body.errors).toEqual([{ row: 7, column: "AB", sheet: name, code: "cellTooLong" }]);
    const bomb = inline(cells(1, [["A", "Раздел"]]) + cells(3, [["A", "Кухня"], ["B", "Супы"], ["C", "x".repeat(8 * 1024 * 1024)]]));
    expect((await preview("inline-bomb.xlsx", zip(bomb))).body.errors).toEqual([{ row: 3, column: "C", sheet: name, code: "unpacksTooMuch" }]);
    // The pool's answer holds the place and nothing else.
    expect(await read(zip(long), "places")).toEqual({ refused: "cellTooLong", at: { sheet: name, row: 7, column: "AB" } });
  });

  it("reads one file of a store at a time: its next one waits while another store's read goes ahead, a third is 429", async () => {
    const small = workbook([HEADER, row(1)]);
    const first = hold();
    const a1 = outcome(read(small, "store-a", { hold: first }));
    await until((pool) => pool.reading.includes("store-a"));
    const a2 = outcome(read(small, "store-a"));
    // A worker is free (the pool has two at least), yet the store's second read waits for its first.
    await until((pool) => pool.waiting.includes("store-a"));
    expect(POOL_SIZE).toBeGreaterThanOrEqual(2);
    expect(await outcome(read(small, "store-b"))).toBe("read");
    expect(sheetPoolState()).toMatchObject({ reading: ["store-a"], waiting: ["store-a"] });
    expect(await outcome(read(small, "store-a"))).toBe("429 tooManyAttempts");
    release(first);
    expect(await Promise.all([a1, a2])).toEqual(["read", "read"]);
  });

  it.runIf(cpuMeasurable)("counts the worker's CPU time, not the time it is held off the CPU or waits for a worker", async () => {
    const cpuMs = 500;
    const small = workbook([HEADER, row(1), row(2)]);
    // Every worker held off the CPU, as a busy machine's threads are; one read more waits for a worker.
    const held = hold();
    const starved = Array.from({ length: POOL_SIZE }, (_, i) => read(small, `starved-${i}`, { cpuMs, hold: held }));
    await until((pool) => pool.reading.length === POOL_SIZE);
    const began = performance.now();
    const queued = read(small, "queued", { cpuMs });
    await until((pool) => pool.waiting.includes("queued"));
    // Time passing is the case here: held and waiting reads outlast their CPU limit three times over.
    await expect.poll(() => performance.now() - began > 3 * cpuMs, { timeout: 30_000, interval: 200 }).toBe(true);
    release(held);
    const reads = await Promise.all([...starved, queued]);
    for (const r of reads) {
      expect("rows" in r && r.rows.map((cells) => cells[2])).toEqual(["Позиция", "Суп 1", "Суп 2"]);
      expect((r as { cpuMs: number }).cpuMs).toBeLessThan(cpuMs);
    }
  });

  it("stops a parse past its CPU time however long its wall clock may be, and the next file is read by a fresh worker", async () => {
    // The largest sheet allowed takes a tenth of a second of CPU or more (seconds of wall clock on a busy machine).
    const big = workbook([HEADER, ...Array.from({ length: IMPORT_ROWS_MAX - 1 }, (_, i) => row(i))]);
    expect(await read(big, "test", { cpuMs: 1 })).toEqual({ refused: "parseTooSlow" });
    expect(await read(big, "test", { cpuMs: 20 })).toEqual({ refused: "parseTooSlow" });
    const small = await read(workbook([HEADER, row(1)]), "test");
    expect("rows" in small && small.rows.length).toBe(2);
  });

  it("answers 'busy' (503), not the file's fault, when a read under its CPU time reaches the wall-clock backstop", async () => {
    const small = workbook([HEADER, row(1)]);
    const error = await read(small, "backstop", { wallMs: 500, hold: hold() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ code: "serviceBusy", status: 503 });
    // Its worker was stopped and replaced: the store reads again.
    expect(await outcome(read(small, "backstop"))).toBe("read");
  });

  it("answers a preview 503 'busy' with Retry-After when the pool and its queue are full, and reads it once they are not", async () => {
    const small = workbook([HEADER, row(1)]);
    const held = hold();
    const busy = Array.from({ length: POOL_SIZE + QUEUE_MAX }, (_, i) => outcome(read(small, `busy-${i}`, { hold: held })));
    await until((pool) => pool.reading.length === POOL_SIZE && pool.waiting.length === QUEUE_MAX);
    const refused = await preview("menu.xlsx", small);
    expect(refused).toMatchObject({ status: 503, retryAfter: "5", body: { code: "serviceBusy", message: MESSAGES.serviceBusy } });
    expect(refused.body.errors).toBeUndefined();
    release(held);
    expect(new Set(await Promise.all(busy))).toEqual(new Set(["read"]));
    const { status, body } = await preview("menu.xlsx", small);
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
  });
});
