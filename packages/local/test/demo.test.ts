import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { variantKey } from "@menu/core/media/variants";
import { Db, usePorts, withActor } from "@menu/core";
import { categoriesOfStore, type CategoryInfo } from "@menu/core/category/category";
import { itemsOfStore, type ItemInfo } from "@menu/core/item/item";
import { searchItems } from "@menu/core/item/search";
import { indexStoresWithoutIndex } from "@menu/core/search/indexing";
import { indexTermsOf, normalize } from "@menu/core/search/words";
import { createCompany } from "@menu/core/company/company";
import { publishStore } from "@menu/core/publish/publish";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { readWholeMenu, type DeltaOp } from "@menu/core/shared/published-menu";
import { storeSettings } from "@menu/core/settings/store-settings";
import { createStore, resolveCsObject } from "@menu/core/store/store";
import { resolveQrKey, tablesOfStore } from "@menu/core/tables/table";
import { lookupUnique } from "@menu/core/db/guarded-write";
import { TRANSLATED_TITLE } from "@menu/core/translation-editor/schemas";
import { uniqueValue } from "@menu/core/records/unique.entity";
import { verifyPassword } from "@menu/core/auth/password";
import { PLATFORM_COMPANY } from "@menu/core/auth/user";
import { MORE_LANGUAGES, UNTRANSLATED_CATEGORY } from "../src/demo/catalogue-more-languages";
import { seedDemo, type DemoSeed } from "../src/demo/seed";

let seed: DemoSeed;

// The workspace's test setup has given this file its own table and ports.
beforeAll(async () => {
  const started = performance.now();
  seed = await seedDemo();
  console.log(`seedDemo took ${Math.round(performance.now() - started)} ms`);
}, 900_000); // a backstop: the seed takes about a minute quiet, several on a busy machine

const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const isWebp = (body: Uint8Array) =>
  Buffer.from(body.subarray(0, 4)).toString("latin1") === "RIFF" && Buffer.from(body.subarray(8, 12)).toString("latin1") === "WEBP";

async function expectWebp(key: string) {
  const object = await usePorts().objects.get(key);
  expect(object, key).toBeDefined();
  expect(object!.contentType).toBe("image/webp");
  expect(isWebp(object!.body), key).toBe(true);
}

describe("seedDemo", () => {
  it("returns the menu paths, QR paths and logins", () => {
    expect(seed.menu_paths).toEqual(["/demo/center/menu", "/demo/park/menu"]);
    expect(seed.qr_paths).toHaveLength(6);
    for (const path of seed.qr_paths) expect(path).toMatch(/^\/t\/[A-Za-z0-9]+$/);
    expect(seed.logins.map((l) => l.role).sort()).toEqual(["admin", "company_manager", "store_manager"]);
  });

  for (const storeKey of ["center", "park"]) {
    describe(`store ${storeKey}`, () => {
      const load = async () => {
        const cs = await resolveCsObject({ companyKey: "demo", storeKey });
        const [store, items, categories, tables] = await Promise.all([
          storeSettings(cs.store_id),
          itemsOfStore(cs.company_id, cs.store_id),
          categoriesOfStore(cs.company_id, cs.store_id),
          tablesOfStore(cs.company_id, cs.store_id),
        ]);
        return { cs, store, items, categories, tables };
      };

      it("resolves and has its settings filled", async () => {
        const { cs, store } = await load();
        expect(cs.company_url_key).toBe("demo");
        expect(cs.store_url_key).toBe(storeKey);
        expect(store.name).toMatch(/^Демо /);
        expect([...store.languages].sort()).toEqual(storeKey === "park" ? ["ar", "en", "fr", "ru", "tr", "zh"] : ["en", "ru", "zh"]);
        expect(store.time_zone).toBe("Europe/Minsk");
        expect(store.currency).toBe("BYN");
        expect(store.address).not.toBe("");
        expect(store.phones).toHaveLength(2);
        for (const phone of store.phones) expect(phone.number).toMatch(/^\+375 \d{2} \d{3}-\d{2}-\d{2}$/);
        expect(store.working_hours.length).toBeGreaterThanOrEqual(3);
        expect(store.working_hours.some((h) => h.close < h.open)).toBe(true); // an overnight day
        expect(store.socials.map((s) => s.network).sort()).toEqual(["instagram", "telegram"]);
        expect(store.seo_title).not.toBe("");
        expect(store.seo_description).not.toBe("");
        expect(store.wifi).toMatchObject({ encryption: "WPA", hidden: false });
        expect(store.wifi?.ssid).toBeTruthy();
        expect(store.reviews_org_id).toMatch(/^\d+$/);
        for (const key of [store.logo_light, store.logo_dark]) {
          expect(key).toMatch(new RegExp(`^media/${cs.company_id}/${cs.store_id}/[0-9a-f-]{36}\\.webp$`));
          await expectWebp(key!);
        }
      });

      it("has a full menu of products, hookahs and games", async () => {
        const { items, categories } = await load();
        expect(items.length).toBeGreaterThanOrEqual(130);
        expect(items.length).toBeLessThanOrEqual(180);
        const kinds = new Set(items.map((i) => i.kind));
        expect([...kinds].sort()).toEqual(["game", "hookah", "product"]);

        const categoryIds = new Set(categories.map((c) => c.id));
        for (const item of items) {
          expect(categoryIds.has(item.category_id), item.title).toBe(true);
          expect(item.portions.length, item.title).toBeGreaterThanOrEqual(1);
          expect(item.portions.length, item.title).toBeLessThanOrEqual(3);
          for (const p of item.portions) {
            expect(p.price, item.title).toMatch(DECIMAL);
            expect(Number(p.price), item.title).toBeGreaterThan(0);
            expect(Number(p.weight), item.title).toBeGreaterThan(0);
            expect(["BYN", "USD"]).toContain(p.currency);
          }
          const ops = (JSON.parse(item.description || '{"ops":[]}') as { ops: { insert: string }[] }).ops;
          if (ops.length) expect(ops.at(-1)!.insert.endsWith("\n")).toBe(true);
          expect(item.translations.en?.title, item.title).toBeTruthy();
          expect(item.translations.zh?.title, item.title).toBeTruthy();
          if (item.description) {
            expect(() => JSON.parse(item.translations.en!.description!)).not.toThrow();
            expect(() => JSON.parse(item.translations.zh!.description!)).not.toThrow();
          }
        }
        expect(items.some((i) => i.portions.some((p) => p.currency === "USD"))).toBe(true);
        expect(new Set(items.flatMap((i) => i.portions.map((p) => p.unit)))).toEqual(new Set(["g", "kg", "l", "ml", "pieces"]));
        const hidden = items.filter((i) => !i.visible).length;
        expect(hidden).toBeGreaterThan(0);
        expect(hidden).toBeLessThan(15);
        expect(items.some((i) => i.description.includes('"bold":true'))).toBe(true);
        const withPhoto = items.filter((i) => i.photo).length;
        expect(withPhoto).toBeGreaterThan(items.length / 2);
        expect(withPhoto).toBeLessThan(items.length); // some items show the placeholder
      });

      it("nests categories one level, in every section, with one scheduled", async () => {
        const { categories } = await load();
        const byId = new Map(categories.map((c) => [c.id, c]));
        expect(new Set(categories.map((c) => c.section))).toEqual(new Set(["kitchen", "drinks", "hookahs", "games", "promotions"]));
        for (const c of categories) {
          if (!c.parent_id) continue;
          const parent = byId.get(c.parent_id);
          expect(parent, c.name).toBeDefined();
          expect(parent!.parent_id).toBe("");
          expect(parent!.section).toBe(c.section);
        }
        expect(categories.some((c) => c.parent_id)).toBe(true);
        const scheduled = categories.filter((c) => c.schedule);
        expect(scheduled).toHaveLength(1);
        expect(scheduled[0]!.schedule).toMatchObject({ enabled: true, start: "08:00", end: "12:00" });
        expect([...scheduled[0]!.schedule!.days].sort()).toEqual(["fri", "mon", "sat", "sun", "thu", "tue", "wed"]);
        expect(categories.filter((c) => c.type === "promotions")).toHaveLength(2);
      });

      it("stores every referenced picture as WebP", async () => {
        const { cs, items } = await load();
        const { data: promotions } = await Db().entities.promotion.query.byStore(cs).go({ pages: "all" });
        expect(promotions.length).toBeGreaterThanOrEqual(4);
        const keys = new Set([...items.flatMap((i) => (i.photo ? [i.photo] : [])), ...promotions.map((p) => p.banner!)]);
        expect(keys.size).toBeGreaterThan(20);
        for (const key of keys) {
          expect(key.startsWith(`media/${cs.company_id}/${cs.store_id}/`)).toBe(true);
          await expectWebp(key);
          // The thumbnail guests' cards load (srcset) exists at its width.
          const thumb = await usePorts().objects.get(variantKey(key, 320));
          expect((await sharp(thumb!.body).metadata()).width, key).toBe(320);
        }
      });

      it("has twelve tables, an abbreviation glossary and an active premium subscription", async () => {
        const { cs, tables } = await load();
        expect(tables.map((t) => t.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Стол ${i + 1}`));
        expect(tables.map((t) => t.position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
        const { data: abbreviations } = await Db().entities.abbreviation.query.byStore(cs).go();
        expect(abbreviations.map((a) => a.abbreviation)).toEqual(expect.arrayContaining(["с/м", "б/к"]));
        const { data: subscriptions } = await Db().entities.subscription.query.byStore(cs).go();
        expect(subscriptions).toHaveLength(1);
        const sub = subscriptions[0]!;
        expect(sub).toMatchObject({ plan: "premium", status: "active" });
        expect(Date.parse(sub.starts_at!)).toBeLessThan(Date.now());
        expect(Date.parse(sub.ends_at!)).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
        const { data: events } = await Db().entities.subscriptionEvent.query.byStore(cs).go();
        expect(events.map((e) => e.event)).toContain("activated");
      });
    });
  }

  describe("store park in Arabic, Turkish and French", () => {
    const ARABIC = /[\u0600-\u06FF]/;
    const textOf = (ops: DeltaOp[] | null | undefined) => (ops ?? []).map((op) => op.insert).join("");

    /** Publishes the park store (the seed only queues it) and reads its menu JSON per language. */
    const publish = async () => {
      setMenuRenderer({ renderPage: () => "<!doctype html>", qrPath: () => ({ size: 21, path: "M0 0h1" }), build: "test" });
      const cs = await resolveCsObject({ companyKey: "demo", storeKey: "park" });
      const keys = { company_id: cs.company_id, store_id: cs.store_id };
      await publishStore(keys);
      const getJson = async (key: string) => {
        const object = await usePorts().objects.get(key);
        return object ? (JSON.parse(Buffer.from(object.body).toString("utf8")) as unknown) : undefined;
      };
      const read = async (lang: string) => {
        const menu = await readWholeMenu(getJson, "demo", "park", lang);
        expect(menu, lang).toBeDefined();
        return menu!;
      };
      const [en, ar, tr, fr] = await Promise.all(["en", "ar", "tr", "fr"].map(read));
      const untranslated = (await categoriesOfStore(keys.company_id, keys.store_id)).find((c) => c.name === UNTRANSLATED_CATEGORY)!;
      expect(untranslated, UNTRANSLATED_CATEGORY).toBeDefined();
      const isUntranslated = (item: { category_id: string }) => item.category_id === untranslated.id;
      return { keys, en: en!, ar: ar!, tr: tr!, fr: fr!, untranslated, isUntranslated };
    };
    let menus: ReturnType<typeof publish> | undefined;
    const published = () => (menus ??= publish());

    it("publishes an Arabic menu in Arabic, except the one untranslated category (English fallback)", async () => {
      const { ar, en, untranslated, isUntranslated } = await published();
      expect(ar.languages).toEqual(["ru", "en", "zh", "ar", "tr", "fr"]);
      const translated = ar.items.filter((i) => !isUntranslated(i));
      expect(translated.length).toBeGreaterThan(100);
      for (const item of translated) {
        expect(item.title, item.title).toMatch(ARABIC);
        expect(item.title_lang, item.title).toBeUndefined();
        if (item.description) {
          expect(textOf(item.description), item.title).toMatch(ARABIC);
          expect(item.description_lang, item.title).toBeUndefined();
        }
      }
      for (const category of ar.categories.filter((c) => c.id !== untranslated.id)) {
        expect(category.name, category.name).toMatch(ARABIC);
        expect(category.name_lang, category.name).toBeUndefined();
      }
      expect(ar.promotions.length).toBeGreaterThanOrEqual(4);
      for (const promotion of ar.promotions) {
        expect(promotion.header).toMatch(ARABIC);
        expect(textOf(promotion.description)).toMatch(ARABIC);
        expect([promotion.header_lang, promotion.description_lang]).toEqual([undefined, undefined]);
      }

      // The untranslated category and its items show their English texts, marked as such.
      expect(ar.categories.find((c) => c.id === untranslated.id)).toMatchObject({ name: "Ice cream", name_lang: "en" });
      const fallback = ar.items.filter(isUntranslated);
      expect(fallback.length).toBeGreaterThanOrEqual(2);
      const english = new Map(en.items.map((i) => [i.id, i]));
      for (const item of fallback) {
        expect(item).toMatchObject({ title: english.get(item.id)!.title, title_lang: "en" });
        expect(item.title).not.toMatch(ARABIC);
        if (item.description) expect(item.description_lang).toBe("en");
      }
    });

    it("publishes Turkish and French menus in their own words", async () => {
      const menus = await published();
      const english = new Map(menus.en.items.map((i) => [i.id, i]));
      for (const [lang, letters] of [["tr", /[çğışöüİ]/], ["fr", /[àâçéèêëîïôùûœ]/]] as const) {
        const menu = menus[lang];
        const translated = menu.items.filter((i) => !menus.isUntranslated(i));
        for (const item of translated) {
          expect(item.title_lang, `${lang} ${item.title}`).toBeUndefined();
          expect(item.title, `${lang} ${item.title}`).not.toMatch(ARABIC);
          if (item.description) {
            expect(item.description_lang, `${lang} ${item.title}`).toBeUndefined();
            expect(textOf(item.description), `${lang} ${item.title}`).not.toBe(textOf(english.get(item.id)!.description));
          }
        }
        // Brand and game names stay as they are; nearly every other title differs from the English.
        const differ = translated.filter((i) => i.title !== english.get(i.id)!.title).length;
        expect(differ / translated.length, lang).toBeGreaterThan(0.75);
        expect(translated.filter((i) => letters.test(i.title)).length, lang).toBeGreaterThan(20);
        for (const category of menu.categories.filter((c) => c.id !== menus.untranslated.id)) expect(category.name_lang).toBeUndefined();
        for (const promotion of menu.promotions) expect(promotion.header_lang).toBeUndefined();
        for (const item of menu.items.filter(menus.isUntranslated)) expect(item.title_lang, lang).toBe("en");
      }
    });

    it("stores the ar/tr/fr texts as manual translations, none for the untranslated category", async () => {
      const { keys, untranslated } = await published();
      const [items, categories, { data: promotions }] = await Promise.all([
        itemsOfStore(keys.company_id, keys.store_id),
        categoriesOfStore(keys.company_id, keys.store_id),
        Db().entities.promotion.query.byStore(keys).go({ pages: "all" }),
      ]);
      type Translations = Record<string, { title?: string; description?: string; manual?: boolean } | undefined>;
      const records = [
        ...items.map((i) => ({ type: "Item" as const, label: i.title, skipped: i.category_id === untranslated.id, translations: i.translations })),
        ...categories.map((c) => ({ type: "Category" as const, label: c.name, skipped: c.id === untranslated.id, translations: c.translations })),
        ...promotions.map((p) => ({ type: "Promotion" as const, label: p.header, skipped: false, translations: p.translations ?? {} })),
      ];
      for (const { type, label, skipped, translations } of records) {
        for (const lang of MORE_LANGUAGES) {
          const t = (translations as Translations)[lang];
          if (skipped) {
            expect(t, `${lang} ${label}`).toBeUndefined();
            continue;
          }
          expect(t?.manual, `${lang} ${label}`).toBe(true);
          expect(() => TRANSLATED_TITLE[type].parse(t!.title), `${lang} ${label}`).not.toThrow();
          if (t!.description) expect(() => JSON.parse(t!.description!), `${lang} ${label}`).not.toThrow();
        }
        expect(translations.en?.manual, label).toBe(true); // hand-written too
      }
      expect(items.filter((i) => i.category_id === untranslated.id).length).toBeGreaterThanOrEqual(2);

      // Only the untranslated category and its items are queued for the engine, in ar/tr/fr.
      const { data: jobs } = await Db().entities.translation.query.byStore(keys).go({ pages: "all" });
      const untranslatedIds = new Set([untranslated.id, ...items.filter((i) => i.category_id === untranslated.id).map((i) => i.id)]);
      expect(new Set(jobs.map((j) => j.target_id))).toEqual(untranslatedIds);
      expect(new Set(jobs.map((j) => j.language))).toEqual(new Set(MORE_LANGUAGES));

      // The other store's menu is ru/en/zh only.
      const center = await resolveCsObject({ companyKey: "demo", storeKey: "center" });
      const centerItems = await itemsOfStore(center.company_id, center.store_id);
      for (const item of centerItems) expect(Object.keys(item.translations).sort(), item.title).toEqual(["en", "zh"]);
    });
  });

  it("resolves the QR paths to their store and table", async () => {
    const targets = await Promise.all(seed.qr_paths.map((p) => resolveQrKey(p.slice("/t/".length))));
    expect(targets.map((t) => `${t.company_url_key}/${t.store_url_key}/${t.position}`)).toEqual([
      "demo/center/1",
      "demo/center/2",
      "demo/center/3",
      "demo/park/1",
      "demo/park/2",
      "demo/park/3",
    ]);
  });

  it("creates the three logins with their roles and passwords", async () => {
    const center = await resolveCsObject({ companyKey: "demo", storeKey: "center" });
    for (const login of seed.logins) {
      const userId = await lookupUnique("email", uniqueValue(login.email));
      expect(userId, login.email).toBeDefined();
      const { data: user } = await Db().entities.user.get({ user_id: userId! }).go();
      expect(user).toMatchObject({ email: login.email, role: login.role, email_confirmed: true });
      expect(await verifyPassword(login.password, user!.password_hash)).toBe(true);
      if (login.role === "admin") expect(user!.company_id).toBe(PLATFORM_COMPANY);
      else expect(user!.company_id).toBe(center.company_id);
      if (login.role === "store_manager") expect(user!.store_id).toBe(center.store_id);
    }
  });

  it("fails on a second run instead of duplicating the demo", async () => {
    await expect(seedDemo()).rejects.toThrow();
  });
});

// Staff search on the demo store (issue 31, point 3), on the same seed: the index answers what the old
// search (a substring of a title or translated title, read from the whole store) answered where the
// query starts a word, plus the items of categories whose name matches; and the start-up step builds
// the index of stores without one. Last in the file: it adds a company and clears a migration mark.

const texts = (r: { title?: string; name?: string; translations: Record<string, { title?: string } | undefined> }) =>
  [r.title ?? r.name ?? "", ...Object.values(r.translations).map((t) => t?.title ?? "")].map(normalize);

/** Where a text holds the query as the old search found it, at the start of a word (a Han run: anywhere). */
const holds = (text: string, q: string) => {
  const needle = normalize(q);
  return /\p{Script=Han}/u.test(needle) ? text.includes(needle) : text.split(/[^\p{L}\p{M}\p{N}]+/u).some((w) => w.startsWith(needle));
};
/** The search before the index: every item read, a title containing the query, sorted, 50 at most. */
function oldSearch(items: ItemInfo[], q: string) {
  return items.filter((i) => texts(i).some((t) => holds(t, q)));
}
const sorted = (items: ItemInfo[]) =>
  [...items].sort((a, b) => a.title.localeCompare(b.title, "ru") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, 50).map((i) => i.id);



/**
 * Queries that are a word, or a word's first 3 or 5 letters, of a title or category name in any
 * language (a run of Han characters: its first 2), one in five of them to keep the test short.
 */
function demoQueries(items: ItemInfo[], categories: CategoryInfo[]) {
  const queries = new Set<string>();
  for (const text of [...items, ...categories].flatMap(texts)) {
    for (const { kind, term } of indexTermsOf([text])) {
      if (kind !== "w" || [...term].length < 3) continue;
      for (const n of [3, 5, Infinity]) queries.add([...term].slice(0, n).join(""));
    }
    for (const run of text.match(/\p{Script=Han}{2,}/gu) ?? []) queries.add(run.slice(0, 2));
  }
  return [...queries].filter((_, i) => i % 5 === 0);
}

describe("search on the demo store", () => {
  let store: { company_id: string; store_id: string };
  let items: ItemInfo[];
  let categories: CategoryInfo[];

  beforeAll(async () => {
    const cs = await resolveCsObject({ companyKey: "demo", storeKey: "park" }); // six menu languages
    store = { company_id: cs.company_id, store_id: cs.store_id };
    [items, categories] = await Promise.all([itemsOfStore(store.company_id, store.store_id), categoriesOfStore(store.company_id, store.store_id)]);
  });

  it("answers today's hits plus the items of categories whose name matches", async () => {
    const queries = demoQueries(items, categories);
    expect(queries.length).toBeGreaterThan(200);
    let withCategory = 0;
    for (const q of queries) {
      const byCategory = new Set(categories.filter((c) => texts(c).some((t) => holds(t, q))).map((c) => c.id));
      const expected = [...new Set([...oldSearch(items, q), ...items.filter((i) => byCategory.has(i.category_id))])];
      if (expected.length > oldSearch(items, q).length) withCategory++;
      const hits = await withActor({ type: "system" }, () => searchItems({ ...store, q }));
      expect(hits.map((h) => h.id), q).toEqual(sorted(expected));
    }
    expect(withCategory).toBeGreaterThan(10);
  }, 300_000);

  it("finds a category's items by its name: 'пицца' finds the pizzas", async () => {
    const pizzas = items.filter((i) => i.category_id === categories.find((c) => c.name === "Пицца")!.id).map((i) => i.id);
    expect(pizzas.length).toBeGreaterThanOrEqual(6);
    const hits = await withActor({ type: "system" }, () => searchItems({ ...store, q: "пицца" }));
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining(pizzas));
  });

  it("builds the index of stores that have none at start, once per table", async () => {
    // The seed built the demo stores' indexes: the start-up step finds nothing to do and marks the table.
    expect(await indexStoresWithoutIndex()).toBe(0);
    // A store of an older data folder: its records were written before there was an index.
    const company = await createCompany({ name: "Старая", url_key: "oldfolder" });
    const old = await createStore({ company_id: company.id, name: "Старая", url_key: "main" });
    const keys = { company_id: company.id, store_id: old.store_id };
    const category_id = randomUUID();
    await Db().entities.category.create({ ...keys, category_id, section: "kitchen", type: "products", name: "Супы" }).go();
    await Db().entities.item.create({ ...keys, item_id: randomUUID(), kind: "product", category_id, title: "Окрошка", portions: [{ id: "p", weight: "300", unit: "g", price: "5", currency: "BYN" }] }).go();
    expect(await indexStoresWithoutIndex()).toBe(0); // the table is marked: one GetItem
    await Db().entities.migration.delete({ name: "search-index-v1" }).go();
    expect(await indexStoresWithoutIndex()).toBe(1);
    expect((await Db().entities.searchIndexState.get(keys).go()).data?.version).toBe(1);
    const { data } = await Db().entities.searchIndexTerm.query.byTerm({ ...keys, kind: "w" }).begins({ term: "окрошка" }).go();
    expect(data.map((r) => r.ref_type)).toEqual(["item"]);
    expect(await indexStoresWithoutIndex()).toBe(0);
  });
});
