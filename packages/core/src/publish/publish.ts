import { createHash } from "node:crypto";
import { Db } from "../db/service";
import { nextBoundary } from "../shared/schedule";
import { usePorts } from "../ports";
import { useMenuRenderer } from "../ports/menu-renderer";
import { clock } from "../shared/clock";
import { saveEventTargets } from "../analytics/event-targets";
import { publishQrLinks } from "../tables/qr-links";
import { toItemInfo, type ItemInfo } from "../item/item";
import { untilProcessed } from "../shared/batch";
import { itemsOfCategories, loadStoreState, publishedCategories, reviewsOrgOf } from "./build";
import { languageParts, type CategoryPatch } from "./menu-parts";
import { publishEdgeRoute } from "./guest-edge";
import { publishQrPages } from "./qr-pages";
import { keysOf, pendingScope, queueOnce, requestPublish, type Keys, type PublishScope } from "../store/publish-request";
import {
  chunkNames,
  pageName,
  publishedKeys,
  type GuestPage,
  type MenuRenderer,
  type MenuView,
  type PublishedChunk,
  type PublishedIndex,
  type PublishedManifest,
} from "../shared/published-menu";
import { isConditionFailure } from "../shared/conflict";

/** How long one run may hold the store's publish lease (the worker's timeout is 60 s). */
const LEASE_MS = 2 * 60_000;

/**
 * The publish worker: writes, per language, the menu JSON and the pre-rendered pages, then the
 * manifest. Idempotent: a redelivered message whose request is already covered does nothing;
 * messages without a version (sent directly to the queue) always publish.
 *
 * Nothing a request asks for is lost (issue 46): the run takes the store's request counter with its
 * lease, before it reads anything, so it covers every change numbered up to it (a change is written
 * before its request counts it; publish-request.ts) and records that as `published`. A request that
 * counts after the lease may have changed what the run already read: when the run ends it finds the
 * counter higher than its own and sends one more run itself, whatever the `queued` flag says (that
 * request's message may have met this run's lease on another consumer, and be gone).
 */
export async function publishJob(message: Record<string, unknown>) {
  const store_id = String(message.store_id ?? "");
  if (!store_id) throw new Error("publish: message without store_id");
  const keys = await keysOf(message.company_id ? { company_id: String(message.company_id), store_id } : store_id);
  const version = typeof message.version === "number" ? message.version : undefined;
  const now = clock.now();

  let lease;
  try {
    lease = await Db()
      .entities.publication.update(keys)
      .set({ queued: false, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => `(${op.notExists(a.lease_until)} OR ${op.lt(a.lease_until, now.toISOString())})`)
      .go({ response: "all_new" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another run holds the lease. It sends the run after it when it finds requests numbered after
    // its own (below), this message's among them: a message without a request counts one first.
    // Should the holder die, the schedule sends a run once its lease has run out (runDuePublishes).
    // The delivery itself is done: thrown back, it would come again only after SQS's visibility
    // timeout (6 minutes), or never once the queue gives it up.
    if (version === undefined) await requestPublish(keys);
    await Db().entities.publishDue.put({ ...keys, due_at: new Date(now.getTime() + LEASE_MS + 1000).toISOString(), catch_up: true }).go();
    return;
  }
  /** The highest request this run covers: every change numbered up to it was written before this point. */
  const target = lease.data.requested ?? 0;
  const published = lease.data.published ?? 0;
  // Covered already, and nothing newer waits (a newer request is covered by this run instead of a later one).
  if (version !== undefined && published >= version && target <= published) {
    await Db().entities.publication.patch(keys).remove(["lease_until"]).go();
    return;
  }

  let result: Awaited<ReturnType<typeof publishStore>>;
  try {
    // A message sent straight to the queue (no request counted, e.g. a page of an older build) publishes everything.
    const fullPage = { written_at: lease.data.full_page_at, stale: lease.data.full_page_stale };
    result = await publishStore(keys, now, version === undefined ? undefined : pendingScope(lease.data), fullPage);
  } catch (error) {
    await Db()
      .entities.publication.patch(keys)
      .set({ error: String((error as Error)?.message ?? error).slice(0, 500) })
      .remove(["lease_until"])
      .go();
    throw error;
  }
  const done = await Db()
    .entities.publication.patch(keys)
    .set({ published: target, published_at: clock.now().toISOString(), version: result.version, full_page_stale: !!result.full.stale })
    .set(result.full.written_at ? { full_page_at: result.full.written_at } : {})
    .remove(["lease_until", "error"])
    .go({ response: "all_new" });
  if (result.due) await Db().entities.publishDue.put({ ...keys, due_at: result.due.toISOString() }).go();
  if (result.fullDue) await Db().entities.publishDue.put({ ...keys, due_at: result.fullDue.toISOString(), full_page: true }).go();
  const requested = done.data.requested ?? 0;
  // The scope this run covered is done, unless requests came meanwhile: then the next run covers it again.
  if (requested === target) {
    try {
      await Db()
        .entities.publication.patch(keys)
        .remove(["scope", "scope_all"])
        .where((a, op) => op.eq(a.requested, target))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Requests counted after this run took its number, so after some of its reads: one more run,
  // sent by this run whatever the flag says (a message it finds queued may never come back).
  if (requested > target) await queueOnce(keys, requested, { force: true });
}

/** Chunks are named by their content: a guest's copy never goes stale. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const JSON_TYPE = "application/json; charset=utf-8";
/** A chunk no index names any more stays this long for guests whose page still has the older index. */
const RETIRED_KEEP_MS = 24 * 3600_000;
/** At most this many retired chunks wait for their time (the oldest go first): the list lives on the publication row. */
const RETIRED_MAX = 1000;

async function readJson<T>(key: string): Promise<T | undefined> {
  const object = await usePorts().objects.get(key);
  if (!object) return undefined;
  try {
    return JSON.parse(Buffer.from(object.body).toString("utf8")) as T;
  } catch {
    return undefined;
  }
}

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

/**
 * Builds one store's guest menu, reading the database (and, for a scoped build, the previous
 * publication) and writing nothing. Without `scope` everything is built and every page is to be
 * rendered. With one, only the items of the scope's categories (and of categories the previous
 * publication lacks) are read and their chunks built; the other categories keep their chunks and
 * index entries, and a page is rendered again only when what it shows changed (the menu page:
 * when its first view shows a touched category). consistency.ts compares a whole build with what is
 * published.
 */
export async function buildPublication(keys: Keys, now: Date, scope: PublishScope | undefined, fullPage: FullPageState, render: MenuRenderer) {
  const loaded = await loadStoreState(keys, now, { items: false, consistent: true });
  const paths = publishedKeys(loaded.company_url_key, loaded.store.url_key);
  const promotionPositions = loaded.hidden
    ? []
    : [...new Set(loaded.categories.filter((c) => c.section === "promotions" && c.visible).map((c) => c.position))];
  const pages: GuestPage[] = [
    { kind: "menu" },
    ...promotionPositions.map((position) => ({ kind: "promotions" as const, position })),
    // The reviews page only where a widget is set up: no tab or page leads to an empty one.
    ...(reviewsOrgOf(loaded) ? [{ kind: "reviews" as const }] : []),
  ];

  const manifestBefore = await readJson<PublishedManifest>(paths.manifest);
  const previous = new Map<string, PublishedIndex>();
  if (manifestBefore?.format === 2) {
    const indexes = await Promise.all(loaded.languages.map((lang) => readJson<PublishedIndex>(paths.index(lang))));
    indexes.forEach((index, i) => index?.format === 2 && previous.set(loaded.languages[i]!, index));
  }
  // A scoped publish needs every language's previous index, and a menu hidden or shown as before.
  const incremental = scope && previous.size === loaded.languages.length && manifestBefore?.hidden === loaded.hidden;
  let touched: ReadonlySet<string> | "all" = "all";
  let items: ItemInfo[];
  let patches: Map<string, CategoryPatch> | undefined;
  if (incremental) {
    const visible = publishedCategories(loaded, loaded.languages[0]!).map((c) => c.id);
    const known = new Set([...previous.values()].map((index) => new Set(index.categories.map((c) => c.id))).reduce((a, b) => new Set([...a].filter((id) => b.has(id)))));
    const whole = new Set(visible.filter((id) => scope.categories.includes(id) || !known.has(id)));
    const patched = await itemPatches(keys, scope, previous.get(loaded.languages[0]!)!, whole);
    for (const id of patched.whole) whole.add(id);
    patches = patched.patches;
    touched = whole;
    items = await itemsOfCategories(keys, whole);
  } else items = (await Db().entities.item.query.byStore(keys).go({ pages: "all", consistent: true })).data.map(toItemInfo);
  const state = { ...loaded, items };

  // The plain whole-menu page reads every chunk back: after a scoped run, at most every FULL_PAGE_EVERY_MS.
  const fullDue = touched === "all" || !fullPage.written_at || now.getTime() - Date.parse(fullPage.written_at) >= FULL_PAGE_EVERY_MS;
  let fullWritten = false;
  let fullStale = !!fullPage.stale;
  const languages: BuiltLanguage[] = [];
  const retired = new Set<string>();
  const current = new Set<string>();
  const unpublished: string[] = [];
  for (const lang of state.languages) {
    const before = previous.get(lang);
    const readChunk = async (name: string) => {
      const chunk = await readJson<PublishedChunk>(paths.chunk(lang, name));
      if (!chunk) throw new Error(`publish: chunk ${paths.chunk(lang, name)} is missing`);
      return chunk;
    };
    const parts = await languageParts({
      state,
      lang,
      qr: render.qrPath,
      now,
      pages: pages.map(pageName),
      build: render.build,
      previous: before,
      touched,
      patches,
      readChunk,
    });
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
    // written lately, then later (`stale`, and the run's `due`).
    let full: string | undefined;
    if (render.renderFullMenu && (touched === "all" || before?.version !== index.version || fullPage.stale)) {
      if (fullDue) {
        const all: MenuView = { menu: index, loaded: {} };
        for (const c of index.categories) all.loaded[c.id] = (await Promise.all(chunkNames(c).map(chunkOf))).flatMap((chunk) => chunk.items);
        full = render.renderFullMenu(all);
        fullWritten = true;
      } else fullStale = true;
    }
    // A page no longer published (the reviews page once its widget is removed) goes, once the edge no longer routes to it.
    for (const name of manifestBefore?.pages ?? []) if (!pages.some((p) => pageName(p) === name)) unpublished.push(paths.page(lang, name));
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
    ...keys,
    build: render.build,
  };
  const full: FullPageState = fullWritten ? { written_at: now.toISOString() } : { ...fullPage, stale: fullStale };
  return { state, paths, manifest, manifestBefore, languages, retired, current, unpublished, full };
}

/**
 * Builds and writes one store's guest menu (buildPublication), then what goes with it: retired
 * chunks, the edge's route, the QR links, the event targets. Returns the content version and when
 * it goes stale.
 */
export async function publishStore(keys: Keys, now = clock.now(), scope?: PublishScope, fullPage: FullPageState = {}) {
  const render = useMenuRenderer();
  const built = await buildPublication(keys, now, scope, fullPage, render);
  const { state, paths, manifest, full } = built;
  const objects = usePorts().objects;
  const renderedAt = now.toISOString();
  for (const { lang, index, chunks, had, pages, full: fullMenu } of built.languages) {
    // Content-addressed: a chunk the previous index has is already there, byte for byte.
    for (const [name, text] of chunks) if (!had.has(name)) await objects.put(paths.chunk(lang, name), text, JSON_TYPE, { cacheControl: IMMUTABLE });
    for (const { name, page, view, version } of pages) {
      const html = render.renderPage({ ...view, page, renderedAt, version, baseUrl: process.env.PUBLIC_BASE_URL ?? "" });
      await objects.put(paths.page(lang, name), html, "text/html; charset=utf-8");
    }
    if (fullMenu !== undefined) await objects.put(paths.full(lang), fullMenu, "text/html; charset=utf-8");
    await objects.put(paths.index(lang), JSON.stringify(index), JSON_TYPE);
    // Format 1's whole menu: replaced by the index.
    if (built.manifestBefore && built.manifestBefore.format !== 2) await objects.delete(paths.json(lang));
  }
  await objects.put(paths.manifest, JSON.stringify(manifest), JSON_TYPE);
  await retireChunks(keys, built.retired, built.current, now);
  // What CloudFront's edge needs to pick the page without reading the bucket (stacks/edge/guest-pages.js).
  await publishEdgeRoute(state.company_url_key, state.store.url_key, manifest, render);
  for (const key of built.unpublished) await objects.delete(key);
  // The pages the API's `/t/{key}` answers a bad QR code with, once per web build.
  await publishQrPages(render);
  // The table QR links (`m/qr/{key}.json`): `/t/{key}` is answered from them, without the database.
  const tables = await publishQrLinks(keys, { company_url_key: state.company_url_key, store_url_key: state.store.url_key });
  // What guest events may name from now on (analytics/event-targets.ts).
  const published = built.languages[0]!.index.categories.flatMap((c) => c.items);
  await saveEventTargets(keys, { items: published.map((i) => i.id), tables: tables.map((t) => t.position), languages: state.languages });

  // The pages show the current menu and "open now": they go stale at the next schedule or hours boundary.
  const times = [
    ...state.categories.filter((c) => c.schedule?.enabled).flatMap((c) => [c.schedule!.start, c.schedule!.end]),
    ...(state.store.working_hours ?? []).flatMap((h: { open: string; close: string }) => [h.open, h.close]),
  ];
  const boundary = nextBoundary(times, now, state.store.time_zone ?? "Europe/Minsk");
  // ... and when a "sold out today" mark ends (the index has them for every published item).
  const soldOutEnds = published.map((i) => i.sold_out_until && new Date(i.sold_out_until)).filter((d): d is Date => !!d && d > now);
  const stale = [boundary, ...soldOutEnds].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    version: manifest.version,
    due: stale ? new Date(stale.getTime() + 1000) : undefined,
    full,
    // The plain page left stale waits for its time: then a run with nothing else to do writes it.
    fullDue: full.stale && full.written_at ? new Date(Date.parse(full.written_at) + FULL_PAGE_EVERY_MS) : undefined,
  };
}

/** When the plain whole-menu page was last written, and whether the menu changed since. */
export type FullPageState = { written_at?: string; stale?: boolean };
/** How often at most a scoped publish writes the plain whole-menu page again (it reads every chunk). */
export const FULL_PAGE_EVERY_MS = 5 * 60_000;

/**
 * What a scope's items change in their categories, from the previous index (the same items in the
 * same order in every language): an item listed there and still visible in its category is
 * replaced in place; a visible one it lacks, after the category's last by position, is appended.
 * Anything else (moved away, hidden, deleted, put in the middle) rebuilds the category (`whole`).
 * Reads the named items and each patched category's last item (BatchGetItem), nothing more.
 */
async function itemPatches(keys: Keys, scope: PublishScope, previous: PublishedIndex, rebuilt: ReadonlySet<string>) {
  const patches = new Map<string, CategoryPatch>();
  const whole = new Set<string>();
  const entries = new Map(previous.categories.map((c) => [c.id, c]));
  const wanted = (scope.items ?? []).filter((i) => !rebuilt.has(i.category_id) && entries.has(i.category_id));
  if (!wanted.length) return { patches, whole };
  const lastOf = (id: string) => entries.get(id)!.items.at(-1)?.id;
  const ids = [...new Set([...wanted.map((i) => i.item_id), ...wanted.flatMap((i) => lastOf(i.category_id) ?? [])])];
  const records = await untilProcessed(
    ids.map((item_id) => ({ ...keys, item_id })),
    (batch) => Db().entities.item.get(batch).go({ consistent: true }),
  );
  const found = new Map(records.map(toItemInfo).map((i) => [i.id, i]));
  const byCategory = new Map<string, string[]>();
  for (const { category_id, item_id } of wanted) byCategory.set(category_id, [...(byCategory.get(category_id) ?? []), item_id]);
  for (const [category_id, ids] of byCategory) {
    const listed = new Set(entries.get(category_id)!.items.map((i) => i.id));
    const lastPosition = found.get(lastOf(category_id) ?? "")?.position ?? -Infinity;
    const patch: CategoryPatch = { replace: [], append: [] };
    for (const item_id of new Set(ids)) {
      const item = found.get(item_id);
      const shown = item?.visible && item.category_id === category_id;
      if (listed.has(item_id) && shown) patch.replace.push(item);
      else if (!listed.has(item_id) && shown && item.position > lastPosition) patch.append.push(item);
      else if (listed.has(item_id) || shown) whole.add(category_id);
    }
    if (!whole.has(category_id) && (patch.replace.length || patch.append.length)) patches.set(category_id, patch);
  }
  return { patches, whole };
}

/**
 * Chunks no index names any more are deleted a day later (a guest's open page may still hold the
 * older index); the waiting list is kept on the publication row as "{retired at}|{key}".
 */
async function retireChunks(keys: Keys, retired: ReadonlySet<string>, current: ReadonlySet<string>, now: Date) {
  const { data } = await Db().entities.publication.get(keys).go();
  const waiting = [...(data?.retired_chunks ?? []), ...[...retired].map((key) => `${now.toISOString()}|${key}`)].filter((e) => !current.has(e.slice(e.indexOf("|") + 1)));
  if (!waiting.length && !data?.retired_chunks?.length) return;
  const cutoff = new Date(now.getTime() - RETIRED_KEEP_MS).toISOString();
  const due = waiting.filter((e, i) => e.slice(0, e.indexOf("|")) < cutoff || i < waiting.length - RETIRED_MAX);
  const keep = waiting.filter((e) => !due.includes(e));
  await Promise.all(due.map((e) => usePorts().objects.delete(e.slice(e.indexOf("|") + 1))));
  await Db().entities.publication.update(keys).set({ retired_chunks: keep }).go();
}

/**
 * The scheduled job: republishes the stores whose pages went stale by time, and sends a run for
 * stores whose requests wait with no run to cover them (a run's holder died: `catch_up` rows).
 */
export async function runDuePublishes(now = clock.now()) {
  const { data } = await Db()
    .entities.publishDue.query.byDue({ partition: "publish" })
    .lte({ due_at: now.toISOString() })
    .go({ pages: "all" });
  const stores = new Map<string, typeof data>();
  for (const due of data) stores.set(due.store_id, [...(stores.get(due.store_id) ?? []), due]);
  for (const rows of stores.values()) {
    const keys = { company_id: rows[0]!.company_id, store_id: rows[0]!.store_id };
    // Time boundaries rebuild everything; only the plain whole-menu page due: a run that touches nothing writes it.
    const whole = rows.some((d) => !d.full_page && !d.catch_up);
    if (whole) await requestPublish(keys);
    else if (rows.some((d) => d.full_page)) await requestPublish(keys, { categories: [] });
    if (rows.some((d) => d.catch_up)) await catchUp(keys, now);
  }
  for (const due of data) await Db().entities.publishDue.delete(due).go();
  return stores.size;
}

/** Sends a run when requests wait that no run covers and none holds the lease, whatever the `queued` flag says. */
async function catchUp(keys: Keys, now: Date) {
  const { data } = await Db().entities.publication.get(keys).go({ consistent: true });
  if (!data || (data.requested ?? 0) <= (data.published ?? 0)) return;
  if (data.lease_until && data.lease_until > now.toISOString()) return;
  await queueOnce(keys, data.requested ?? 0, { force: true });
}
