/**
 * Menu export (issue 17): requested as a job, written by the export worker into the object store,
 * downloaded through a short-lived signed link (S3 presigned GET in the cloud, the local runtime's
 * /files/* links here). The files' contents are what guests see.
 */
import { randomUUID } from "node:crypto";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { readSheet } from "read-excel-file/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts, type Actor } from "@menu/core";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { DOWNLOAD_URL_SECONDS, MAX_ATTEMPTS, pendingKey, resumeMenuExports } from "@menu/core/export/jobs";
import { addDays } from "@menu/core/billing/plans";
import { venue } from "../../core/test/fixtures";
import { exportedFile, exportStatus, finishedExport, localApp, requestExport, useExportWorker } from "./support/menu-export";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
let other: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });

async function premium(s: Store) {
  await Db()
    .entities.subscription.create({
      company_id: s.company_id,
      store_id: s.store_id,
      subscription_id: randomUUID(),
      plan: "premium",
      status: "active",
      starts_at: addDays(clock.now(), -1).toISOString(),
      ends_at: addDays(clock.now(), 20).toISOString(),
    })
    .go();
}

useExportWorker();
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
  await Promise.all([premium(v), premium(other)]);
});
afterEach(() => clock.reset());

const pdfDocument = async (res: Response) => getDocument({ data: new Uint8Array(await res.arrayBuffer()) }).promise;
const pdfText = async (res: Response) => {
  const page = await (await pdfDocument(res)).getPage(1);
  return (await page.getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join("\n");
};

describe("menu export files", () => {
  it("prints the menu guests see as a PDF: sections, categories, items with portions, no hidden items", async () => {
    const res = await exportedFile(staff(v), { storeId: v.store_id, language: "ru", format: "pdf" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="menu-main-ru.pdf"`);
    const text = await pdfText(res);
    for (const expected of ["Центр", "КУХНЯ", "Супы", "Борщ", "Со сметаной", "300 г — 9.50 BYN", "0.5 л — 12 USD"]) expect(text).toContain(expected);
    expect(text).not.toContain("Секрет");
  });

  it("writes an Excel sheet per language, one row per portion, with the translated titles", async () => {
    const res = await exportedFile(staff(v), { storeId: v.store_id, language: "zh", format: "xlsx" });
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(rows).toEqual([
      ["分区", "类别", "菜品", "描述", "份量", "价格", "货币", "过敏原", "标签", "显示", "ID"],
      ["厨房", "Супы", "罗宋汤", "Со сметаной", "300 克", 9.5, "BYN", null, null, "是", v.items.visible],
      ["厨房", "Супы", "罗宋汤", "Со сметаной", "0.5 升", 12, "USD", null, null, "是", v.items.visible],
    ]);
  });

  it("sets Arabic in the Arabic font and keeps portions (numbers) in reading order", async () => {
    const res = await exportedFile(staff(v), { storeId: v.store_id, language: "ar", format: "pdf" });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    expect(await pdfText(new Response(bytes))).toContain("300 g — 9.50 BYN");
  });

  it("refuses a language the store does not have, other tenants and guests", async () => {
    const ask = (actor: Actor, language: string, format: string) => requestExport(actor, { storeId: v.store_id, language, format });
    expect((await ask(staff(v), "fr", "pdf")).status).toBe(400);
    expect((await ask(staff(v), "ru", "doc")).status).toBe(400);
    expect((await ask(staff(other), "ru", "pdf")).status).toBe(404);
    expect((await ask({ type: "public" }, "ru", "pdf")).status).toBe(404);
  });
});

describe("menu export jobs", () => {
  it("is queued, done by the worker, and downloaded through a signed link that names one file, for a few minutes", async () => {
    const { status, job } = await requestExport(staff(v), { storeId: v.store_id, language: "en", format: "xlsx" });
    expect(status).toBe(202);
    expect(job).toMatchObject({ status: "queued", progress: 0, language: "en", format: "xlsx", file_name: "menu-main-en.xlsx" });
    expect(job.download_url).toBeUndefined();
    const done = await finishedExport(staff(v), v.store_id, job.id);
    expect(done).toMatchObject({ status: "done", progress: 100 });
    expect(done.size).toBeGreaterThan(0);
    // The file is in the object store under the company's export folder.
    expect((await usePorts().objects.get(`exports/${v.company_id}/${job.id}.xlsx`))?.body.byteLength).toBe(done.size);

    const url = done.download_url!;
    const download = await localApp({ type: "public" }).request(url);
    expect(download.status).toBe(200);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect((await download.arrayBuffer()).byteLength).toBe(done.size);

    // Another company can neither see the job nor get a link for it, through its own store or the victim's.
    expect((await exportStatus(staff(other), v.store_id, job.id)).status).toBe(404);
    expect((await exportStatus(staff(other), other.store_id, job.id)).status).toBe(404);
    expect((await exportStatus({ type: "public" }, v.store_id, job.id)).status).toBe(404);
    // A link is signed for its object: pointed at another company's file, or with its name changed, it is refused.
    const theirs = await finishedExport(staff(other), other.store_id, (await requestExport(staff(other), { storeId: other.store_id, language: "ru", format: "xlsx" })).job.id);
    const swapped = url.replace(`${v.company_id}/${job.id}`, `${other.company_id}/${theirs.id}`);
    expect(swapped).not.toBe(url);
    expect((await localApp(staff(v)).request(swapped)).status).toBe(403);
    expect((await localApp(staff(v)).request(url.replace("name=menu-main-en.xlsx", "name=other.xlsx"))).status).toBe(403);
    // ... and it expires.
    clock.advance((DOWNLOAD_URL_SECONDS + 1) * 1000);
    expect((await localApp({ type: "public" }).request(url)).status).toBe(403);
    // Asking again gives a fresh link.
    const again = (await exportStatus(staff(v), v.store_id, job.id)).job;
    expect((await localApp({ type: "public" }).request(again.download_url!)).status).toBe(200);
  });

  it("resumes a job whose message was lost", async () => {
    setPorts({ ...usePorts(), queue: memoryQueue({}) }); // a queue that drops the message
    const { job } = await requestExport(staff(v), { storeId: v.store_id, language: "ru", format: "xlsx" });
    useExportWorker();
    expect((await exportStatus(staff(v), v.store_id, job.id)).job.status).toBe("queued");
    // Not yet stale: nothing is sent again.
    expect(await resumeMenuExports(clock.now())).toBe(0);
    expect(await resumeMenuExports(clock.now(), 0)).toBeGreaterThanOrEqual(1);
    expect((await finishedExport(staff(v), v.store_id, job.id)).status).toBe("done");
    // Finished jobs leave the pending list.
    await resumeMenuExports(clock.now(), 0);
    expect(await resumeMenuExports(clock.now(), 0)).toBe(0);
  });

  it("retries a file that cannot be stored, and after 3 deliveries ends the job in error, with no link and off the pending list", async () => {
    const ports = usePorts();
    let writes = 0;
    // An object store that refuses every write (S3 down, a bucket policy gone wrong).
    const put = async () => {
      writes++;
      throw new Error("object store unavailable");
    };
    setPorts({ ...ports, objects: { ...ports.objects, put } });
    useExportWorker();
    try {
      const { job } = await requestExport(staff(v), { storeId: v.store_id, language: "ru", format: "xlsx" });
      const ended = await finishedExport(staff(v), v.store_id, job.id);
      expect(ended).toMatchObject({ status: "error", error: "the file could not be written" });
      expect(ended.download_url).toBeUndefined();
      expect(writes).toBe(MAX_ATTEMPTS);
      const keys = { company_id: v.company_id, store_id: v.store_id, export_id: job.id };
      expect((await Db().entities.menuExport.get(keys).go()).data?.attempts).toBe(MAX_ATTEMPTS);
      // Nothing is left for the resume schedule to send again.
      const pendingRow = Db().entities.menuExportPending.get(pendingKey(keys));
      await expect.poll(async () => (await pendingRow.go()).data).toBeNull();
      expect(await usePorts().objects.get(`exports/${v.company_id}/${job.id}.xlsx`)).toBeFalsy();
    } finally {
      setPorts(ports);
    }
  });

  it("exports a menu of 1 000 items (no response-size limit: the file goes to the object store)", async () => {
    const big = await venue("exportbig");
    await premium(big);
    const keys = { company_id: big.company_id, store_id: big.store_id };
    const portions = [
      { id: "p1", weight: "300", unit: "g" as const, price: "9.50", currency: "BYN" as const },
      { id: "p2", weight: "500", unit: "g" as const, price: "14.00", currency: "BYN" as const },
    ];
    const description = JSON.stringify({ ops: [{ insert: "Свежие продукты, приготовлено на открытом огне, подаётся с соусом и зеленью.\n" }] });
    await Db()
      .entities.item.put(
        Array.from({ length: 999 }, (_, i) => ({ ...keys, item_id: randomUUID(), kind: "product" as const, category_id: big.category_id, title: `Блюдо ${i + 1}`, description, portions, position: i + 1 })),
      )
      .go();

    let started = Date.now();
    const sheet = await exportedFile(staff(big), { storeId: big.store_id, language: "ru", format: "xlsx" });
    const sheetSeconds = (Date.now() - started) / 1000;
    const rows = await readSheet(Buffer.from(await sheet.arrayBuffer()));
    // The fixture's visible item (one portion) and 999 items of two portions, plus the header.
    expect(rows.length).toBe(1 + 1 + 999 * 2);

    started = Date.now();
    const { job } = await requestExport(staff(big), { storeId: big.store_id, language: "ru", format: "pdf" });
    const seen: number[] = [];
    await expect
      .poll(async () => {
        const state = (await exportStatus(staff(big), big.store_id, job.id)).job;
        seen.push(state.progress);
        return state.status;
      })
      .toBe("done");
    const pdfSeconds = (Date.now() - started) / 1000;
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const done = (await exportStatus(staff(big), big.store_id, job.id)).job;
    const pdf = await pdfDocument(await localApp({ type: "public" }).request(done.download_url!));
    const last = await (await pdf.getPage(pdf.numPages)).getTextContent();
    expect(last.items.map((i) => ("str" in i ? i.str : "")).join("\n")).toContain("Блюдо 999");
    console.log(`1 000 items: xlsx ${rows.length - 1} rows in ${sheetSeconds.toFixed(1)} s; pdf ${pdf.numPages} pages, ${(done.size! / 1024).toFixed(0)} KB in ${pdfSeconds.toFixed(1)} s`);
  });
});
