/**
 * Demo data for the first start of an empty data folder: company `demo` with the stores `center`
 * and `park`, a full menu in Russian with English and Chinese translations (`park` also with
 * hand-written Arabic, Turkish and French ones), pictures drawn with sharp, tables with QR keys, an
 * active premium subscription per store and three staff logins.
 *
 * The caller has already run configureDb(), ensureTable() and setPorts({ objects }). Everything is
 * deterministic (seeded generator) except ids, QR keys and timestamps.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { clock, DAYS, Db, usePorts, type PLANS, type SUBSCRIPTION_EVENTS, type SUBSCRIPTION_STATUSES } from "@menu/core";
import { createCompany } from "@menu/core/company/company";
import { PHOTO_WIDTHS, variantKey } from "@menu/core/media/variants";
import { requestPublish } from "@menu/core/store/publish-request";
import { queueWholeStore } from "@menu/core/translation/jobs";
import { createStore } from "@menu/core/store/store";
import { createTable } from "@menu/core/tables/table";
import { recountStore } from "@menu/core/store/recount";
import { rebuildSearchIndex } from "@menu/core/search/indexing";
import { createUser, PLATFORM_COMPANY } from "@menu/core/auth/user";
import { demoMarks } from "./marks";
import { bannerSvg, logoSvg, photoSvg, toWebp } from "./art";
import { MORE_LANGUAGES, moreText, UNTRANSLATED_CATEGORY, type MoreLanguage } from "./catalogue-more-languages";
import {
  ABBREVIATIONS,
  PROMOTIONS,
  SECTIONS_SPEC,
  STORES,
  type CategorySpec,
  type Currency,
  type Entry,
  type SectionSpec,
  type Size,
  type StoreKey,
  type Tri,
} from "./catalogue";
import { rng } from "./random";

export type DemoSeed = {
  menu_paths: string[];
  qr_paths: string[];
  logins: { role: "admin" | "company_manager" | "store_manager"; email: string; password: string }[];
};

export const DEMO_COMPANY = { name: "Демо Гастро", url_key: "demo" } as const;
export const DEMO_LANGUAGES = ["ru", "en", "zh"] as const;
/** Menu languages per store: `park` shows the premium languages too (both stores are on premium). */
const STORE_LANGUAGES: Record<StoreKey, readonly Lang[]> = {
  center: DEMO_LANGUAGES,
  park: [...DEMO_LANGUAGES, ...MORE_LANGUAGES],
};
export const DEMO_LOGINS = [
  { role: "admin", email: "admin@demo.menu", password: "demo-admin-2026", first_name: "Оператор", last_name: "Сервиса" },
  { role: "company_manager", email: "owner@demo.menu", password: "demo-owner-2026", first_name: "Ольга", last_name: "Иванова" },
  { role: "store_manager", email: "manager@demo.menu", password: "demo-manager-2026", first_name: "Максим", last_name: "Петров" },
] as const;

const TABLES_PER_STORE = 12;
const QR_PATHS_PER_STORE = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const PREMIUM = "premium" satisfies (typeof PLANS)[number];
const ACTIVE = "active" satisfies (typeof SUBSCRIPTION_STATUSES)[number];
const EVENT_ADDED = "added" satisfies (typeof SUBSCRIPTION_EVENTS)[number];
const EVENT_ACTIVATED = "activated" satisfies (typeof SUBSCRIPTION_EVENTS)[number];

// ---------------------------------------------------------------------------------------------
// Rich text (Quill Delta as a JSON string)

type Op = { insert: string; attributes?: { bold?: true; italic?: true } };
type Lang = (typeof DEMO_LANGUAGES)[number] | MoreLanguage;
type Target = Exclude<Lang, "ru">;
const TRI_INDEX = { ru: 0, en: 1, zh: 2 } as const;
const delta = (ops: Op[]) => (ops.length ? JSON.stringify({ ops }) : "");
const capitalize = (s: string, lang: Lang) => s.charAt(0).toLocaleUpperCase(lang) + s.slice(1);

const isMore = (lang: Lang): lang is MoreLanguage => (MORE_LANGUAGES as readonly Lang[]).includes(lang);
/** A catalogue text in `lang`: ru/en/zh from the catalogue, ar/tr/fr from the hand-written table. */
const textIn = (lang: Lang, text: Tri) => (isMore(lang) ? moreText(text[1], lang) : text[TRI_INDEX[lang]]);

function itemDescription(lang: Lang, category: CategorySpec, entry: Entry) {
  const ops: Op[] = [];
  if (entry.text) {
    const label = category.label && textIn(lang, category.label);
    const text = textIn(lang, entry.text);
    // Chinese labels end in a full-width colon: no space after it.
    if (label) ops.push({ insert: label, attributes: { bold: true } }, { insert: (lang === "zh" ? "" : " ") + text });
    else ops.push({ insert: capitalize(text, lang) });
    ops.push({ insert: "\n" });
  }
  if (category.note) ops.push({ insert: textIn(lang, category.note), attributes: { italic: true } }, { insert: "\n" });
  return delta(ops);
}

/**
 * The translations of a text into `langs`. All are hand-written, so they are marked manual, as
 * staff's own would be (auto-translation keeps them).
 */
const translations = (langs: readonly Target[], title: Tri, description?: (lang: Lang) => string) =>
  Object.fromEntries(
    langs.map((lang) => [
      lang,
      {
        title: textIn(lang, title),
        ...(description ? { description: description(lang) } : {}),
        manual: true,
      },
    ]),
  );

/** The languages a store translates its texts into; the one untranslated category keeps to ru/en/zh. */
function targetsOf(store: StoreKey, categoryName?: Tri): Target[] {
  const targets = STORE_LANGUAGES[store].filter((l): l is Target => l !== "ru");
  if (categoryName?.[0] !== UNTRANSLATED_CATEGORY) return targets;
  return targets.filter((l) => !isMore(l));
}

// ---------------------------------------------------------------------------------------------
// Prices and portions

/** A decimal string with two fraction digits from an integer number of cents. */
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

function portionsOf(store: StoreKey, category: CategorySpec, entry: Entry, currency: Currency) {
  const ru = entry.title[0];
  const shape = rng(`shape:${ru}`); // the same recipe in both stores
  const prices = rng(`price:${store}:${ru}`); // each store sets its own prices
  const spec = category.portions ?? { kind: "sizes" as const, sizes: [["1", "pieces", 1]] as const };
  let sizes: readonly Size[];
  if (entry.sizes) sizes = entry.sizes;
  else if (spec.kind === "range") {
    const weight = Math.round((spec.min + shape() * (spec.max - spec.min)) / 10) * 10;
    sizes = [[String(weight), spec.unit, 1]];
  } else if (spec.kind === "some") sizes = spec.sizes.slice(0, 1 + Math.floor(shape() * spec.sizes.length));
  else sizes = spec.sizes;

  const [min, max, step] = category.price ?? [5, 10, 0.5];
  const stepCents = Math.round(step * 100);
  const roundTo = (cents: number) => Math.max(stepCents, Math.round(cents / stepCents) * stepCents);
  const base = min * 100 + prices() * (max - min) * 100;
  return sizes.map(([weight, unit, factor]) => ({
    id: randomUUID(),
    weight,
    unit,
    price: money(roundTo(base * factor)),
    currency,
  }));
}

// ---------------------------------------------------------------------------------------------
// Pictures

type Art = { photos: Map<string, Buffer>; banners: Buffer[]; logos: Record<StoreKey, { light: Buffer; dark: Buffer }> };

function leafCategories(categories: CategorySpec[]): CategorySpec[] {
  return categories.flatMap((c) => (c.children ? leafCategories(c.children) : [c]));
}

/** Draws every picture once (about 35): one per leaf category, the banners and the logos. */
async function drawArt(): Promise<Art> {
  const leaves = SECTIONS_SPEC.flatMap((s) => leafCategories(s.categories));
  const banners = PROMOTIONS.flatMap((c) => c.promotions);
  const storeKeys = Object.keys(STORES) as StoreKey[];
  const [photos, bannerBuffers, logoBuffers] = await Promise.all([
    Promise.all(leaves.map(async (c) => [c.name[0], await toWebp(photoSvg(c.name[0], c.glyph, c.palette))] as const)),
    Promise.all(banners.map((p) => toWebp(bannerSvg(p.header[0], p.glyphs, p.palette)))),
    Promise.all(
      storeKeys.map(async (key) => {
        const { glyph, accent } = STORES[key].logo;
        const [light, dark] = await Promise.all([
          toWebp(logoSvg(glyph, accent, "#2d2a26"), { lossless: true }),
          toWebp(logoSvg(glyph, accent, "#fdf7ee"), { lossless: true }),
        ]);
        return [key, { light, dark }] as const;
      }),
    ),
  ]);
  return {
    photos: new Map(photos),
    banners: bannerBuffers,
    logos: Object.fromEntries(logoBuffers) as Art["logos"],
  };
}

/** Stores a picture (and its smaller widths) under the store's media folder and returns its key. */
async function putMedia(company_id: string, store_id: string, body: Buffer) {
  const key = `media/${company_id}/${store_id}/${randomUUID()}.webp`;
  await usePorts().objects.put(key, body, "image/webp");
  await Promise.all(
    PHOTO_WIDTHS.map(async (width) =>
      usePorts().objects.put(variantKey(key, width), await sharp(body).resize({ width }).webp({ quality: 70 }).toBuffer(), "image/webp"),
    ),
  );
  return key;
}

// ---------------------------------------------------------------------------------------------
// Writing

function assertProcessed(what: string, result: { unprocessed: unknown[] }) {
  if (result.unprocessed.length) throw new Error(`Demo seed: ${result.unprocessed.length} ${what} were not written`);
}

type Ids = { company_id: string; store_id: string };
type Entities = ReturnType<typeof Db>["entities"];
/** The record a batch put of that entity accepts. */
type Put<K extends keyof Entities> = Parameters<Entities[K]["create"]>[0];

function buildMenu(store: StoreKey, ids: Ids, photoKeys: Map<string, string>) {
  const categories: Put<"category">[] = [];
  const items: Put<"item">[] = [];

  const addItems = (section: SectionSpec, category: CategorySpec, category_id: string) => {
    const entries = (category.items ?? []).filter((e) => !e.only || e.only === store);
    const currency = category.currency ?? "BYN";
    const langs = targetsOf(store, category.name);
    entries.forEach((entry, position) => {
      const ru = entry.title[0];
      const hasPhoto = rng(`photo:${ru}`)() >= 0.12;
      const visible = rng(`visible:${store}:${ru}`)() >= 0.03;
      const photo = hasPhoto ? photoKeys.get(category.name[0]) : undefined;
      items.push({
        ...ids,
        item_id: randomUUID(),
        kind: section.kind,
        category_id,
        position,
        title: ru,
        description: itemDescription("ru", category, entry),
        ...(photo ? { photo } : {}),
        visible,
        portions: portionsOf(store, category, entry, currency),
        ...(section.section === "kitchen" ? demoMarks(`${entry.title[1]} ${entry.text?.[1] ?? ""}`) : {}),
        translations: translations(langs, entry.title, (lang) => itemDescription(lang, category, entry)),
      });
    });
  };

  const addCategory = (section: SectionSpec, spec: CategorySpec, position: number, parent_id: string) => {
    const category_id = randomUUID();
    categories.push({
      ...ids,
      category_id,
      section: section.section,
      type: section.type,
      name: spec.name[0],
      icon: spec.icon,
      parent_id,
      position,
      visible: true,
      ...(spec.schedule ? { schedule: { enabled: true, days: [...DAYS], ...spec.schedule } } : {}),
      translations: translations(targetsOf(store, spec.name), spec.name),
    });
    spec.children?.forEach((child, i) => addCategory(section, child, i, category_id));
    addItems(section, spec, category_id);
  };

  for (const section of SECTIONS_SPEC) section.categories.forEach((c, i) => addCategory(section, c, i, ""));
  return { categories, items };
}

async function buildPromotions(store: StoreKey, ids: Ids, art: Art) {
  const langs = targetsOf(store);
  const categories: Put<"category">[] = [];
  const promotions: Put<"promotion">[] = [];
  let bannerIndex = 0;
  for (const [position, spec] of PROMOTIONS.entries()) {
    const category_id = randomUUID();
    categories.push({
      ...ids,
      category_id,
      section: "promotions",
      type: "promotions",
      name: spec.name[0],
      icon: spec.icon,
      parent_id: "",
      position,
      visible: true,
      translations: translations(langs, spec.name),
    });
    for (const [i, promo] of spec.promotions.entries()) {
      const banner = await putMedia(ids.company_id, ids.store_id, art.banners[bannerIndex++]!);
      const description = (lang: Lang) =>
        delta([{ insert: textIn(lang, promo.bold), attributes: { bold: true } }, { insert: textIn(lang, promo.text) }, { insert: "\n" }]);
      promotions.push({
        ...ids,
        promotion_id: randomUUID(),
        category_id,
        position: i,
        header: promo.header[0],
        description: description("ru"),
        banner,
        visible: true,
        translations: translations(langs, promo.header, description),
      });
    }
  }
  return { categories, promotions };
}

const TABLE_NOTES: Record<StoreKey, (position: number) => string> = {
  center: (p) => (p <= 4 ? "У окна" : p >= 11 ? "VIP-зал, до 8 гостей" : ""),
  park: (p) => (p >= 9 ? "Летняя терраса" : p <= 2 ? "У камина" : ""),
};

async function seedStore(key: StoreKey, company_id: string, art: Art, now: Date) {
  const info = STORES[key];
  // Premium since 100 days: past the 3-month switch cooldown, so the demo can switch plans at once.
  const startsAt = new Date(now.getTime() - 100 * DAY_MS);
  const store = await createStore({
    company_id,
    name: info.name,
    url_key: key,
    languages: [...STORE_LANGUAGES[key]],
    preparation_ends_at: startsAt.toISOString(),
  });
  const ids = { company_id, store_id: store.store_id };

  // Pictures: each drawn picture is stored once in this store's media folder.
  const photoKeys = new Map<string, string>();
  await Promise.all(
    [...art.photos].map(async ([name, body]) => photoKeys.set(name, await putMedia(ids.company_id, ids.store_id, body))),
  );
  const [logo_light, logo_dark] = await Promise.all([
    putMedia(ids.company_id, ids.store_id, art.logos[key].light),
    putMedia(ids.company_id, ids.store_id, art.logos[key].dark),
  ]);

  const menu = buildMenu(key, ids, photoKeys);
  const promo = await buildPromotions(key, ids, art);
  const subscription_id = randomUUID();
  const e = Db().entities;
  const [categoriesResult, itemsResult, promotionsResult, abbreviationsResult, subscriptionResult, eventsResult, tables] =
    await Promise.all([
      e.category.put([...menu.categories, ...promo.categories]).go({ concurrency: 2 }),
      e.item.put(menu.items).go({ concurrency: 4 }),
      e.promotion.put(promo.promotions).go(),
      e.abbreviation
        .put(ABBREVIATIONS.map(([abbreviation, full_form]) => ({ ...ids, abbreviation_id: randomUUID(), abbreviation, full_form })))
        .go(),
      e.subscription
        .put([
          {
            ...ids,
            subscription_id,
            plan: PREMIUM,
            status: ACTIVE,
            starts_at: startsAt.toISOString(),
            ends_at: new Date(now.getTime() + 355 * DAY_MS).toISOString(),
          },
        ])
        .go(),
      e.subscriptionEvent
        .put([
          { ...ids, event_id: randomUUID(), subscription_id, plan: PREMIUM, event: EVENT_ADDED, at: new Date(startsAt.getTime() - 60 * 60 * 1000).toISOString() },
          { ...ids, event_id: randomUUID(), subscription_id, plan: PREMIUM, event: EVENT_ACTIVATED, at: startsAt.toISOString() },
        ])
        .go(),
      Promise.all(
        Array.from({ length: TABLES_PER_STORE }, (_, i) =>
          createTable({ ...ids, position: i + 1, name: `Стол ${i + 1}`, note: TABLE_NOTES[key](i + 1), index: i }),
        ),
      ),
    ]);
  assertProcessed("categories", categoriesResult);
  assertProcessed("items", itemsResult);
  assertProcessed("promotions", promotionsResult);
  assertProcessed("abbreviations", abbreviationsResult);
  assertProcessed("subscriptions", subscriptionResult);
  assertProcessed("subscription events", eventsResult);

  await e.store
    .patch(ids)
    .set({
      address: info.address,
      // The name in English and the address and phone notes in each menu language, written by hand
      // (marked manual like the menu's texts; the name falls back to English).
      translations: Object.fromEntries(
        Object.entries(info.translations).map(([lang, t]) => [lang, { ...t, phones: t.phones.join("\n"), manual: true }]),
      ),
      phones: info.phones.map((p) => ({ ...p })),
      working_hours: info.working_hours.map((h) => ({ days: [...h.days], open: h.open, close: h.close })),
      socials: info.socials.map((s) => ({ ...s })),
      seo_title: info.seo_title,
      seo_description: info.seo_description,
      logo_light,
      logo_dark,
      time_zone: "Europe/Minsk",
      currency: "BYN",
      wifi: { ...info.wifi },
      reviews_org_id: info.reviews_org_id,
    })
    .go();

  // The records above were written in bulk: their counts and positions are set from them.
  await recountStore(ids, { renumber: true });
  await rebuildSearchIndex(ids);
  await requestPublish(ids); // guests see the menu once the publish job has run
  // What no one translated by hand (the ice cream of the park store) goes to the engine; with none
  // configured, its jobs end in error with the reason, so the admin panel shows the status.
  await queueWholeStore(ids);

  const sorted = [...tables].sort((a, b) => a.position - b.position);
  return { store_id: store.store_id, qr_paths: sorted.slice(0, QR_PATHS_PER_STORE).map((t) => `/t/${t.qr_key}`) };
}

/** Seeds the demo company. Run once, on an empty table; a second run fails on the taken URL name. */
export async function seedDemo(): Promise<DemoSeed> {
  const now = clock.now();
  const artPromise = drawArt(); // drawing runs on sharp's threads while the records are written
  artPromise.catch(() => {}); // reported below; avoids an unhandled rejection if the company write fails first
  const company = await createCompany(DEMO_COMPANY);
  const art = await artPromise;

  const keys = Object.keys(STORES) as StoreKey[];
  const stores = await Promise.all(keys.map((key) => seedStore(key, company.id, art, now)));
  await (await import("./analytics")).seedDemoAnalytics(company.id, stores.map((s) => s.store_id), now); // the overview's history
  const storeIdOf = (key: StoreKey) => stores[keys.indexOf(key)]!.store_id;

  const companyOf: Record<(typeof DEMO_LOGINS)[number]["role"], { company_id: string; store_id: string }> = {
    admin: { company_id: PLATFORM_COMPANY, store_id: "" },
    company_manager: { company_id: company.id, store_id: "" },
    store_manager: { company_id: company.id, store_id: storeIdOf("center") },
  };
  await Promise.all(
    DEMO_LOGINS.map(({ role, email, password, first_name, last_name }) =>
      createUser({ email, password, first_name, last_name, role, ...companyOf[role], email_confirmed: true, ui_locale: "ru" }),
    ),
  );

  return {
    menu_paths: keys.map((key) => `/${DEMO_COMPANY.url_key}/${key}/menu`),
    qr_paths: stores.flatMap((s) => s.qr_paths),
    logins: DEMO_LOGINS.map(({ role, email, password }) => ({ role, email, password })),
  };
}
