/**
 * The store's records (store-state.ts) as guests see them, in one language: the store, the visible
 * categories, items and promotions, texts translated (else English, else the source, marked).
 * Pure: reads and writes nothing.
 */
import { createHash } from "node:crypto";
import type { ItemInfo } from "../item/item";
import { markTable } from "../item/marks";
import { zoneOffsets } from "../shared/schedule";
import { SOURCE_LANGUAGE } from "../shared/model";
import { planAllows } from "../billing/plans";
import { toSettings, type StoreRecord } from "../store/store";
import { phoneNotesIn } from "../store/texts";
import { wifiPayload } from "../shared/wifi-payload";
import { reviewsOrgOf, type StoreState } from "./store-state";
import type { DeltaOp, PublishedCategory, PublishedItem, PublishedMenu, PublishedPromotion, PublishedStore } from "../shared/published-menu";

type Translations = Record<string, { title?: string; description?: string } | undefined> | undefined;

const SAFE_ATTRIBUTES = new Set(["bold", "italic", "underline", "link", "header", "list"]);

/**
 * A stored rich text (Quill Delta JSON string) as published ops: text inserts with the attributes
 * the guest renderer knows. Empty → undefined; unparsable → null (the guest sees the placeholder).
 */
export function publishDelta(text: string | undefined): DeltaOp[] | null | undefined {
  if (!text || !text.trim()) return undefined;
  try {
    const parsed = JSON.parse(text) as { ops?: unknown };
    if (!parsed || !Array.isArray(parsed.ops)) return null;
    const ops: DeltaOp[] = [];
    for (const op of parsed.ops as { insert?: unknown; attributes?: Record<string, unknown> }[]) {
      if (typeof op?.insert !== "string") continue; // embeds (images, formulas) are not shown to guests
      const attributes = Object.fromEntries(Object.entries(op.attributes ?? {}).filter(([k]) => SAFE_ATTRIBUTES.has(k)));
      ops.push(Object.keys(attributes).length ? { insert: op.insert, attributes } : { insert: op.insert });
    }
    return ops.length ? ops : undefined;
  } catch {
    return null;
  }
}

/**
 * A text in the language: its translation, else the English one (read by more guests than Russian),
 * else the source. Answers the text and, when it is not in `lang`, the language it is in.
 */
function pick(lang: string, source: string, translations: Translations, field: "title" | "description"): [string, string | undefined] {
  if (lang === SOURCE_LANGUAGE) return [source, undefined];
  const own = translations?.[lang]?.[field];
  if (own) return [own, undefined];
  const english = translations?.en?.[field];
  if (english) return [english, "en"];
  return [source, source ? SOURCE_LANGUAGE : undefined];
}

/** `{ text, text_lang? }` for a published record. */
function picked<K extends string>(key: K, [text, textLang]: [string, string | undefined]) {
  return { [key]: text, ...(textLang ? { [`${key}_lang`]: textLang } : {}) } as { [P in K]: string } & { [P in `${K}_lang`]?: string };
}

/** A published rich text and, when it is not in the menu's language, its language. */
function pickedDelta(lang: string, source: string, translations: Translations) {
  const [text, textLang] = pick(lang, source, translations, "description");
  const description = publishDelta(text);
  return description === undefined ? {} : { description, ...(textLang ? { description_lang: textLang } : {}) };
}

/** The WIFI: payload of the Wi-Fi QR (special characters escaped): one implementation for the menu and settings/wifi. */
export { wifiPayload };

function publishedStore(
  record: StoreRecord,
  state: StoreState,
  lang: string,
  qr: (text: string) => { size: number; path: string },
  now: Date,
): PublishedStore {
  const s = toSettings(record);
  // Name (settings), address and phone notes (translated like the menu's texts) in the menu's
  // language; else English, else the source (marked).
  const texts = (record.translations ?? {}) as Partial<Record<string, { name?: string; address?: string; phones?: string }>>;
  const storeText = (field: "name" | "address") =>
    pick(lang, s[field], Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, { title: t?.[field] }])), "title");
  const notes = (l: string) => phoneNotesIn(texts, l, s.phones.length);
  const phones = s.phones.map((p, i) => {
    const [description, descriptionLang] = pick(lang, p.description ?? "", { [lang]: { title: notes(lang)?.[i] }, en: { title: notes("en")?.[i] } }, "title");
    return { ...p, ...(description ? picked("description", [description, descriptionLang]) : {}) };
  });
  const wifi = s.wifi && planAllows(state.plan, "wifi_qr") ? { ...s.wifi, qr: qr(wifiPayload(s.wifi)) } : undefined;
  return {
    id: s.id,
    company_id: s.company_id,
    company_url_key: state.company_url_key,
    url_key: s.url_key,
    ...picked("name", storeText("name")),
    ...picked("address", storeText("address")),
    phones,
    working_hours: s.working_hours,
    socials: s.socials,
    seo_title: s.seo_title,
    seo_description: s.seo_description,
    ...(s.logo_light ? { logo_light: s.logo_light } : {}),
    ...(s.logo_dark ? { logo_dark: s.logo_dark } : {}),
    time_zone: s.time_zone,
    time_zone_offsets: zoneOffsets(s.time_zone, now),
    currency: s.currency,
    ...(wifi ? { wifi } : {}),
    // Whether the guest page offers table calls (issue 36): a plan change republishes (lifecycle.ts).
    table_calls: planAllows(state.plan, "table_calls"),
    ...(reviewsOrgOf(state) ? { reviews_org_id: reviewsOrgOf(state) } : {}),
  };
}

const byPosition = (a: { position?: number }, b: { position?: number }) => (a.position ?? 0) - (b.position ?? 0);

/** The categories guests may see (visible, under a visible parent), by position, texts in the language. */
export function publishedCategories(state: StoreState, lang: string): PublishedCategory[] {
  if (state.hidden) return [];
  const shown = new Set(state.categories.filter((c) => c.visible).map((c) => c.id));
  return state.categories
    .filter((c) => shown.has(c.id) && (!c.parent_id || shown.has(c.parent_id)))
    .sort(byPosition)
    .map((c) => ({
      id: c.id,
      section: c.section,
      type: c.type,
      ...picked("name", pick(lang, c.name, c.translations, "title")),
      icon: c.icon,
      parent_id: c.parent_id,
      position: c.position,
      ...(c.schedule ? { schedule: c.schedule } : {}),
    }));
}

/** The visible items of the given categories as guests see them, by position (whatever order they were read in). */
export function publishedItems(items: readonly ItemInfo[], categoryIds: ReadonlySet<string>, lang: string, now: Date): PublishedItem[] {
  return items
    .filter((i) => i.visible && categoryIds.has(i.category_id))
    .sort(byPosition)
    .map((i) => ({
      id: i.id,
      category_id: i.category_id,
      kind: i.kind,
      ...picked("title", pick(lang, i.title, i.translations, "title")),
      ...pickedDelta(lang, i.description, i.translations),
      ...(i.photo ? { photo: i.photo } : {}),
      portions: i.portions.map((p) => ({ id: p.id, weight: p.weight, unit: p.unit, price: p.price, currency: p.currency })),
      ...(i.allergens.length ? { allergens: i.allergens } : {}),
      ...(i.tags.length ? { tags: i.tags } : {}),
      ...(i.sold_out_until && new Date(i.sold_out_until) > now ? { sold_out_until: i.sold_out_until } : {}),
    }));
}

/** What every part of a language's menu shares: the store, the visible categories and their promotions. */
export function publishedHead(state: StoreState, lang: string, qr: (text: string) => { size: number; path: string }, now: Date) {
  const categories = publishedCategories(state, lang);
  const ids = new Set(categories.map((c) => c.id));
  const promotions: PublishedPromotion[] = state.hidden
    ? []
    : state.promotions
        .filter((p) => (p.visible ?? true) && ids.has(p.category_id))
        .sort(byPosition)
        .map((p) => ({
          id: p.promotion_id,
          category_id: p.category_id,
          ...picked("header", pick(lang, p.header, p.translations as Translations, "title")),
          ...pickedDelta(lang, p.description ?? "", p.translations as Translations),
          ...(p.banner ? { banner: p.banner } : {}),
        }));
  return {
    language: lang,
    languages: state.languages,
    store: publishedStore(state.store, state, lang, qr, now),
    ...(state.hidden ? { hidden: state.hidden } : {}),
    categories,
    promotions,
  };
}

/** The mark table of what some items carry, in the language. */
export const marksOf = (items: readonly { allergens?: string[]; tags?: string[] }[], lang: string) =>
  markTable(new Set(items.flatMap((i) => [...(i.allergens ?? []), ...(i.tags ?? [])])), lang);

/** The whole menu of one language (the export's and the import's view): only what guests may see, texts in that language. */
export function buildPublishedMenu(
  state: StoreState,
  lang: string,
  qr: (text: string) => { size: number; path: string },
  now = new Date(),
): PublishedMenu {
  const { categories, promotions, ...head } = publishedHead(state, lang, qr, now);
  const items = publishedItems(state.items, new Set(categories.map((c) => c.id)), lang, now);
  const body = { format: 1 as const, ...head, categories, items, promotions, marks: marksOf(items, lang) };
  const version = createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 16);
  return { ...body, version };
}
