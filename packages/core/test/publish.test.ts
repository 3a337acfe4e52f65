import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { runSchedules } from "@menu/core/schedules";
import { nextBoundary, openNow, scheduleAllows, zonedTime } from "@menu/core/shared/schedule";
import { publishDelta, wifiPayload } from "@menu/core/publish/build";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { pendingScope, requestPublish, SCOPE_MAX } from "@menu/core/publish/request";
import { readWholeMenu, type MenuView, type PublishedChunk, type PublishedIndex, type PublishedManifest } from "@menu/core/shared/published-menu";
import { venue } from "./fixtures";

const DAY = 86_400_000;
/** Publish runs wait for this gate, so a test can let several requests land before the first run starts. */
let gate: Promise<void> = Promise.resolve();
const queue = memoryQueue({
  ...JOB_HANDLERS,
  publish: async (message) => {
    await gate;
    await JOB_HANDLERS.publish!(message);
  },
});
const renders: { version: string; page: string; lang: string; store: string }[] = [];
let duringRender: (() => Promise<void>) | undefined;
/** What `duringRender` started, to wait for it instead of for time. */
let duringRenderDone: Promise<void> = Promise.resolve();

/** The object folder: the incremental tests look at the files themselves (bytes and modification times). */
const objectsRoot = mkdtempSync(join(tmpdir(), "menu-publish-"));

beforeAll(() => {
  const { mailer } = usePorts();
  setPorts({ objects: fsObjectStore(objectsRoot), queue, mailer });
  setMenuRenderer({
    renderPage: ({ menu, loaded, page }: MenuView & { page: { kind: string } }) => {
      renders.push({ version: menu.version, page: page.kind, lang: menu.language, store: menu.store.id });
      if (duringRender) {
        const f = duringRender;
        duringRender = undefined;
        duringRenderDone = f();
      }
      return `<!doctype html><title>${menu.store.name}</title><p>${Object.values(loaded).flat().map((i) => i.title).join(",")}</p>`;
    },
    qrPath: (text: string) => ({ size: 21, path: `M0 0h${text.length}` }),
    build: "test",
  });
});
afterEach(() => {
  clock.reset();
  renders.length = 0;
});

async function openStore(plan: "premium" | "basic" = "premium") {
  const v = await venue("pub");
  const now = clock.now();
  await Db()
    .entities.store.patch({ company_id: v.company_id, store_id: v.store_id })
    .set({
      languages: ["ru", "en", "zh", "ar"],
      wifi: { ssid: "Cafe;Guest", encryption: "WPA", hidden: false, password: "p:ss" },
      reviews_org_id: "1234567890",
      working_hours: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], open: "09:00", close: "23:00" }],
    })
    .go();
  await Db()
    .entities.subscription.create({
      company_id: v.company_id,
      store_id: v.store_id,
      subscription_id: randomUUID(),
      plan,
      status: "active",
      starts_at: new Date(now.getTime() - DAY).toISOString(),
      ends_at: new Date(now.getTime() + 30 * DAY).toISOString(),
    })
    .go();
  return v;
}

async function read<T>(key: string) {
  const object = await usePorts().objects.get(key);
  return object ? (JSON.parse(Buffer.from(object.body).toString("utf8")) as T) : undefined;
}

/** The whole published menu of a language (index and chunks) at `m/{company}/main`. */
const menuOf = async (company: string, lang: string) => (await readWholeMenu(read, company, "main", lang))!;

describe("publishing the guest menu", () => {
  it("writes the menu JSON, the pages and the manifest per language, with only what guests may see", async () => {
    const v = await openStore();
    await Db()
      .entities.item.patch({ company_id: v.company_id, store_id: v.store_id, item_id: v.items.visible })
      .set({
        translations: { en: { title: "Borscht" } },
        description: JSON.stringify({ ops: [{ insert: "Свёкла", attributes: { bold: true, script: "x" } }, { insert: { image: "x" } }, { insert: "\n" }] }),
      })
      .go();
    await requestPublish(v.store_id);
    await queue.idle();

    const base = `m/${v.company.url_key}/main`;
    const manifest = await read<PublishedManifest>(`${base}/manifest.json`);
    expect(manifest).toMatchObject({ languages: ["ru", "en", "zh", "ar"], default_language: "ru", pages: ["menu", "reviews"] });
    expect(manifest?.hidden).toBeUndefined();
    const ru = await menuOf(v.company.url_key, "ru");
    const en = await menuOf(v.company.url_key, "en");
    expect(ru.items.map((i) => i.title)).toEqual(["Борщ"]);
    expect(en.items.map((i) => i.title)).toEqual(["Borscht"]);
    // The index names the Russian title where the menu's differs (the guest search finds both).
    const enIndex = (await read<PublishedIndex>(`${base}/en/index.json`))!;
    expect(enIndex.categories.flatMap((c) => c.items)).toEqual([expect.objectContaining({ title: "Borscht", source_title: "Борщ" })]);
    expect((await read<PublishedIndex>(`${base}/ru/index.json`))!.categories.flatMap((c) => c.items)[0]!.source_title).toBeUndefined();
    expect(ru.items[0]!.description).toEqual([{ insert: "Свёкла", attributes: { bold: true } }, { insert: "\n" }]);
    expect(ru.store.wifi?.qr?.path).toBeDefined();
    expect(ru.store.reviews_org_id).toBe("1234567890");
    const html = await usePorts().objects.get(`${base}/zh/menu.html`);
    expect(html?.contentType).toMatch(/text\/html/);
    expect(Buffer.from(html!.body).toString()).toContain("Borscht"); // no Chinese translation: English
    // Same content, same version (and so the same ETag).
    await requestPublish(v.store_id);
    await queue.idle();
    expect((await menuOf(v.company.url_key, "ru")).version).toBe(ru.version);
  });

  it("coalesces requests into one run, and a request during a run into exactly one more", async () => {
    const v = await openStore();
    let open!: () => void;
    gate = new Promise((ok) => (open = ok));
    await Promise.all(Array.from({ length: 5 }, () => requestPublish(v.store_id)));
    open();
    await queue.idle();
    const pagesPerRun = 4 * 2; // 4 languages × (menu, reviews)
    expect(renders.length).toBe(pagesPerRun);

    renders.length = 0;
    duringRender = async () => {
      await Db().entities.item.patch({ company_id: v.company_id, store_id: v.store_id, item_id: v.items.visible }).set({ title: "Щи" }).go();
      await requestPublish(v.store_id);
      await requestPublish(v.store_id);
    };
    await requestPublish(v.store_id);
    await queue.idle();
    await duringRenderDone;
    await queue.idle();
    expect(renders.length).toBe(2 * pagesPerRun);
    const ru = await menuOf(v.company.url_key, "ru");
    expect(ru!.items.map((i) => i.title)).toEqual(["Щи"]);
  });

  it("hides the menu politely in preparation and without an active subscription", async () => {
    const v = await venue("hid");
    await Db()
      .entities.store.patch({ company_id: v.company_id, store_id: v.store_id })
      .set({ preparation_ends_at: new Date(clock.now().getTime() + 2 * DAY).toISOString() })
      .go();
    await requestPublish(v.store_id);
    await queue.idle();
    const base = `m/${v.company.url_key}/main`;
    expect((await read<PublishedManifest>(`${base}/manifest.json`))?.hidden).toBe("preparation");
    const menu = await menuOf(v.company.url_key, "ru");
    expect(menu.hidden).toBe("preparation");
    expect(menu.items).toEqual([]);

    clock.advance(3 * DAY);
    await requestPublish(v.store_id);
    await queue.idle();
    expect((await menuOf(v.company.url_key, "ru")).hidden).toBe("inactive");
  });

  it("publishes only what the plan allows", async () => {
    const v = await openStore("basic");
    await requestPublish(v.store_id);
    await queue.idle();
    const menu = await menuOf(v.company.url_key, "ru");
    expect(menu.languages).toEqual(["ru", "en", "zh"]);
    expect(menu.store.wifi).toBeUndefined();
    expect(menu.store.reviews_org_id).toBeUndefined();
  });

  it("republishes by itself when the pages go stale by time (hours, schedules)", async () => {
    clock.set(new Date("2030-03-04T08:00:00Z")); // 11:00 in Minsk
    const v = await openStore();
    const runs = () => renders.filter((r) => r.store === v.store_id).length / 8;
    await requestPublish(v.store_id);
    await queue.idle();
    expect(runs()).toBe(1);
    await runSchedules(new Date("2030-03-04T19:00:00Z")); // 22:00: nothing due yet
    await queue.idle();
    expect(runs()).toBe(1);
    clock.set(new Date("2030-03-04T20:00:30Z"));
    await runSchedules(clock.now()); // 23:00:30: closing time passed
    await queue.idle();
    expect(runs()).toBe(2);
  });
});

describe("publishing only what changed", () => {
  const portion = { id: "p1", weight: "100", unit: "g" as const, price: "5.00", currency: "BYN" as const };

  /** An open store with a first category of 30 items (the whole first view), a second kitchen one and a drinks one. */
  async function bigStore() {
    const v = await openStore();
    const ids = { company_id: v.company_id, store_id: v.store_id };
    const [first, second, drinks] = [randomUUID(), randomUUID(), randomUUID()];
    // The fixture's category (position 0) comes after these, as does "drinks".
    await Db()
      .entities.category.put([
        { ...ids, category_id: first, section: "kitchen", type: "products", name: "Закуски", position: 0 },
        { ...ids, category_id: second, section: "kitchen", type: "products", name: "Горячее", position: 5 },
        { ...ids, category_id: drinks, section: "drinks", type: "products", name: "Соки", position: 6 },
      ])
      .go();
    await Db().entities.category.patch({ ...ids, category_id: v.category_id }).set({ position: 4 }).go();
    const item = (category_id: string, n: number) => ({ ...ids, item_id: randomUUID(), kind: "product" as const, category_id, title: `Блюдо ${n}`, position: 1000 * n, portions: [portion] });
    const firstItems = Array.from({ length: 30 }, (_, n) => item(first, n + 1));
    const secondItems = [item(second, 1), item(second, 2)];
    const drinkItems = [item(drinks, 1), item(drinks, 2)];
    await Db().entities.item.put([...firstItems, ...secondItems, ...drinkItems]).go();
    await requestPublish(v.store_id);
    await queue.idle();
    return { v, ids, first, second, drinks, firstItems, secondItems, drinkItems };
  }

  /** Every published file of the store: its bytes and when it was last written. */
  function files(company: string) {
    const root = join(objectsRoot, "m", company, "main");
    const out = new Map<string, { bytes: string; mtime: number }>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (!entry.name.endsWith(".meta")) out.set(relative(root, path), { bytes: readFileSync(path, "latin1"), mtime: statSync(path).mtimeMs });
      }
    };
    walk(root);
    return out;
  }
  const index = (company: string, lang: string) => read<PublishedIndex>(`m/${company}/main/${lang}/index.json`);
  const chunkOf = async (company: string, lang: string, category: string) => (await index(company, lang))!.categories.find((c) => c.id === category)!.chunk!;

  it("splits each language into a small index and content-addressed chunks per category", async () => {
    const { v, first, second, drinks } = await bigStore();
    const ru = (await index(v.company.url_key, "ru"))!;
    expect(ru.format).toBe(2);
    expect(ru.categories.map((c) => [c.id, c.items.length])).toEqual([
      [first, 30],
      [v.category_id, 1],
      [second, 2],
      [drinks, 2],
    ]);
    expect(ru.categories[0]!.items[0]).toEqual({ id: expect.any(String), title: "Блюдо 1" });
    const chunk = (await read<PublishedChunk>(`m/${v.company.url_key}/main/ru/c/${ru.categories[0]!.chunk}.json`))!;
    expect(chunk).toMatchObject({ format: 2, category_id: first });
    expect(chunk.items.map((i) => i.title)).toEqual(Array.from({ length: 30 }, (_, n) => `Блюдо ${n + 1}`));
    expect(chunk.items[0]!.portions).toEqual([portion]);
    // The first view: the menu page is rendered with the first category alone (30 cards ≥ the cap).
    expect(renders.filter((r) => r.store === v.store_id && r.page === "menu" && r.lang === "ru")).toHaveLength(1);
    expect((await read<PublishedManifest>(`m/${v.company.url_key}/main/manifest.json`))!.format).toBe(2);
  });

  it("rewrites only the touched category's chunk, leaving every other published part byte for byte and unwritten", async () => {
    const { v, ids, first, second, drinks, secondItems } = await bigStore();
    const company = v.company.url_key;
    const before = files(company);
    const chunksBefore = { first: await chunkOf(company, "en", first), drinks: await chunkOf(company, "en", drinks), second: await chunkOf(company, "en", second) };
    renders.length = 0;

    await Db().entities.item.patch({ ...ids, item_id: secondItems[0]!.item_id }).set({ portions: [{ ...portion, price: "7.25" }] }).go();
    await requestPublish(v.store_id, { categories: [second] });
    await queue.idle();

    const after = files(company);
    for (const lang of ["ru", "en", "zh", "ar"]) {
      const newName = await chunkOf(company, lang, second);
      const chunk = (await read<PublishedChunk>(`m/${company}/main/${lang}/c/${newName}.json`))!;
      expect(chunk.items[0]!.portions[0]!.price).toBe("7.25");
      // The old chunk of the touched category stays a day for pages holding the older index.
      expect(after.size).toBe(before.size + 4);
    }
    expect(await chunkOf(company, "en", second)).not.toBe(chunksBefore.second);
    expect(await chunkOf(company, "en", first)).toBe(chunksBefore.first);
    expect(await chunkOf(company, "en", drinks)).toBe(chunksBefore.drinks);
    // Everything but the indexes and the manifest (and the new chunks) is the same file, not written again.
    const rewritten = [...after]
      .filter(([path, file]) => before.get(path)?.bytes !== file.bytes || before.get(path)?.mtime !== file.mtime)
      .map(([path]) => path.replace(/\/c\/.*/, "/c/(new chunk)"));
    expect(rewritten.sort()).toEqual(["manifest.json", ...["ar", "en", "ru", "zh"].flatMap((lang) => [`${lang}/c/(new chunk)`, `${lang}/index.json`])].sort());
    // No page shows the second category before the guest scrolls: none was rendered.
    expect(renders).toEqual([]);
  });

  it("renders the menu page again when its first view shows the touched category, and reads no other category", async () => {
    const { v, ids, first, second, firstItems, secondItems } = await bigStore();
    const company = v.company.url_key;
    const secondChunk = await chunkOf(company, "ru", second);
    renders.length = 0;
    // A change behind the publish's back in a category outside the scope: the scoped run does not read it.
    await Db().entities.item.patch({ ...ids, item_id: secondItems[1]!.item_id }).set({ title: "Не прочитано" }).go();
    await Db().entities.item.patch({ ...ids, item_id: firstItems[0]!.item_id }).set({ title: "Первое" }).go();
    await requestPublish(v.store_id, { categories: [first] });
    await queue.idle();
    expect(renders.map((r) => `${r.lang}:${r.page}`).sort()).toEqual(["ar:menu", "en:menu", "ru:menu", "zh:menu"]);
    const page = (await usePorts().objects.get(`m/${company}/main/ru/menu.html`))!;
    expect(Buffer.from(page.body).toString()).toContain("Первое");
    expect(await chunkOf(company, "ru", second)).toBe(secondChunk);

    // A request without scope rebuilds everything (and renders every page).
    renders.length = 0;
    await requestPublish(v.store_id);
    await queue.idle();
    expect(await chunkOf(company, "ru", second)).not.toBe(secondChunk);
    expect((await menuOf(company, "ru")).items.map((i) => i.title)).toContain("Не прочитано");
    expect(renders).toHaveLength(4 * 2);
  });

  it("adds up the scopes of requests until a run covers them; many categories, or one request without scope, mean everything", async () => {
    const { v, ids, second, drinks, secondItems, drinkItems } = await bigStore();
    const company = v.company.url_key;
    let open!: () => void;
    gate = new Promise((ok) => (open = ok));
    await Db().entities.item.patch({ ...ids, item_id: secondItems[0]!.item_id }).set({ title: "Второе" }).go();
    await requestPublish(v.store_id, { categories: [second] });
    await Db().entities.item.patch({ ...ids, item_id: drinkItems[0]!.item_id }).set({ title: "Морс" }).go();
    await requestPublish(v.store_id, { categories: [drinks] });
    expect((await Db().entities.publication.get(ids).go()).data?.scope?.sort()).toEqual([second, drinks].sort());
    open();
    await queue.idle();
    const titles = (await menuOf(company, "ru")).items.map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining(["Второе", "Морс"]));
    const row = (await Db().entities.publication.get(ids).go()).data!;
    expect(row.scope).toBeUndefined();
    expect(row.scope_all).toBeUndefined();

    await requestPublish(v.store_id, { categories: Array.from({ length: SCOPE_MAX + 1 }, () => randomUUID()) });
    expect(pendingScope((await Db().entities.publication.get(ids).go()).data!)).toBeUndefined();
    await queue.idle();
    await requestPublish(v.store_id, { categories: [second] });
    await requestPublish(v.store_id);
    expect(pendingScope((await Db().entities.publication.get(ids).go()).data!)).toBeUndefined();
    await queue.idle();
  });
});

describe("time in the store's time zone", () => {
  const minsk = (iso: string) => zonedTime(new Date(iso), "Europe/Minsk");
  it("evaluates schedules, spanning midnight when the end is before the start", () => {
    const night = { enabled: true, days: ["fri"], start: "22:00", end: "02:00" };
    expect(scheduleAllows(night, minsk("2030-03-08T20:00:00Z"))).toBe(true); // Fri 23:00
    expect(scheduleAllows(night, minsk("2030-03-08T22:30:00Z"))).toBe(true); // Sat 01:30
    expect(scheduleAllows(night, minsk("2030-03-09T00:30:00Z"))).toBe(false); // Sat 03:30
    expect(scheduleAllows(night, minsk("2030-03-09T20:00:00Z"))).toBe(false); // Sat 23:00
    expect(scheduleAllows({ ...night, enabled: false }, minsk("2030-03-09T20:00:00Z"))).toBe(true);
    expect(openNow([{ days: ["mon"], open: "09:00", close: "18:00" }], minsk("2030-03-04T07:00:00Z"))).toBe(true);
    expect(openNow([], minsk("2030-03-04T07:00:00Z"))).toBeUndefined();
  });
  it("finds the next boundary", () => {
    expect(nextBoundary(["12:00", "16:00"], new Date("2030-03-04T10:00:00Z"), "Europe/Minsk")?.toISOString()).toBe("2030-03-04T13:00:00.000Z");
    expect(nextBoundary([], new Date(), "Europe/Minsk")).toBeUndefined();
  });
});

describe("rich text and Wi-Fi payloads", () => {
  it("keeps text inserts, marks broken text", () => {
    expect(publishDelta("")).toBeUndefined();
    expect(publishDelta("{not json")).toBeNull();
    expect(publishDelta(JSON.stringify({ ops: [{ insert: "a", attributes: { link: "https://x" } }] }))).toEqual([{ insert: "a", attributes: { link: "https://x" } }]);
  });
  it("escapes the Wi-Fi payload", () => {
    expect(wifiPayload({ ssid: 'a;b,c"d', encryption: "WPA", password: "p:w\\" })).toBe('WIFI:T:WPA;S:a\\;b\\,c\\"d;P:p\\:w\\\\;H:false;;');
    expect(wifiPayload({ ssid: "open", encryption: "nopass", hidden: true })).toBe("WIFI:T:nopass;S:open;H:true;;");
  });
});
