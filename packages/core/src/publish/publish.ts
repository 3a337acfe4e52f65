import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { Db } from "../db/service";
import { nextBoundary } from "../menu/schedule";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { saveEventTargets } from "../analytics/event-targets";
import { publishQrLinks } from "../tables/qr-links";
import { buildPublishedMenu, loadStoreState } from "./build";
import { publishEdgeRoute } from "./guest-edge";
import { keysOf, queueOnce, requestPublish, type Keys } from "./request";
import { pageName, publishedKeys, type GuestPage, type MenuRenderer, type PublishedManifest } from "./published";
import { isConditionFailure } from "../shared/conflict";

/** How long one run may hold the store's publish lease (the worker's timeout is 60 s). */
const LEASE_MS = 2 * 60_000;

let renderer: MenuRenderer | undefined;

/** The server renderer of the guest pages (web/dist-ssr), set at start-up by the runtime. */
export const setMenuRenderer = (value: MenuRenderer | undefined) => {
  renderer = value;
};

/** Loads the web app's SSR build (`web/dist-ssr/ssr.js`, self-contained) from a file path. */
export async function loadMenuRenderer(path: string): Promise<MenuRenderer> {
  const mod = (await import(pathToFileURL(path).href)) as Partial<MenuRenderer>;
  if (typeof mod.renderPage !== "function" || typeof mod.qrPath !== "function" || typeof mod.build !== "string") {
    throw new Error(`${path} is not the guest menu's server renderer`);
  }
  return { renderPage: mod.renderPage, qrPath: mod.qrPath, build: mod.build, ...(mod.renderNotFound ? { renderNotFound: mod.renderNotFound } : {}) };
}

/**
 * The publish worker: writes, per language, the menu JSON and the pre-rendered pages, then the
 * manifest. Idempotent: a redelivered message whose request is already covered does nothing;
 * messages without a version (sent directly to the queue) always publish.
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
    // Another run holds the lease. It may have checked for newer requests already, while this
    // message still held the "queued" flag, so this one must not be dropped: the queue redelivers it.
    if (isConditionFailure(error)) throw new Error("publish: another run holds the store's lease, try again later");
    throw error;
  }
  const target = lease.data.requested ?? 0;
  if (version !== undefined && (lease.data.published ?? 0) >= version) {
    await Db().entities.publication.patch(keys).remove(["lease_until"]).go();
    return;
  }

  let result: { version: string; due?: Date };
  try {
    result = await publishStore(keys, now);
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
    .set({ published: target, published_at: clock.now().toISOString(), version: result.version })
    .remove(["lease_until", "error"])
    .go({ response: "all_new" });
  if (result.due) await Db().entities.publishDue.put({ ...keys, due_at: result.due.toISOString() }).go();
  // Requests that arrived while this run wrote its files: one more run.
  if ((done.data.requested ?? 0) > target) await queueOnce(keys, done.data.requested ?? 0);
}

/** Builds and writes everything of one store. Returns the content version and when it goes stale. */
export async function publishStore(keys: Keys, now = clock.now()) {
  if (!renderer) throw new Error("publish: no menu renderer configured (setMenuRenderer)");
  const render = renderer;
  const state = await loadStoreState(keys, now);
  const paths = publishedKeys(state.company_url_key, state.store.url_key);
  const objects = usePorts().objects;
  const renderedAt = now.toISOString();
  const promotionPositions = state.hidden
    ? []
    : [...new Set(state.categories.filter((c) => c.section === "promotions" && c.visible).map((c) => c.position))];
  const pages: GuestPage[] = [
    { kind: "menu" },
    ...promotionPositions.map((position) => ({ kind: "promotions" as const, position })),
    { kind: "reviews" },
  ];
  const versions: string[] = [];
  const itemIds = new Set<string>();
  for (const lang of state.languages) {
    const menu = buildPublishedMenu(state, lang, render.qrPath, now);
    versions.push(menu.version);
    for (const item of menu.items) itemIds.add(item.id);
    await objects.put(paths.json(lang), JSON.stringify(menu), "application/json; charset=utf-8");
    for (const page of pages) {
      const html = render.renderPage({ menu, page, renderedAt, baseUrl: process.env.PUBLIC_BASE_URL ?? "" });
      await objects.put(paths.page(lang, pageName(page)), html, "text/html; charset=utf-8");
    }
  }
  const version = createHash("sha256").update(versions.join(",")).digest("base64url").slice(0, 16);
  const manifest: PublishedManifest = {
    format: 1,
    version,
    languages: state.languages,
    default_language: state.languages[0]!,
    ...(state.hidden ? { hidden: state.hidden } : {}),
    pages: pages.map(pageName),
    published_at: renderedAt,
    ...keys,
    build: render.build,
  };
  await objects.put(paths.manifest, JSON.stringify(manifest), "application/json; charset=utf-8");
  // What CloudFront's edge needs to pick the page without reading the bucket (stacks/edge/guest-pages.js).
  await publishEdgeRoute(state.company_url_key, state.store.url_key, manifest, render);
  // The table QR links (`m/qr/{key}.json`): `/t/{key}` is answered from them, without the database.
  const tables = await publishQrLinks(keys, { company_url_key: state.company_url_key, store_url_key: state.store.url_key });
  // What guest events may name from now on (analytics/event-targets.ts).
  await saveEventTargets(keys, { items: [...itemIds], tables: tables.map((t) => t.position), languages: state.languages });

  // The pages show the current menu and "open now": they go stale at the next schedule or hours boundary.
  const times = [
    ...state.categories.filter((c) => c.schedule?.enabled).flatMap((c) => [c.schedule!.start, c.schedule!.end]),
    ...(state.store.working_hours ?? []).flatMap((h: { open: string; close: string }) => [h.open, h.close]),
  ];
  const boundary = nextBoundary(times, now, state.store.time_zone ?? "Europe/Minsk");
  // ... and when a "sold out today" mark ends.
  const soldOutEnds = state.items.map((i) => i.sold_out_until && new Date(i.sold_out_until)).filter((d): d is Date => !!d && d > now);
  const stale = [boundary, ...soldOutEnds].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  return { version, due: stale ? new Date(stale.getTime() + 1000) : undefined };
}

/** The scheduled job: republishes the stores whose pages went stale by time. */
export async function runDuePublishes(now = clock.now()) {
  const { data } = await Db()
    .entities.publishDue.query.byDue({ partition: "publish" })
    .lte({ due_at: now.toISOString() })
    .go({ pages: "all" });
  const stores = new Map(data.map((d) => [d.store_id, d]));
  for (const due of stores.values()) await requestPublish({ company_id: due.company_id, store_id: due.store_id });
  for (const due of data) await Db().entities.publishDue.delete(due).go();
  return stores.size;
}
