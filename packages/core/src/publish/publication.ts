/**
 * Builds what a plan (plan.ts) says from the store's records, writing nothing: per language the
 * index, the chunks built anew, the pages whose key changed and, when due, the plain whole-menu page;
 * then the manifest, and the objects that go (retired chunks, pages no longer published). What the
 * plan does not rebuild is kept from the previous publication, read back when a page needs it.
 * consistency.ts compares a whole build with what is published.
 */
import { createHash } from "node:crypto";
import type { ItemInfo } from "../item/item";
import { chunkNames, pageName, publishedKeys, type GuestPage, type MenuRenderer, type MenuView, type PublishedIndex, type PublishedManifest } from "../shared/published-menu";
import { languageParts } from "./menu-parts";
import type { FullPageState, PublishPlan } from "./plan";
import type { Previous } from "./previous";
import type { StoreState } from "./store-state";

/** A page to render: what it shows and its key (`version`); rendered with the time of the run that writes it. */
export type PageToRender = { name: string; page: GuestPage; view: MenuView; version: string };

/** One language's parts as a publish builds them. */
export type BuiltLanguage = {
  lang: string;
  index: PublishedIndex;
  /** The chunks built (a whole build: every chunk of the index), by name, as their JSON text. */
  chunks: Map<string, string>;
  /** The chunk names the previous index has: already there, byte for byte (content-addressed). */
  had: ReadonlySet<string>;
  /** The pages whose key changed (a whole build: every page). */
  pages: PageToRender[];
  /** The plain whole-menu page, when it is written now. */
  full?: string;
};

export type Publication = Awaited<ReturnType<typeof buildPublication>>;

/** `state.items`: the items of the plan's touched categories (all of them for a whole build). */
export async function buildPublication(state: StoreState & { items: ItemInfo[] }, plan: PublishPlan, previous: Previous, render: MenuRenderer, now: Date) {
  const { pages, touched, patches, fullPage } = plan;
  const paths = publishedKeys(state.company_url_key, state.store.url_key);
  let fullWritten = false;
  let fullStale = !!fullPage.stale;
  const languages: BuiltLanguage[] = [];
  const retired = new Set<string>();
  const current = new Set<string>();
  const unpublished: string[] = [];
  for (const lang of state.languages) {
    const before = previous.indexes.get(lang);
    const readChunk = (name: string) => previous.chunk(lang, name);
    const parts = await languageParts({ state, lang, qr: render.qrPath, now, pages: pages.map(pageName), build: render.build, previous: before, touched, patches, readChunk });
    const { index } = parts;
    // A chunk built now, or read back.
    const chunkOf = async (name: string) => parts.chunks.get(name)?.chunk ?? (await readChunk(name));
    const had = new Set((before?.categories ?? []).flatMap(chunkNames));
    const has = new Set(index.categories.flatMap(chunkNames));
    for (const name of had) if (!has.has(name)) retired.add(paths.chunk(lang, name));
    for (const name of has) current.add(paths.chunk(lang, name));
    // The menu page is rendered with the first chunk of each category of its first view (more than
    // its FIRST_VIEW_CARDS cards): built now, or read back. Its script loads their other chunks.
    const view: MenuView = { menu: index, loaded: {} };
    if (parts.changedPages.has("menu")) {
      for (const id of parts.firstView) {
        const name = index.categories.find((c) => c.id === id)?.chunk;
        if (name) view.loaded[id] = (await chunkOf(name)).items;
      }
    }
    const toRender = pages.filter((page) => parts.changedPages.has(pageName(page))).map((page) => ({ name: pageName(page), page, view, version: index.pages[pageName(page)]! }));
    // The whole menu as one plain page without scripts (the menu page's <noscript> links to it),
    // from every chunk, built now or read back: written when the index changed, unless it was
    // written lately, then later (`stale`, and the run's `fullDue`).
    let full: string | undefined;
    if (render.renderFullMenu && (touched === "all" || before?.version !== index.version || fullPage.stale)) {
      if (fullPage.due) {
        const all: MenuView = { menu: index, loaded: {} };
        for (const c of index.categories) all.loaded[c.id] = (await Promise.all(chunkNames(c).map(chunkOf))).flatMap((chunk) => chunk.items);
        full = render.renderFullMenu(all);
        fullWritten = true;
      } else fullStale = true;
    }
    // A page no longer published (the reviews page once its widget is removed) goes, once the edge no longer routes to it.
    for (const name of previous.manifest?.pages ?? []) if (!pages.some((p) => pageName(p) === name)) unpublished.push(paths.page(lang, name));
    languages.push({ lang, index, chunks: new Map([...parts.chunks].map(([name, { text }]) => [name, text])), had, pages: toRender, ...(full !== undefined ? { full } : {}) });
  }
  const version = createHash("sha256").update(languages.map((l) => l.index.version).join(",")).digest("base64url").slice(0, 16);
  const manifest: PublishedManifest = {
    format: 2,
    version,
    languages: state.languages,
    default_language: state.languages[0]!,
    ...(state.hidden ? { hidden: state.hidden } : {}),
    pages: pages.map(pageName),
    published_at: now.toISOString(),
    company_id: state.store.company_id,
    store_id: state.store.store_id,
    build: render.build,
  };
  const { due: _due, ...fullBefore } = fullPage;
  const full: FullPageState = fullWritten ? { written_at: now.toISOString() } : { ...fullBefore, stale: fullStale };
  return { state, paths, manifest, manifestBefore: previous.manifest, languages, retired, current, unpublished, full };
}
