/**
 * The pre-rendered menu page of a big store (issue 31, point 6), drawn by the web app's own server
 * renderer (web/dist-ssr, built by `pnpm test` before the tests): its first view shows a fixed
 * number of cards however large the first category is, and fits the first round trip.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { publishStore } from "@menu/core/publish/publish";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { FIRST_VIEW_CARDS, publishedKeys, type PublishedIndex } from "@menu/core/shared/published-menu";
import { venue } from "./fixtures";

const ITEMS = 5000;
/** TCP's first window: 10 segments of 1460 bytes, headers included (bench:guest's rule). */
const FIRST_ROUND_TRIP = 14_000;

beforeAll(async () => {
  const { mailer, queue } = usePorts();
  setPorts({ objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-first-view-"))), queue, mailer });
  setMenuRenderer(await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js")));
});

/** A photo key as uploads make them (media/{company}/{store}/{id}.webp). */
const photo = () => `media/${randomUUID()}/${randomUUID()}/${randomUUID()}.webp`;

describe("the menu page of a store with 5,000 items in its first category", () => {
  it(`shows ${FIRST_VIEW_CARDS} cards and fits ${FIRST_ROUND_TRIP} bytes gzip; its index stays small`, async () => {
    const v = await venue("big");
    const ids = { company_id: v.company_id, store_id: v.store_id };
    const day = 86_400_000;
    await Db()
      .entities.subscription.create({ ...ids, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(clock.now().getTime() - day).toISOString(), ends_at: new Date(clock.now().getTime() + 30 * day).toISOString() })
      .go();
    const big = randomUUID();
    await Db().entities.category.create({ ...ids, category_id: big, section: "kitchen", type: "products", name: "Все блюда", position: 0 }).go();
    await Db().entities.category.patch({ ...ids, category_id: v.category_id }).set({ position: 10 }).go();
    const description = JSON.stringify({ ops: [{ insert: "Состав: томаты, базилик, чеснок, оливковое масло, соль\n" }] });
    const items = Array.from({ length: ITEMS }, (_, n) => ({
      ...ids,
      item_id: randomUUID(),
      kind: "product" as const,
      category_id: big,
      position: (n + 1) * 1000,
      title: `Блюдо дня номер ${n + 1}`,
      description,
      photo: photo(),
      allergens: n % 3 ? ["gluten"] : ["milk", "eggs"],
      tags: n % 5 ? [] : ["vegetarian"],
      portions: [{ id: "p1", weight: "250", unit: "g" as const, price: `${10 + (n % 40)}.50`, currency: "BYN" as const }],
    }));
    for (let i = 0; i < items.length; i += 500) await Db().entities.item.put(items.slice(i, i + 500)).go({ concurrent: 4 });

    await publishStore(ids);
    const company = v.company.url_key;
    const paths = publishedKeys(company, "main");
    const html = Buffer.from((await usePorts().objects.get(paths.page("ru", "menu")))!.body);
    expect(html.toString().match(/data-item-id=/g)).toHaveLength(FIRST_VIEW_CARDS);
    const page = gzipSync(html, { level: 9 }).length;
    expect(page).toBeLessThanOrEqual(FIRST_ROUND_TRIP);

    const indexBytes = Buffer.from((await usePorts().objects.get(paths.index("ru")))!.body);
    const index = JSON.parse(indexBytes.toString()) as PublishedIndex;
    expect(index.categories[0]!.items).toHaveLength(ITEMS);
    const indexGzip = gzipSync(indexBytes, { level: 9 }).length;
    console.info(`first view ${page} B gzip (${FIRST_VIEW_CARDS} cards); index ${indexBytes.length} B, ${indexGzip} B gzip at ${ITEMS} items`);
  });
});
