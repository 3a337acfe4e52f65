/**
 * The published guest menu: what the publish job writes to the object store and the guest pages
 * read. Types only (the web app imports them with `import type`), plus the object keys.
 */

import type { ZoneOffsets } from "./schedule";

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
  /** In the menu's language when there is one (the name written in settings, the address translated), else English, else the source. */
  name: string;
  address: string;
  /** Each note in the menu's language like the address (`description_lang` when it falls back). */
  phones: (TextLang<"description"> & { description?: string; number: string })[];
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
  /** Only when the plan allows the Wi-Fi QR; `qr` is the WIFI: payload as a path to stroke 1 unit wide, in a square of `size` units (its margin included). */
  wifi?: { ssid: string; encryption: string; hidden: boolean; password?: string; qr?: { size: number; path: string } };
  /** Only when the plan allows the reviews widget. */
  reviews_org_id?: string;
  /** Whether the plan has table calls (issue 36; absent in menus published before). */
  table_calls?: boolean;
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

/**
 * What the index (format 2) keeps of an item: enough for the guest search (titles), the menu filter
 * (marks), the item window's address (`?item=` finds its category) and the event targets; the rest
 * is in its category's chunk.
 */
/** `source_title`: the Russian title, on menus in other languages where it differs (the guest search finds both). */
export type IndexItem = TextLang<"title"> & Pick<PublishedItem, "id" | "title" | "allergens" | "tags" | "sold_out_until"> & { source_title?: string };

/**
 * A category of the index: its items in brief, and the content-addressed names of its chunks
 * (absent when it has none): `chunk` holds its first CHUNK_ITEMS items, `more_chunks` the next
 * ones, CHUNK_ITEMS each (the last one fewer). Most categories have one chunk.
 */
export type IndexCategory = PublishedCategory & { chunk?: string; more_chunks?: string[]; items: IndexItem[]; source_name?: string };

/** Items per chunk: one change in a category of thousands rebuilds, writes and makes guests fetch one chunk of this size. */
export const CHUNK_ITEMS = 200;

/** A category's chunk names, in order. */
export const chunkNames = (c: Pick<IndexCategory, "chunk" | "more_chunks">) => (c.chunk ? [c.chunk, ...(c.more_chunks ?? [])] : []);

/**
 * The guest menu of one language (format 2): `{lang}/index.json`, small, rewritten by every
 * publish; each category's items in full are its chunks, `{lang}/c/{name}.json`, named by a hash of
 * their content, so an unchanged chunk keeps its file (never rewritten) and guests' caches.
 */
export type PublishedIndex = Omit<PublishedMenu, "format" | "categories" | "items"> & {
  format: 2;
  categories: IndexCategory[];
  /** Per page name, the key of what its pre-rendered HTML shows: a page whose key is unchanged is not rendered again. */
  pages: Record<string, string>;
};

/** Up to CHUNK_ITEMS consecutive items of one category as the guest app shows them (`{lang}/c/{name}.json`). */
export type PublishedChunk = { format: 2; category_id: string; items: PublishedItem[] };

/** What a guest page renders: the index and the items of the chunks it has (by category id). */
export type MenuView = { menu: PublishedIndex; loaded: Record<string, PublishedItem[]> };

/** The small per-store file that says what is published. */
export type PublishedManifest = {
  /** 2: the menus are an index and chunks; 1: one `menu.json` per language. */
  format: 1 | 2;
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
  renderPage(input: MenuView & { page: GuestPage; renderedAt: string; baseUrl?: string; version: string }): string;
  /** A QR code as an SVG path on a square of `size` modules. */
  qrPath(text: string): { size: number; path: string };
  /**
   * The not-found page (answered with 404) in a language: no script, styles inline. With `qr`, the
   * page of an unknown or retired table QR code, linking to `qr.menu` when its store is known.
   */
  renderNotFound?(input: { lang: string; qr?: { menu?: string } }): string;
  /** The whole menu of a language as one plain page: every section, category and item with prices, no script. */
  renderFullMenu?(input: MenuView): string;
}

/** Object keys equal URL paths without the leading slash (CloudFront routes /m/* to the menus bucket). */
export const publishedKeys = (company: string, store: string) => {
  const base = `m/${company}/${store}`;
  return {
    base,
    manifest: `${base}/manifest.json`,
    /** Format 1's whole menu, no longer written (the app still reads one a store has not replaced). */
    json: (lang: string) => `${base}/${lang}/menu.json`,
    index: (lang: string) => `${base}/${lang}/index.json`,
    chunk: (lang: string, name: string) => `${base}/${lang}/c/${name}.json`,
    page: (lang: string, page: string) => `${base}/${lang}/${page}.html`,
    /** The whole menu as plain HTML without scripts, for browsers without JavaScript (`/m/…/{lang}/all.html`). */
    full: (lang: string) => `${base}/${lang}/all.html`,
  };
};

export const pageName = (page: GuestPage) =>
  page.kind === "promotions" ? `promotions/${page.position}` : page.kind;

/** The guest menu's sections, in the order of its tabs (promotions have their own pages). */
export const GUEST_SECTIONS = ["kitchen", "drinks", "hookahs", "games"] as const;

/** How many cards the pre-rendered menu page shows, whatever the size of its categories (the rest come as the guest scrolls). */
export const FIRST_VIEW_CARDS = 10;

type ViewCategory = Pick<PublishedCategory, "id" | "section" | "parent_id" | "schedule"> & { items: readonly unknown[] };

/**
 * The categories whose items the menu page's first view may show, in the order it shows them: the
 * first section's categories (each top one, then its subcategories) until FIRST_VIEW_CARDS cards.
 * A category with a schedule may be out of its hours when the page is rendered (then the next
 * ones show), so its cards do not count towards the cap.
 */
export function firstViewCategories(categories: readonly ViewCategory[]): string[] {
  const section = GUEST_SECTIONS.find((s) => categories.some((c) => c.section === s && !c.parent_id));
  const ids: string[] = [];
  let cards = 0;
  for (const top of categories.filter((c) => c.section === section && !c.parent_id)) {
    for (const c of [top, ...categories.filter((child) => child.parent_id === top.id)]) {
      if (cards >= FIRST_VIEW_CARDS) return ids;
      ids.push(c.id);
      if (!c.schedule?.enabled && !top.schedule?.enabled) cards += c.items.length;
    }
  }
  return ids;
}

/** A language's whole menu, read from its index and chunks (tools and tests read it so; `getJson` answers undefined for a missing key). */
export async function readWholeMenu(getJson: (key: string) => Promise<unknown>, company: string, store: string, lang: string) {
  const keys = publishedKeys(company, store);
  const index = (await getJson(keys.index(lang))) as PublishedIndex | undefined;
  if (!index) return undefined;
  const chunks = await Promise.all(index.categories.flatMap((c) => chunkNames(c).map((name) => getJson(keys.chunk(lang, name)) as Promise<PublishedChunk | undefined>)));
  return { ...index, items: chunks.flatMap((chunk) => chunk?.items ?? []) };
}
export type WholeMenu = NonNullable<Awaited<ReturnType<typeof readWholeMenu>>>;
