/**
 * Writes a built publication (publication.ts) to the bucket: per language the new chunks, the pages
 * rendered now, the plain whole-menu page, the index; then the manifest, which guests read first, so
 * nothing it names is missing. Chunks no index names any more go a day later (retireChunks).
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import type { MenuRenderer } from "../shared/published-menu";
import type { Publication } from "./publication";

type Keys = { company_id: string; store_id: string };

/** Chunks are named by their content: a guest's copy never goes stale. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const JSON_TYPE = "application/json; charset=utf-8";
const HTML_TYPE = "text/html; charset=utf-8";
/** A chunk no index names any more stays this long for guests whose page still has the older index. */
const RETIRED_KEEP_MS = 24 * 3600_000;
/** At most this many retired chunks wait for their time (the oldest go first): the list lives on the publication row. */
const RETIRED_MAX = 1000;

export async function writePublication({ paths, languages, manifest, manifestBefore }: Publication, render: MenuRenderer, now: Date) {
  const objects = usePorts().objects;
  const renderedAt = now.toISOString();
  for (const { lang, index, chunks, had, pages, full } of languages) {
    // Content-addressed: a chunk the previous index has is already there, byte for byte.
    for (const [name, text] of chunks) if (!had.has(name)) await objects.put(paths.chunk(lang, name), text, JSON_TYPE, { cacheControl: IMMUTABLE });
    for (const { name, page, view, version } of pages) {
      const html = render.renderPage({ ...view, page, renderedAt, version, baseUrl: process.env.PUBLIC_BASE_URL ?? "" });
      await objects.put(paths.page(lang, name), html, HTML_TYPE);
    }
    if (full !== undefined) await objects.put(paths.full(lang), full, HTML_TYPE);
    await objects.put(paths.index(lang), JSON.stringify(index), JSON_TYPE);
    // Format 1's whole menu: replaced by the index.
    if (manifestBefore && manifestBefore.format !== 2) await objects.delete(paths.json(lang));
  }
  await objects.put(paths.manifest, JSON.stringify(manifest), JSON_TYPE);
}

/** The pages no longer published: called once the edge no longer routes to them. */
export async function deleteUnpublished({ unpublished }: Publication) {
  for (const key of unpublished) await usePorts().objects.delete(key);
}

/**
 * Chunks no index names any more are deleted a day later (a guest's open page may still hold the
 * older index); the waiting list is kept on the publication row as "{retired at}|{key}".
 */
export async function retireChunks(keys: Keys, { retired, current }: Publication, now: Date) {
  const { data } = await Db().entities.publication.get(keys).go();
  const waiting = [...(data?.retired_chunks ?? []), ...[...retired].map((key) => `${now.toISOString()}|${key}`)].filter((e) => !current.has(e.slice(e.indexOf("|") + 1)));
  if (!waiting.length && !data?.retired_chunks?.length) return;
  const cutoff = new Date(now.getTime() - RETIRED_KEEP_MS).toISOString();
  const due = waiting.filter((e, i) => e.slice(0, e.indexOf("|")) < cutoff || i < waiting.length - RETIRED_MAX);
  const keep = waiting.filter((e) => !due.includes(e));
  await Promise.all(due.map((e) => usePorts().objects.delete(e.slice(e.indexOf("|") + 1))));
  await Db().entities.publication.update(keys).set({ retired_chunks: keep }).go();
}
