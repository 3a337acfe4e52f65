/**
 * Issue 46, point 2: is what guests get what the database says? Rebuilds a store's guest menu from
 * the database, as a publish of everything would build it (buildStore, writing nothing), and
 * compares it part by part with what is published: the manifest, each language's index, the items
 * of each category's chunks, the pages, the plain whole-menu page (all.html), the table QR links and
 * the event targets. What is time-stamped by nature is left out: the manifest's `published_at`, and
 * the time a page was rendered (the rebuilt page is rendered with the published page's own time).
 *
 * The rebuild takes the time of the last run (the manifest's `published_at`) as "now", so that what
 * depends on time (a sold-out mark's end, the time zone's offsets, a subscription's end) is judged as
 * that run saw it. The plain whole-menu page may wait on purpose (at most FULL_PAGE_EVERY_MS after a
 * scoped run, plan.ts): while the publication row says so, a difference there is `deferred`.
 * Not checked: the edge's route entry (the GuestEdge port cannot read one back).
 */
import { createHash } from "node:crypto";
import { Db } from "../db/service";
import { useMenuRenderer } from "../ports/menu-renderer";
import { clock } from "../shared/clock";
import { keysOf, type Keys } from "./request";
import { qrLinkKey } from "../tables/qr-links";
import { chunkNames, publishedKeys, type MenuRenderer, type PublishedChunk, type PublishedIndex, type PublishedManifest } from "../shared/published-menu";
import { canonical, differingPaths, instants, origins, parse, readText } from "./compare";
import { buildStore } from "./publish";

/** One part that differs: `part` names it ("index ru", "chunk en Супы", "page ru/menu", …), `key` is its object. */
export type Difference = { part: string; key: string; detail: string };

export type PublishedCheck = {
  keys: Keys;
  company_url_key: string;
  store_url_key: string;
  /** The publish job's row: requests counted and covered, and whether a run holds the lease now. */
  publication: { requested: number; published: number; queued: boolean; running: boolean; full_page_stale: boolean };
  /** The time the rebuild took as "now" (the last run's). */
  at: string;
  /** How many parts were compared. */
  checked: number;
  differences: Difference[];
  /** Differences a later run will settle on purpose (the plain whole-menu page waiting for its time). */
  deferred: Difference[];
  /** What could not be compared, and why. */
  skipped: string[];
};

/**
 * Rebuilds the store's published menu from the database and compares it with what is published.
 * `target`: the store id, or its keys. Reads only; call it while the store's publish jobs are idle
 * (`publication.running` and requested > published say they were not).
 */
export async function checkPublished(
  target: string | Keys,
  { render = useMenuRenderer(), baseUrl = process.env.PUBLIC_BASE_URL ?? "" }: { render?: MenuRenderer; baseUrl?: string } = {},
): Promise<PublishedCheck> {
  const keys = await keysOf(target);
  const e = Db().entities;
  const [store, company, row] = await Promise.all([
    e.store.get(keys).go({ consistent: true }),
    e.company.get({ company_id: keys.company_id }).go({ consistent: true }),
    e.publication.get(keys).go({ consistent: true }),
  ]);
  if (!store.data || !company.data) throw new Error(`No store ${keys.store_id} in company ${keys.company_id}`);
  const paths = publishedKeys(company.data.url_key, store.data.url_key);
  const publication = {
    requested: row.data?.requested ?? 0,
    published: row.data?.published ?? 0,
    queued: !!row.data?.queued,
    running: !!row.data?.lease_until && row.data.lease_until > clock.now().toISOString(),
    full_page_stale: !!row.data?.full_page_stale,
  };
  const differences: Difference[] = [];
  const deferred: Difference[] = [];
  const skipped: string[] = ["edge route (the GuestEdge port cannot read an entry back)"];
  let checked = 0;
  const differ = (part: string, key: string, detail: string) => differences.push({ part, key, detail });

  const manifestText = await readText(paths.manifest);
  const manifest = parse<PublishedManifest>(manifestText);
  const result = (at: string): PublishedCheck => ({ keys, company_url_key: company.data!.url_key, store_url_key: store.data!.url_key, publication, at, checked, differences, deferred, skipped });
  if (!manifest) {
    differ("manifest", paths.manifest, manifestText === undefined ? "not published" : "unreadable");
    return result(clock.now().toISOString());
  }
  const now = new Date(Date.parse(manifest.published_at) || clock.now().getTime());
  const built = await buildStore(keys, now, undefined, {}, render);
  const sameBuild = manifest.build === render.build;
  if (!sameBuild) skipped.push(`pages and their keys: published with build ${manifest.build}, this renderer is ${render.build}`);
  /** Page keys hash the renderer's build: with another build they cannot match. */
  const comparable = (index: PublishedIndex | undefined) => (index && !sameBuild ? { ...index, pages: undefined, version: undefined } : index);

  // The manifest, but for the time it was written.
  checked++;
  const { published_at: _at, ...manifestNow } = manifest;
  const { published_at: _rebuiltAt, ...manifestRebuilt } = built.manifest;
  const manifestWant = sameBuild ? manifestRebuilt : { ...manifestRebuilt, build: manifest.build, version: undefined };
  const manifestHave = sameBuild ? manifestNow : { ...manifestNow, version: undefined };
  if (canonical(manifestHave) !== canonical(manifestWant)) differ("manifest", paths.manifest, differingPaths(manifestHave, manifestWant).join("; "));

  for (const part of built.languages) {
    const { lang, index } = part;
    // The index.
    checked++;
    const indexKey = paths.index(lang);
    const publishedIndex = parse<PublishedIndex>(await readText(indexKey));
    if (!publishedIndex) differ(`index ${lang}`, indexKey, "not published");
    else if (canonical(comparable(publishedIndex)) !== canonical(comparable(index))) differ(`index ${lang}`, indexKey, differingPaths(comparable(publishedIndex), comparable(index)).join("; "));

    // Each category's items, from the chunks the published index names (a chunk missing is a difference).
    const chunkCache = new Map<string, PublishedChunk | undefined>();
    const publishedChunk = async (name: string) => {
      if (!chunkCache.has(name)) chunkCache.set(name, parse<PublishedChunk>(await readText(paths.chunk(lang, name))));
      return chunkCache.get(name);
    };
    const publishedEntries = new Map((publishedIndex?.categories ?? []).map((c) => [c.id, c]));
    for (const category of index.categories) {
      checked++;
      const rebuilt = chunkNames(category).flatMap((name) => parse<PublishedChunk>(part.chunks.get(name))?.items ?? []);
      const entry = publishedEntries.get(category.id);
      const part_ = `chunk ${lang} ${category.name}`;
      if (!entry) {
        differ(part_, paths.chunk(lang, category.chunk ?? "-"), `category ${category.id} not in the published index`);
        continue;
      }
      const names = chunkNames(entry);
      const chunks = await Promise.all(names.map(publishedChunk));
      const missing = names.filter((_, i) => !chunks[i]);
      if (missing.length) {
        differ(part_, paths.chunk(lang, missing[0]!), `chunk${missing.length > 1 ? "s" : ""} named by the index missing: ${missing.join(", ")}`);
        continue;
      }
      const named = names.filter((name, i) => createHash("sha256").update(JSON.stringify(chunks[i])).digest("base64url").slice(0, 16) !== name);
      const items = chunks.flatMap((c) => c!.items);
      if (canonical(items) !== canonical(rebuilt)) differ(part_, paths.chunk(lang, names[0] ?? "-"), differingPaths(items, rebuilt).join("; "));
      else if (canonical(names) !== canonical(chunkNames(category))) differ(part_, paths.chunk(lang, names[0] ?? "-"), `cut into other chunks: ${names.join(",")} instead of ${chunkNames(category).join(",")}`);
      else if (named.length) differ(part_, paths.chunk(lang, named[0]!), `chunk content does not match its name: ${named.join(", ")}`);
    }
    for (const id of publishedEntries.keys()) if (!index.categories.some((c) => c.id === id)) differ(`chunk ${lang} ${publishedEntries.get(id)!.name}`, indexKey, `category ${id} published but not shown any more`);

    // The pages, rendered again with the time each was rendered at (one of the instants it holds).
    if (sameBuild) {
      for (const { name, page, view, version } of part.pages) {
        checked++;
        const key = paths.page(lang, name);
        const html = await readText(key);
        if (html === undefined) {
          differ(`page ${lang}/${name}`, key, "not published");
          continue;
        }
        const times = [...instants(html), manifest.published_at];
        const bases = [...new Set([baseUrl, ...origins(html)])];
        const same = bases.some((base) => times.some((renderedAt) => render.renderPage({ ...view, page, renderedAt, version, baseUrl: base }) === html));
        if (!same) differ(`page ${lang}/${name}`, key, html.includes(version) ? "rendered with the current key, but from other data" : `rendered for another key than ${version}`);
      }
    }

    // The plain whole-menu page.
    if (part.full !== undefined) {
      checked++;
      const key = paths.full(lang);
      const html = await readText(key);
      if (html !== part.full) {
        const d = { part: `all.html ${lang}`, key, detail: html === undefined ? "not published" : "differs" };
        if (publication.full_page_stale && html !== undefined) deferred.push({ ...d, detail: `${d.detail} (waits for its time: full_page_stale)` });
        else differences.push(d);
      }
    }
  }

  // The table QR links: one per table with its number, and the keys the publication row remembers.
  const { data: tables } = await e.table.query.byStore(keys).go({ pages: "all", consistent: true });
  for (const table of tables) {
    checked++;
    const key = qrLinkKey(table.qr_key);
    const link = parse<Record<string, unknown>>(await readText(key));
    const want = { format: 1, company_url_key: company.data.url_key, store_url_key: store.data.url_key, position: table.position, ...(table.name ? { name: table.name } : {}) };
    if (canonical(link) !== canonical(want)) differ(`QR link ${table.name ?? table.position}`, key, differingPaths(link, want).join("; "));
  }
  checked++;
  const remembered = [...(row.data?.qr_keys ?? [])].sort();
  const current = tables.map((t) => t.qr_key).sort();
  if (canonical(remembered) !== canonical(current)) differ("QR keys", "publication.qr_keys", differingPaths(remembered, current).join("; "));

  // What guest events may name: the published items, tables and languages.
  checked++;
  const targets = (await e.eventTargets.get(keys).go({ consistent: true })).data;
  const want = {
    items: [...built.languages[0]!.index.categories.flatMap((c) => c.items.map((i) => i.id))].sort(),
    tables: tables.map((t) => t.position).sort((a, b) => a - b),
    languages: [...built.state.languages].sort(),
  };
  const have = targets && {
    items: [...(targets.items ?? [])].sort(),
    tables: [...(targets.tables ?? [])].sort((a, b) => a - b),
    languages: [...(targets.languages ?? [])].sort(),
  };
  if (canonical(have) !== canonical(want)) differ("event targets", "eventTargets", differingPaths(have, want).join("; "));

  return result(now.toISOString());
}
