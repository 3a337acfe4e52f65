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
import { clock, Db, type PLANS, type SUBSCRIPTION_EVENTS, type SUBSCRIPTION_STATUSES } from "@menu/core";
import { createCompany } from "@menu/core/company/company";
import { requestPublish } from "@menu/core/publish/request";
import { queueWholeStore } from "@menu/core/translation/sweep";
import { createStore } from "@menu/core/store/store";
import { createTable } from "@menu/core/tables/table";
import { recountStore } from "@menu/core/store/recount";
import { rebuildSearchIndex } from "@menu/core/search/indexing";
import { createUser, PLATFORM_COMPANY } from "@menu/core/auth/user";
import { ABBREVIATIONS, STORES, type StoreKey } from "./catalogue";
import { buildMenu, buildPromotions, STORE_LANGUAGES } from "./menu-records";
import { drawArt, putMedia, type Art } from "./pictures";

export { DEMO_LANGUAGES } from "./menu-records";

export type DemoSeed = {
  menu_paths: string[];
  qr_paths: string[];
  logins: { role: "admin" | "company_manager" | "store_manager"; email: string; password: string }[];
};

export const DEMO_COMPANY = { name: "Демо Гастро", url_key: "demo" } as const;
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
// Writing

function assertProcessed(what: string, result: { unprocessed: unknown[] }) {
  if (result.unprocessed.length) throw new Error(`Demo seed: ${result.unprocessed.length} ${what} were not written`);
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
