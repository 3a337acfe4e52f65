/**
 * One way in for an owner's own menu (issue 50, point 5): the preview tells a file by its bytes and
 * answers a spreadsheet's plan, a document's draft, or (a photo) 202 and the job that reads it; the
 * job is the store's alone, is sent again when its message was lost, and ends in error after its
 * deliveries. The photo's OCR itself is tested in core (menu-reading-photo.test.ts).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, setPorts, usePorts, type Actor } from "@menu/core";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { READ_MAX_ATTEMPTS, READ_STALE_MS, menuReadingJob } from "@menu/core/import/reading/reading-jobs";
import { MENU_DOCUMENT_MAX } from "@menu/core/import/reading/limits";
import type { MenuDraft } from "@menu/core/import/reading/draft";
import { clock } from "@menu/core/shared/clock";
import { venue } from "../../core/test/fixtures";

type Store = Awaited<ReturnType<typeof venue>>;
let v: Store;
let other: Store;
const staff = (s: Store): Actor => ({ type: "user", userId: "m", role: "store_manager", companyId: s.company_id, storeId: s.store_id });
const call = async (actor: Actor, path: string, body?: unknown) => {
  const init = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await createApp({ resolveActor: () => actor }).request(path, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const preview = (name: string, bytes: Buffer | string, s = v) =>
  call(staff(s), "/api/menu-import/preview", { store_id: s.store_id, file_name: name, content: Buffer.from(bytes).toString("base64") });
const job = (id: string, s = v, actor = staff(s)) => call(actor, `/api/menu-import/jobs/${id}?storeId=${s.store_id}`);

/** A PNG's first bytes: enough for the preview to tell a photo (it is read in the background). */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
/** What the queue was given, instead of running it. */
let sent: Record<string, unknown>[] = [];
let saved: ReturnType<typeof usePorts>;

beforeAll(async () => {
  v = await venue("reading");
  other = await venue("readingother");
  saved = usePorts();
});
afterEach(() => {
  setPorts(saved);
  clock.reset();
});
const recordQueue = () => {
  sent = [];
  setPorts({ ...saved, queue: { send: async (_queue, message) => void sent.push(message) } });
};

describe("the preview of an owner's own menu", () => {
  it("reads pasted text into a draft with its categories, items and prices", async () => {
    const items = async () => (await Db().entities.item.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data.length;
    const before = await items();
    const text = ["Супы", "Борщ с пампушками 300 г ..... 12,50 руб", "Солянка 250 г — 14 BYN", "", "Напитки", "Морс клюквенный 0,3 л 4,5 р."].join("\n");
    const { status, body } = await preview("pasted.txt", text);
    expect(status).toBe(200);
    const draft = body.draft as MenuDraft;
    expect(draft.source).toBe("text");
    expect(draft.items.map((i) => [i.category, i.title, i.portions[0]?.price])).toEqual([
      ["Супы", "Борщ с пампушками", "12.5"],
      ["Супы", "Солянка", "14"],
      ["Напитки", "Морс клюквенный", "4.5"],
    ]);
    expect(draft.items[2]!.section).toBe("drinks");
    // Nothing is written until the owner confirms.
    expect(await items()).toBe(before);
  });

  it("refuses a file of no kind it reads, and text without a single priced dish, with the reason", async () => {
    const unknown = await preview("menu.bin", Buffer.from("just some bytes"));
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors).toEqual([{ row: 1, column: "", code: "unknownFileKind" }]);
    const empty = await preview("pasted.txt", "Добро пожаловать!\nМы открыты каждый день");
    expect(empty.body.errors).toEqual([{ row: 1, column: "", code: "nothingRead" }]);
  });

  it("takes a document up to 1 MiB through the API's body limit, and answers 413 above it", async () => {
    const large = await preview("pasted.txt", `Супы\nБорщ 12 руб\n${" ".repeat(MENU_DOCUMENT_MAX - 32)}`);
    expect(large.status).toBe(200);
    expect(((large.body.draft as MenuDraft).items[0]!.title)).toBe("Борщ");
    expect((await preview("pasted.txt", "x".repeat(MENU_DOCUMENT_MAX + 1))).status).toBe(413);
    // A spreadsheet keeps its own limit.
    expect((await preview("menu.csv", "a;b\n".repeat(60_000))).status).toBe(413);
  });
});

describe("a photo read in the background", () => {
  it("answers 202 with a job the store alone can see, stored and queued", async () => {
    recordQueue();
    const { status, body } = await preview("menu.png", PNG);
    expect(status).toBe(202);
    const id = body.job_id as string;
    expect(sent).toEqual([{ company_id: v.company_id, store_id: v.store_id, reading_id: id }]);
    expect(await job(id)).toEqual({ status: 200, body: { status: "queued", progress: 0 } });
    expect(await usePorts().objects.get(`readings/${v.company_id}/${v.store_id}/${id}.photo`)).toBeTruthy();
    // Another store's staff, or the same id under another store: not found.
    expect((await job(id, v, staff(other))).status).toBe(404);
    expect((await job(id, other)).status).toBe(404);
    expect((await job(id, v, { type: "public" })).status).toBe(404);
  });

  it("sends a job whose message was lost again when the page finds it stale, and ends it in error after its deliveries", async () => {
    recordQueue();
    const id = (await preview("menu.jpg", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64)]))).body.job_id as string;
    expect(sent).toHaveLength(1);
    expect((await job(id)).body.status).toBe("queued");
    expect(sent).toHaveLength(1);
    clock.advance(READ_STALE_MS + 1000);
    expect((await job(id)).body.status).toBe("queued");
    expect(sent).toHaveLength(2);
    // Each delivery that starts work counts; past the limit a stale job is given up.
    const keys = { company_id: v.company_id, store_id: v.store_id, reading_id: id };
    await Db().entities.menuReading.patch(keys).set({ attempts: READ_MAX_ATTEMPTS }).go();
    clock.advance(READ_STALE_MS + 1000);
    expect((await job(id)).body).toEqual({ status: "error", progress: 0, error: "failed" });
    expect(sent).toHaveLength(2);
  });

  it("ends a photo that is no picture in error with the refusal's code, and leaves no photo behind", async () => {
    setPorts({ ...saved, queue: memoryQueue({ read: menuReadingJob }) });
    const id = (await preview("menu.png", PNG)).body.job_id as string;
    await expect.poll(async () => (await job(id)).body.status, { timeout: 60_000 }).toBe("error");
    expect((await job(id)).body.error).toMatch(/^(unknownFileKind|nothingRead)$/);
    expect(await usePorts().objects.get(`readings/${v.company_id}/${v.store_id}/${id}.photo`)).toBeFalsy();
  });
});
