import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { usePorts, type StoredObject } from "@menu/core";
import type { MovedStore, PublishedManifest } from "@menu/core/shared/published-menu";
import { publishedQrLink, qrLocation } from "@menu/core/tables/qr-links";
import { tablePassSetCookie } from "@menu/core/table-calls/pass";
import { acceptedLanguages } from "@menu/core/shared/accept-language";
import type { NotFoundPage } from "./not-found";

/**
 * Like CloudFront's edge, published objects are kept for a moment (2 s here, 10 s there) with their
 * compressed forms, so a busy menu is not read and compressed again for every guest.
 */
const EDGE_TTL_MS = 2_000;
const EDGE_MAX = 500;
type Cached = {
  object: StoredObject | undefined;
  encoded: Map<string, Uint8Array>;
  parsed?: unknown;
  /** The whole head of a 200 or 304, per encoding, caching, security headers: built once per object. */
  heads?: Map<string, Head>;
  /** A manifest's: the language chosen per cookie and Accept-Language. */
  languages?: Map<string, string>;
};
/** Headers as one flat list (name, value, …): Node writes such a list without copying it into an object (about a fifth more answers a second). */
type Head = { headers: string[]; body: Uint8Array };
type Edge = { entry: Promise<Cached>; at: number; ready?: Cached };
const edge = new Map<string, Edge>();

/**
 * One read per key and period, however many guests ask at once (no stampede when it expires); an
 * object that has not changed keeps its compressed forms. `ready`: the read's answer once it is in,
 * so a hot key is answered without waiting on a promise (issue 48, point 7).
 */
function edgeEntry(key: string): Edge {
  const hit = edge.get(key);
  if (hit && Date.now() - hit.at < EDGE_TTL_MS) return hit;
  const entry = (async (): Promise<Cached> => {
    const object = await usePorts().objects.get(key);
    const before = await hit?.entry.catch(() => undefined);
    if (before?.object && object && before.object.etag === object.etag) return before;
    return { object, encoded: new Map() };
  })();
  const next: Edge = { entry, at: Date.now() };
  entry.then(
    (cached) => (next.ready = cached),
    () => edge.get(key) === next && edge.delete(key),
  );
  if (!hit && edge.size >= EDGE_MAX) edge.delete(edge.keys().next().value!);
  edge.set(key, next);
  return next;
}
const cachedGet = (key: string): Cached | Promise<Cached> => {
  const hit = edgeEntry(key);
  return hit.ready ?? hit.entry;
};
/** `then` only when the value is not there yet: a warm guest request is answered in one synchronous call. */
const after = <T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> =>
  value instanceof Promise ? value.then(next) : next(value);


const GUEST_PAGE = /^\/([^/]+)\/([^/]+)\/(menu|reviews|promotions\/\d{1,4})\/?$/;
/** A promotions address that names no position (`promotions/abc`, `promotions/1/2`): not found, never the SPA's 200. */
const NOT_A_POSITION = /^\/[^/]+\/[^/]+\/promotions\/(?!\d{1,4}\/?$)./;
/**
 * A menu's chunk (`publishedKeys().chunk`: m/{company}/{store}/{lang}/c/{name}.json), named by its
 * content: the publish job stores it with Cache-Control immutable, as the menus bucket serves it.
 */
const CHUNK = /^m\/[^/]+\/[^/]+\/[^/]+\/c\/[^/]+\.json$/;

/**
 * The published guest menus, served from the object store the way CloudFront serves the menus
 * bucket (docs/deploy.md): `/m/*` as stored, and the guest pages (`/{company}/{store}/menu`,
 * `/promotions/{n}`, `/reviews`) as the pre-rendered page of the guest's language. ETags answer
 * revalidations with 304; browsers always revalidate (the menu may change any minute). Nothing here
 * reads the database. It is a plain Node handler in front of the app (the edge in front of the
 * origin): guests' hot path runs no routing or middleware. Resolves false for anything else.
 */
export function publishedHandler(guestBuild?: string, notFound?: NotFoundPage) {
  const republishing = new Set<string>();
  /**
   * `security`: the headers every answer carries (frontServer's): a published file's are part of its
   * head, built once; any other answer here sets them first.
   */
  return (req: IncomingMessage, res: ServerResponse, security: OutgoingHttpHeaders = NO_HEADERS): boolean | Promise<boolean> => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const raw = (req.url ?? "/").split("?")[0]!;
    let path: string;
    try {
      path = raw.includes("%") ? decodeURIComponent(raw) : raw;
    } catch {
      // Bad percent-encoding in a path of ours: no such file or page (400), and no 500 either.
      if (!raw.startsWith("/m/") && !raw.startsWith("/t/") && !GUEST_PAGE.test(raw)) return false;
      setHeaders(res, security);
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad Request");
      return true;
    }
    if (path.startsWith("/t/")) {
      setHeaders(res, security);
      return answerQrScan(req, res, path.slice("/t/".length), notFound);
    }
    if (path.startsWith("/m/")) {
      const key = path.slice(1);
      return after(key.includes("..") ? undefined : cachedGet(key), (entry) => {
        if (!entry?.object) {
          setHeaders(res, security);
          // Like the menus bucket behind CloudFront: a missing published file is a 404, never the SPA's page.
          res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" }).end("Not Found");
          return true;
        }
        answer(req, res, entry, CHUNK.test(key) ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate", "Accept-Encoding", security);
        return true;
      });
    }
    if (notFound && NOT_A_POSITION.test(path)) {
      setHeaders(res, security);
      notFound.answer(req, res);
      return true;
    }
    const match = GUEST_PAGE.exec(path);
    if (!match) return false;
    const [, company, store, page] = match.map((m) => m?.toLowerCase()) as [string, string, string, string];
    return after(cachedGet(`m/${company}/${store}/manifest.json`), (manifestEntry): boolean | Promise<boolean> => {
      if (!manifestEntry.object) {
        // Unknown company or store (or not published yet): 404 in the visitor's language.
        if (!notFound) return false;
        setHeaders(res, security);
        notFound.answer(req, res);
        return true;
      }
      manifestEntry.parsed ??= JSON.parse(Buffer.from(manifestEntry.object.body).toString("utf8"));
      const parsed = manifestEntry.parsed as PublishedManifest | MovedStore;
      if ("moved_to" in parsed) {
        // A former URL name of the store: old links (printed, bookmarked) land on the current one.
        setHeaders(res, security);
        const query = (req.url ?? "").includes("?") ? (req.url ?? "").slice((req.url ?? "").indexOf("?")) : "";
        res.writeHead(301, { Location: `/${company}/${parsed.moved_to}/${page}${query}`, "Cache-Control": "no-cache" }).end();
        return true;
      }
      const manifest = parsed;
      if (guestBuild && manifest.build !== guestBuild) {
        // Pages of an older web build load scripts that are gone: the SPA renders this time, and the
        // store is republished in the background (a queue message, no database on this path).
        if (republishing.has(manifest.store_id)) return false;
        republishing.add(manifest.store_id);
        return usePorts()
          .queue.send("publish", { store_id: manifest.store_id, company_id: manifest.company_id })
          .then(() => false);
      }
      // A promotions position the store does not have is not found (issue 48), as at the edge.
      if (notFound && page.startsWith("promotions/") && !manifest.pages.includes(page)) {
        setHeaders(res, security);
        notFound.answer(req, res);
        return true;
      }
      // Reviews where the store has no widget shows the menu rather than a 404 (as at the edge).
      const name = manifest.pages.includes(page) ? page : "menu";
      const lang = languageOf(manifestEntry, req.headers.cookie ?? "", req.headers["accept-language"]);
      return after(cachedGet(`m/${company}/${store}/${lang}/${name}.html`), (entry) => {
        if (!entry.object) return false;
        answer(req, res, entry, "no-cache", "Cookie, Accept-Language, Accept-Encoding", security);
        return true;
      });
    });
  };
}

function setHeaders(res: ServerResponse, headers: OutgoingHttpHeaders) {
  for (const name in headers) res.setHeader(name, headers[name]!);
}

/**
 * A table QR scan: the published link of the key (m/qr/{key}.json), no database. An unknown or
 * retired key gets the "no longer valid" page in the visitor's language, with the store's menu when known.
 */
async function answerQrScan(req: IncomingMessage, res: ServerResponse, key: string, notFound?: NotFoundPage): Promise<boolean> {
  const link = await publishedQrLink(key);
  if (link && !("retired" in link)) {
    // The signed table pass, as the API's redirect sets it (table-calls/pass.ts); Secure as the session cookies are.
    const secure = process.env.COOKIE_SECURE === "true" || req.headers["x-forwarded-proto"] === "https";
    const pass = await tablePassSetCookie(key, link, secure);
    res.writeHead(302, { Location: qrLocation(link), ...(pass ? { "Set-Cookie": pass } : {}), "Cache-Control": "no-store", "Content-Length": "0" }).end();
  } else if (notFound) {
    notFound.answerQr(req, res, link && `/${link.company_url_key}/${link.store_url_key}/menu`);
  } else res.writeHead(302, { Location: "/", "Cache-Control": "no-store", "Content-Length": "0" }).end();
  return true;
}

/**
 * The guest's menu language: the remembered one, else the interface one, when the store has it; on a
 * first visit (no such cookie) the first of the browser's Accept-Language the store offers; else its default.
 */
export function chooseLanguage(cookieHeader: string, manifest: Pick<PublishedManifest, "languages" | "default_language">, acceptLanguage?: string) {
  const cookies = new Map(
    cookieHeader
      .split(";")
      .map((p) => p.trim().split("="))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, decodeURIComponent(v.join("="))]),
  );
  for (const name of ["menu_language", "locale"]) {
    const lang = cookies.get(name);
    if (lang && manifest.languages.includes(lang)) return lang;
  }
  return acceptedLanguages(acceptLanguage).find((l) => manifest.languages.includes(l)) ?? manifest.default_language;
}

const NO_HEADERS: OutgoingHttpHeaders = {};
/** The sets of security headers heads were built with, numbered (frontServer has two: HTTP, HTTPS). */
const securitySets = new Map<OutgoingHttpHeaders, number>();

/**
 * The guest's language per manifest and (cookie, Accept-Language): the same few pairs come again and
 * again (a guest's every request), so they are worked out once per manifest version.
 */
function languageOf(manifestEntry: Cached, cookie: string, acceptLanguage: string | undefined) {
  const manifest = manifestEntry.parsed as PublishedManifest;
  const cache = (manifestEntry.languages ??= new Map());
  const key = `${cookie}\n${acceptLanguage ?? ""}`;
  let lang = cache.get(key);
  if (lang === undefined) {
    lang = chooseLanguage(cookie, manifest, acceptLanguage);
    if (cache.size >= 1000) cache.clear();
    cache.set(key, lang);
  }
  return lang;
}

function answer(req: IncomingMessage, res: ServerResponse, entry: Cached, cacheControl: string, vary: string, security: OutgoingHttpHeaders) {
  const object = entry.object!;
  const match = req.headers["if-none-match"];
  const notModified = !!match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === object.etag);
  const accept = req.headers["accept-encoding"] ?? "";
  const encoding = notModified || object.body.byteLength < 1024 ? "" : /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : "";
  // The head is built once per object, answer, encoding and set of security headers (two: HTTP, HTTPS).
  const heads = (entry.heads ??= new Map());
  let set = securitySets.get(security);
  if (set === undefined) securitySets.set(security, (set = securitySets.size));
  const key = `${notModified ? 304 : 200}|${encoding}|${cacheControl}|${vary}|${String(set)}`;
  let head = heads.get(key);
  if (!head) {
    const headers: Record<string, string> = { ...(security as Record<string, string>), ETag: object.etag, "Cache-Control": cacheControl, Vary: vary };
    let body = object.body;
    if (!notModified) {
      headers["Content-Type"] = object.contentType;
      if (encoding) {
        let encoded = entry.encoded.get(encoding);
        if (!encoded) {
          encoded =
            encoding === "br"
              ? brotliCompressSync(object.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
              : gzipSync(object.body, { level: 6 });
          entry.encoded.set(encoding, encoded);
        }
        body = encoded;
        headers["Content-Encoding"] = encoding;
      }
      headers["Content-Length"] = String(body.byteLength);
    }
    head = { headers: Object.entries(headers).flat(), body };
    heads.set(key, head);
  }
  if (notModified) return void res.writeHead(304, head.headers).end();
  res.writeHead(200, head.headers).end(req.method === "HEAD" ? undefined : head.body);
}
