/**
 * Issue 46, point 2: the consistency check (packages/core/src/publish/consistency.ts) finds each
 * kind of published part that no longer matches the database, and nothing where everything does:
 * drawn by the web app's own server renderer (web/dist-ssr), whose pages hold the time they were
 * rendered at.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { checkPublished } from "@menu/core/publish/consistency";
import { requestPublish } from "@menu/core/publish/request";
import { chunkNames, publishedKeys, type PublishedIndex } from "@menu/core/shared/published-menu";
import { qrLinkKey } from "@menu/core/tables/qr-links";
import { venue } from "./fixtures";

const queue = memoryQueue(JOB_HANDLERS);

beforeAll(async () => {
  const { mailer } = usePorts();
  setPorts({ objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-consistency-"))), queue, mailer });
  setMenuRenderer(await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js")));
});
afterEach(() => clock.reset());

const DAY = 86_400_000;
const portion = (price: string) => [{ id: "p1", weight: "250", unit: "g" as const, price, currency: "BYN" as const }];

/** A premium store in ru and en: a first category of 12 items (more than the menu page's first view) and a second of 2. */
async function store() {
  const v = await venue("check");
  const ids = { company_id: v.company_id, store_id: v.store_id };
  const now = clock.now().getTime();
  await Db().entities.subscription.create({ ...ids, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(now - DAY).toISOString(), ends_at: new Date(now + 30 * DAY).toISOString() }).go();
  await Db().entities.store.patch(ids).set({ languages: ["ru", "en"] }).go();
  const [first, second] = [randomUUID(), randomUUID()];
  await Db()
    .entities.category.put([
      { ...ids, category_id: first, section: "kitchen", type: "products", name: "Закуски", position: -2 },
      { ...ids, category_id: second, section: "kitchen", type: "products", name: "Горячее", position: -1 },
    ])
    .go();
  const item = (category_id: string, n: number) => ({ ...ids, item_id: randomUUID(), kind: "product" as const, category_id, position: n * 1000, title: `Блюдо ${n}`, portions: portion(`${n}.00`) });
  const firstItems = Array.from({ length: 12 }, (_, n) => item(first, n + 1));
  const secondItems = [item(second, 1), item(second, 2)];
  await Db().entities.item.put([...firstItems, ...secondItems]).go();
  await requestPublish(ids);
  await queue.idle();
  return { v, ids, first, second, firstItems, secondItems, paths: publishedKeys(v.company.url_key, "main") };
}

const parts = async (ids: { company_id: string; store_id: string }) => (await checkPublished(ids)).differences.map((d) => d.part).sort();

describe("the published menu's consistency check", () => {
  it("finds nothing to report right after a publish, and every page compared", async () => {
    const s = await store();
    const check = await checkPublished(s.ids);
    expect(check.differences).toEqual([]);
    expect(check.deferred).toEqual([]);
    expect(check.publication).toMatchObject({ running: false });
    expect(check.publication.published).toBe(check.publication.requested);
    // Manifest, 2 indexes, 3 categories × 2 chunks lists, 2 menu pages, 2 all.html, 1 QR link, the QR keys, the event targets.
    expect(check.checked).toBe(1 + 2 + 6 + 2 + 2 + 1 + 1 + 1);
  });

  it("names each part that a change behind the publish's back made stale, until a publish covers it", async () => {
    const s = await store();
    // A price outside the menu page's first view: that category's chunks (so the indexes naming them,
    // and the manifest's version of them) and the plain page; not the menu page.
    await Db().entities.item.patch({ ...s.ids, item_id: s.secondItems[1]!.item_id }).set({ portions: portion("99.00") }).go();
    const check = await checkPublished(s.ids);
    expect(check.differences.map((d) => d.part).sort()).toEqual(["all.html en", "all.html ru", "chunk en Горячее", "chunk ru Горячее", "index en", "index ru", "manifest"]);
    expect(check.differences.find((d) => d.part === "manifest")!.detail).toMatch(/^version: published "[^"]+", rebuilt "[^"]+"$/);
    expect(check.differences.find((d) => d.part === "chunk ru Горячее")!.detail).toContain(`[${s.secondItems[1]!.item_id}].portions[p1].price: published "2.00", rebuilt "99.00"`);
    await requestPublish(s.ids, { categories: [], items: [{ category_id: s.second, item_id: s.secondItems[1]!.item_id }] });
    await queue.idle();
    // The scoped run wrote the guest data at once; the plain pages wait for their time (FULL_PAGE_EVERY_MS).
    const after = await checkPublished(s.ids);
    expect(after.differences).toEqual([]);
    expect(after.deferred.map((d) => d.part).sort()).toEqual(["all.html en", "all.html ru"]);

    // A title in the first view: the index, the chunks and the menu pages.
    await Db().entities.item.patch({ ...s.ids, item_id: s.firstItems[0]!.item_id }).set({ title: "Оливье" }).go();
    // (The plain pages wait for their time since the last scoped run: deferred, not differences.)
    expect(await parts(s.ids)).toEqual(["chunk en Закуски", "chunk ru Закуски", "index en", "index ru", "manifest", "page en/menu", "page ru/menu"]);
    await requestPublish(s.ids, { categories: [], items: [{ category_id: s.first, item_id: s.firstItems[0]!.item_id }] });
    await queue.idle();
    expect(await parts(s.ids)).toEqual([]);

    // A title outside the menu page's first view, as its command asks: every part settles.
    await Db().entities.item.patch({ ...s.ids, item_id: s.secondItems[0]!.item_id }).set({ title: "Котлета" }).go();
    await requestPublish(s.ids, { categories: [], items: [{ category_id: s.second, item_id: s.secondItems[0]!.item_id }] });
    await queue.idle();
    expect(await parts(s.ids)).toEqual([]);

    // A table's number changed without its command: its QR link and the event targets.
    await Db().entities.table.patch({ ...s.ids, table_id: s.v.table.table_id }).set({ position: 8 }).go();
    expect(await parts(s.ids)).toEqual(["QR link Table 7", "event targets"]);
    await requestPublish(s.ids);
    await queue.idle();
    expect(await parts(s.ids)).toEqual([]);
    expect((await checkPublished(s.ids)).deferred).toEqual([]);
  });

  it("reports a missing chunk, a page rendered from other data, and a store never published", async () => {
    const s = await store();
    const index = JSON.parse(Buffer.from((await usePorts().objects.get(s.paths.index("en")))!.body).toString()) as PublishedIndex;
    const name = chunkNames(index.categories.find((c) => c.id === s.second)!)[0]!;
    await usePorts().objects.delete(s.paths.chunk("en", name));
    const page = Buffer.from((await usePorts().objects.get(s.paths.page("ru", "menu")))!.body).toString();
    await usePorts().objects.put(s.paths.page("ru", "menu"), page.replace("</body>", "<p>Блюдо 0</p></body>"), "text/html; charset=utf-8");
    const check = await checkPublished(s.ids);
    expect(check.differences.sort((a, b) => a.part.localeCompare(b.part))).toEqual([
      { part: "chunk en Горячее", key: s.paths.chunk("en", name), detail: `chunk named by the index missing: ${name}` },
      { part: "page ru/menu", key: s.paths.page("ru", "menu"), detail: "rendered with the current key, but from other data" },
    ]);

    const fresh = await venue("never");
    expect((await checkPublished({ company_id: fresh.company_id, store_id: fresh.store_id })).differences).toEqual([
      { part: "manifest", key: `m/${fresh.company.url_key}/main/manifest.json`, detail: "not published" },
    ]);
    expect(qrLinkKey("x")).toBe("m/qr/x.json");
  });
});
