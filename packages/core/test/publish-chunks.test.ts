/**
 * Issue 31, point 6, for big categories: a category is published as chunks of CHUNK_ITEMS items, a
 * change to one item (or items added at its end) rebuilds only the chunk that holds it, from the
 * item and that chunk alone, and gives the very files a whole rebuild gives. The menu page is
 * rendered with the first chunk of its first view; the plain whole-menu page, which reads every
 * chunk back, is written at most every FULL_PAGE_EVERY_MS after scoped runs. Drawn by the web
 * app's own server renderer (web/dist-ssr).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { runSchedules } from "@menu/core/schedules";
import { FULL_PAGE_EVERY_MS } from "@menu/core/publish/plan";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { requestPublish, type ScopeItem } from "@menu/core/publish/request";
import { CHUNK_ITEMS, chunkNames, publishedKeys, type MenuRenderer, type PublishedChunk, type PublishedIndex } from "@menu/core/shared/published-menu";
import { recordsRead } from "../../api/test/support/reads";
import { venue } from "./fixtures";

const queue = memoryQueue(JOB_HANDLERS);
let renderer: MenuRenderer;
/** The `loaded` each menu page was rendered with: how many items per category. */
const rendered: Record<string, number>[] = [];

beforeAll(async () => {
  const { mailer } = usePorts();
  setPorts({ objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-chunks-"))), queue, mailer });
  renderer = await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js"));
  setMenuRenderer({
    ...renderer,
    renderPage: (input) => {
      rendered.push(Object.fromEntries(Object.entries(input.loaded).map(([id, items]) => [id, items.length])));
      return renderer.renderPage(input);
    },
  });
});
afterEach(() => clock.reset());

const text = async (key: string) => {
  const object = await usePorts().objects.get(key);
  return object && Buffer.from(object.body).toString("utf8");
};
const json = async <T,>(key: string) => JSON.parse((await text(key))!) as T;
const portion = (price: string) => [{ id: "p1", weight: "250", unit: "g" as const, price, currency: "BYN" as const }];

/** A premium store in ru and en whose first category holds 399 items (two chunks), and a drinks category. */
async function bigStore() {
  const v = await venue("chunks");
  const ids = { company_id: v.company_id, store_id: v.store_id };
  const day = 86_400_000;
  await Db()
    .entities.subscription.create({ ...ids, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(clock.now().getTime() - day).toISOString(), ends_at: new Date(clock.now().getTime() + 30 * day).toISOString() })
    .go();
  await Db().entities.store.patch(ids).set({ languages: ["ru", "en"] }).go();
  const big = randomUUID();
  const drinks = randomUUID();
  await Db()
    .entities.category.put([
      { ...ids, category_id: big, section: "kitchen", type: "products", name: "Кальяны", position: -1 },
      { ...ids, category_id: drinks, section: "drinks", type: "products", name: "Чай", position: 5 },
    ])
    .go();
  const item = (category_id: string, n: number) => ({ ...ids, item_id: randomUUID(), kind: "product" as const, category_id, position: n * 1000, title: `Микс ${n}`, portions: portion(`${n}.00`) });
  const items = Array.from({ length: CHUNK_ITEMS * 2 - 1 }, (_, n) => item(big, n + 1));
  await Db().entities.item.put([...items, item(drinks, 1)]).go();
  await requestPublish(v.store_id);
  await queue.idle();
  const paths = publishedKeys(v.company.url_key, "main");
  const index = (lang: string) => json<PublishedIndex>(paths.index(lang));
  const namesOf = async (lang: string, category: string) => chunkNames((await index(lang)).categories.find((c) => c.id === category)!);
  /** Publishes what `scope` names, as the item paths ask, and counts the records the run reads. */
  const publish = async (scope: { categories?: string[]; items?: ScopeItem[] }) => {
    await requestPublish(v.store_id, { categories: scope.categories ?? [], items: scope.items });
    return (await recordsRead(() => queue.idle())).records;
  };
  return { v, ids, big, drinks, items, paths, index, namesOf, publish };
}

describe("big categories in chunks", () => {
  it("cuts a category into chunks; one item's change rebuilds its chunk alone, items added at the end fill the last, and the files equal a whole rebuild", async () => {
    const s = await bigStore();
    const before = { ru: await s.namesOf("ru", s.big), en: await s.namesOf("en", s.big), drinks: await s.namesOf("ru", s.drinks) };
    expect(before.ru).toHaveLength(2);
    const chunk = (lang: string, name: string) => json<PublishedChunk>(s.paths.chunk(lang, name));
    expect((await chunk("ru", before.ru[0]!)).items).toHaveLength(CHUNK_ITEMS);
    expect((await chunk("ru", before.ru[1]!)).items.map((i) => i.title).at(-1)).toBe(`Микс ${CHUNK_ITEMS * 2 - 1}`);

    // A price change in the second chunk: only that chunk is new, in every language; the run reads the item and the category's last.
    const changed = s.items[CHUNK_ITEMS + 50]!;
    await Db().entities.item.patch({ ...s.ids, item_id: changed.item_id }).set({ portions: portion("99.00") }).go();
    const records = await s.publish({ items: [{ category_id: s.big, item_id: changed.item_id }] });
    expect(records).toBeLessThan(40);
    for (const lang of ["ru", "en"] as const) {
      const names = await s.namesOf(lang, s.big);
      expect(names[0]).toBe(before[lang][0]);
      expect(names[1]).not.toBe(before[lang][1]);
      expect((await chunk(lang, names[1]!)).items[50]!.portions[0]!.price).toBe("99.00");
    }
    expect(await s.namesOf("ru", s.drinks)).toEqual(before.drinks);

    // Three items created at the end: the last chunk fills up to CHUNK_ITEMS and a new one holds the rest.
    const added = Array.from({ length: 3 }, (_, n) => ({ ...s.ids, item_id: randomUUID(), kind: "product" as const, category_id: s.big, position: 10_000_000 + n, title: `Новый ${n + 1}`, portions: portion("1.00") }));
    await Db().entities.item.put(added).go();
    const firstChunk = (await s.namesOf("ru", s.big))[0];
    await s.publish({ items: added.map(({ category_id, item_id }) => ({ category_id, item_id })) });
    const grown = await s.namesOf("ru", s.big);
    expect(grown).toHaveLength(3);
    expect(grown[0]).toBe(firstChunk);
    expect((await chunk("ru", grown[2]!)).items.map((i) => i.title)).toEqual(["Новый 2", "Новый 3"]);
    expect((await s.index("ru")).categories.find((c) => c.id === s.big)!.items).toHaveLength(CHUNK_ITEMS * 2 + 2);

    // An item hidden (not a change in place): its category is rebuilt whole.
    await Db().entities.item.patch({ ...s.ids, item_id: s.items[0]!.item_id }).set({ visible: false }).go();
    await s.publish({ items: [{ category_id: s.big, item_id: s.items[0]!.item_id }] });
    expect((await s.index("ru")).categories.find((c) => c.id === s.big)!.items.map((i) => i.title)).not.toContain("Микс 1");

    // What the scoped runs left is exactly what a whole rebuild writes.
    const scoped = { ru: await s.index("ru"), en: await s.index("en") };
    await requestPublish(s.v.store_id);
    await queue.idle();
    for (const lang of ["ru", "en"] as const) {
      const whole = await s.index(lang);
      expect(whole.categories.map(chunkNames)).toEqual(scoped[lang].categories.map(chunkNames));
      expect(whole.version).toBe(scoped[lang].version);
    }
  });

  it("renders the menu page with the first chunk of its first view, the same cards as with the whole category, and names that chunk alone for the app", async () => {
    const s = await bigStore();
    expect(rendered.at(-1)).toEqual({ [s.big]: CHUNK_ITEMS });
    const index = await s.index("ru");
    const names = await s.namesOf("ru", s.big);
    const chunks = await Promise.all(names.map((name) => json<PublishedChunk>(s.paths.chunk("ru", name))));
    const page = { kind: "menu" as const };
    const common = { menu: index, page, renderedAt: clock.now().toISOString(), version: index.pages.menu! };
    // The pages differ only in the chunks they name (the boot data and the starter's list): the app hydrates with those.
    const cards = (html: string) => html.replace(/<script type="application\/json" id="guest-(boot|starter)">.*?<\/script>/gs, "");
    const firstOnly = renderer.renderPage({ ...common, loaded: { [s.big]: chunks[0]!.items } });
    expect(cards(renderer.renderPage({ ...common, loaded: { [s.big]: chunks.flatMap((c) => c.items) } }))).toBe(cards(firstOnly));
    const published = (await text(s.paths.page("ru", "menu")))!;
    expect(published).toContain(`/${s.paths.chunk("ru", names[0]!)}`);
    for (const name of names.slice(1)) expect(published).not.toContain(`/${s.paths.chunk("ru", name)}`);
  });

  it("writes the plain whole-menu page at most every few minutes after scoped changes, and then by itself", async () => {
    const start = new Date("2031-05-06T10:00:00Z");
    clock.set(start);
    const s = await bigStore();
    // The clock runs on from `start`: the plain page's time is when the first run wrote it (a loaded machine takes seconds).
    const written = new Date((await Db().entities.publication.get(s.ids).go()).data!.full_page_at!);
    const changed = s.items[7]!;
    clock.set(new Date(written.getTime() + 60_000));
    await Db().entities.item.patch({ ...s.ids, item_id: changed.item_id }).set({ title: "Двойное яблоко" }).go();
    await s.publish({ items: [{ category_id: s.big, item_id: changed.item_id }] });
    // The guest data has it at once; the plain page waits.
    expect((await s.index("ru")).categories[0]!.items.map((i) => i.title)).toContain("Двойное яблоко");
    expect(await text(s.paths.full("ru"))).not.toContain("Двойное яблоко");
    expect((await Db().entities.publication.get(s.ids).go()).data?.full_page_stale).toBe(true);

    await runSchedules(new Date(written.getTime() + FULL_PAGE_EVERY_MS - 1000));
    await queue.idle();
    expect(await text(s.paths.full("ru"))).not.toContain("Двойное яблоко");
    clock.set(new Date(written.getTime() + FULL_PAGE_EVERY_MS + 2000));
    await runSchedules(clock.now());
    await queue.idle();
    for (const lang of ["ru", "en"]) expect(await text(s.paths.full(lang))).toContain("Двойное яблоко");
    expect((await Db().entities.publication.get(s.ids).go()).data?.full_page_stale).toBe(false);
  });
});
