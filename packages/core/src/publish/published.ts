/**
 * The published guest menu: what the publish job writes to the object store and the guest pages
 * read. Types only (the web app imports them with `import type`), plus the object keys.
 */

import type { ZoneOffsets } from "../menu/schedule";

/** One Quill Delta operation as published (text inserts; embeds are dropped). */
export type DeltaOp = { insert: string; attributes?: Record<string, unknown> };

export type PublishedPortion = { id: string; weight: string; unit: string; price: string; currency: string };

/**
 * Set on a text that is not in the menu's language (no translation yet, so the source or the English
 * one is shown): guests' pages mark it with its own `lang` and isolate its direction.
 */
type TextLang<F extends string> = { [K in F as `${K}_lang`]?: string };

export type PublishedItem = TextLang<"title" | "description"> & {
  id: string;
  category_id: string;
  kind: string;
  title: string;
  /** Quill Delta ops; null when the stored text could not be parsed (shown as the placeholder). */
  description?: DeltaOp[] | null;
  photo?: string;
  portions: PublishedPortion[];
  /** Allergen and dietary tag codes (named in `PublishedMenu.marks`); absent = none declared. */
  allergens?: string[];
  tags?: string[];
  /** Sold out until then (ISO): greyed and not orderable before it (the page compares with its clock). */
  sold_out_until?: string;
};

export type PublishedCategory = TextLang<"name"> & {
  id: string;
  section: string;
  type: string;
  name: string;
  icon: string;
  parent_id: string;
  position: number;
  schedule?: { enabled: boolean; days: string[]; start: string; end: string };
};

export type PublishedPromotion = TextLang<"header" | "description"> & {
  id: string;
  category_id: string;
  header: string;
  description?: DeltaOp[] | null;
  banner?: string;
};

export type PublishedStore = TextLang<"name" | "address"> & {
  id: string;
  company_id: string;
  company_url_key: string;
  url_key: string;
  /** In the menu's language when the store gave one (settings: per-language name and address), else the source. */
  name: string;
  address: string;
  phones: { description?: string; number: string }[];
  working_hours: { days: string[]; open: string; close: string }[];
  socials: { network: string; url: string }[];
  seo_title: string;
  seo_description: string;
  logo_light?: string;
  logo_dark?: string;
  time_zone: string;
  /** The zone's UTC offsets this year and next, so the guest's phone needs no time-zone formatter (absent in menus published before). */
  time_zone_offsets?: ZoneOffsets;
  currency: string;
  /** Only when the plan allows the Wi-Fi QR; `qr` is an SVG path of the WIFI: payload. */
  wifi?: { ssid: string; encryption: string; hidden: boolean; password?: string; qr?: { size: number; path: string } };
  /** Only when the plan allows the reviews widget. */
  reviews_org_id?: string;
};

export type HiddenReason = "preparation" | "inactive";

export type PublishedMenu = {
  format: 1;
  /** Hash of the content: equal menus have equal versions (and equal ETags). */
  version: string;
  language: string;
  /** The store's menu languages that its plan allows, the first being the default. */
  languages: string[];
  store: PublishedStore;
  /** Set when guests must not see the menu; then there are no categories, items or promotions. */
  hidden?: HiddenReason;
  categories: PublishedCategory[];
  items: PublishedItem[];
  promotions: PublishedPromotion[];
  /** The name, in this menu's language, of every allergen and tag the items carry (never machine-translated). */
  marks: Record<string, { name: string }>;
};

/** The small per-store file that says what is published. */
export type PublishedManifest = {
  format: 1;
  version: string;
  languages: string[];
  default_language: string;
  hidden?: HiddenReason;
  /** Page paths below the store, e.g. "menu", "promotions/0", "reviews". */
  pages: string[];
  published_at: string;
  store_id: string;
  company_id: string;
  /** The web build the pages were rendered for (MenuRenderer.build). */
  build: string;
};

/** Written in place of the manifest of a store's former URL name: its guest pages redirect to `moved_to`. */
export type MovedStore = { format: 1; moved_to: string };

export type GuestPage = { kind: "menu" } | { kind: "promotions"; position: number } | { kind: "reviews" };

/** Server rendering of the guest pages, provided by the web app's SSR build (web/dist-ssr). */
export interface MenuRenderer {
  /** Identifies the web build whose scripts the pages load: pages of another build are republished. */
  build: string;
  /** The whole HTML document of a guest page, the SPA's scripts included. */
  renderPage(input: { menu: PublishedMenu; page: GuestPage; renderedAt: string; baseUrl?: string }): string;
  /** A QR code as an SVG path on a square of `size` modules. */
  qrPath(text: string): { size: number; path: string };
  /** The not-found page (answered with 404) in a language: no script, styles inline. */
  renderNotFound?(input: { lang: string }): string;
}

/** Object keys equal URL paths without the leading slash (CloudFront routes /m/* to the menus bucket). */
export const publishedKeys = (company: string, store: string) => {
  const base = `m/${company}/${store}`;
  return {
    base,
    manifest: `${base}/manifest.json`,
    json: (lang: string) => `${base}/${lang}/menu.json`,
    page: (lang: string, page: string) => `${base}/${lang}/${page}.html`,
  };
};

export const pageName = (page: GuestPage) =>
  page.kind === "promotions" ? `promotions/${page.position}` : page.kind;
