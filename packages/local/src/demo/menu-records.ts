/**
 * The demo menu's records, built from the catalogue (catalogue.ts, catalogue-more-languages.ts):
 * categories, items with portions, marks and translations, and the promotions, per store. Written
 * by seed.ts.
 */
import { randomUUID } from "node:crypto";
import { DAYS, type Db } from "@menu/core";
import { demoMarks } from "./marks";
import { MORE_LANGUAGES, moreText, UNTRANSLATED_CATEGORY, type MoreLanguage } from "./catalogue-more-languages";
import { PROMOTIONS, SECTIONS_SPEC, type CategorySpec, type Currency, type Entry, type SectionSpec, type Size, type StoreKey, type Tri } from "./catalogue";
import { putMedia, type Art } from "./pictures";
import { rng } from "./random";

export const DEMO_LANGUAGES = ["ru", "en", "zh"] as const;
/** Menu languages per store: `park` shows the premium languages too (both stores are on premium). */
export const STORE_LANGUAGES: Record<StoreKey, readonly Lang[]> = {
  center: DEMO_LANGUAGES,
  park: [...DEMO_LANGUAGES, ...MORE_LANGUAGES],
};
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

type Ids = { company_id: string; store_id: string };
type Entities = ReturnType<typeof Db>["entities"];
/** The record a batch put of that entity accepts. */
type Put<K extends keyof Entities> = Parameters<Entities[K]["create"]>[0];

export function buildMenu(store: StoreKey, ids: Ids, photoKeys: Map<string, string>): { categories: Put<"category">[]; items: Put<"item">[] } {
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

export async function buildPromotions(store: StoreKey, ids: Ids, art: Art): Promise<{ categories: Put<"category">[]; promotions: Put<"promotion">[] }> {
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
