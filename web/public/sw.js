/* global self, caches */
/* The guest menu's service worker (hand-written, no build step).
 *
 * - guest pages (/{company}/{store}/menu, /promotions/{n}, /reviews): network first, the cached copy
 *   when the network is gone or too slow;
 * - /assets/* (hashed, immutable): cache first;
 * - /m/* (published menus): network first, cached copy offline; but a menu's chunks
 *   (/m/{company}/{store}/{lang}/c/{hash}.json, named by their content): cache first, kept as fetched,
 *   so the guest search and the lists work offline for what the guest has loaded;
 * - /media/* (photos, logos: keys never change): cache first, so the photos already seen work offline.
 * Everything else (the API, the admin panel) is not touched.
 *
 * A stored copy answered because the network failed (or was too slow) carries `x-guest-offline: 1`,
 * so the page can say that the menu may be out of date even when `navigator.onLine` says otherwise.
 * When a page of a store is kept, the store's other guest pages (its published manifest lists them:
 * promotions, reviews) are kept too, so they also open offline.
 */
const VERSION = "guest-v1";
const PAGES = VERSION + "-pages";
const STATIC = VERSION + "-static";
const MEDIA = VERSION + "-media";
const CHUNKS = VERSION + "-chunks";
const MAX_MEDIA = 400;
const MAX_CHUNKS = 300;
const CHUNK = /^\/m\/[^/]+\/[^/]+\/[^/]+\/c\/[^/]+\.json$/;
const GUEST_PAGE = /^\/[^/]+\/[^/]+\/(menu|reviews|promotions\/[^/]+)\/?$/;
const NETWORK_TIMEOUT_MS = 4000;
const OFFLINE_HEADER = "x-guest-offline";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!key.startsWith(VERSION)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

const cacheFor = (pathname) =>
  CHUNK.test(pathname) ? CHUNKS : pathname.startsWith("/media/") ? MEDIA : pathname.startsWith("/assets/") || pathname === "/favicon.svg" ? STATIC : PAGES;
const LIMITS = { [MEDIA]: MAX_MEDIA, [CHUNKS]: MAX_CHUNKS };

/** Pages are stored under their path alone: ?table= and ?item= share one copy. */
const pageKey = (url) => new URL(url.pathname, url.origin).href;

async function put(cacheName, key, response) {
  if (!response || !response.ok || response.type === "opaque") return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const limit = LIMITS[cacheName];
  if (limit) {
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
  }
}

/** A stored copy marked as answered offline (same body, status and headers, plus the mark). */
async function offlineCopy(hit) {
  if (!hit) return hit;
  const headers = new Headers(hit.headers);
  headers.set(OFFLINE_HEADER, "1");
  return new Response(await hit.blob(), { status: hit.status, statusText: hit.statusText, headers });
}

async function networkFirst(request, cacheName, key) {
  let stored;
  const cached = () => (stored ??= caches.open(cacheName).then((c) => c.match(key, { ignoreSearch: true })).then(offlineCopy));
  const network = fetch(request).then(async (response) => {
    if (response.ok) await put(cacheName, key, response.clone());
    return response;
  });
  let timer;
  try {
    const slow = new Promise((resolve) => {
      timer = setTimeout(async () => resolve((await cached()) || network), NETWORK_TIMEOUT_MS);
    });
    return await Promise.race([network, slow]);
  } catch {
    const hit = await cached();
    if (hit) return hit;
    throw new Error("offline and not cached");
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(request, cacheName) {
  // These files never change under their name: a copy fetched by the page's script also answers
  // the page's preload of the same file (whose request headers differ, and the server says Vary).
  const hit = await caches.match(request, { cacheName, ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  await put(cacheName, request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (request.mode === "navigate" && GUEST_PAGE.test(path)) {
    event.respondWith(networkFirst(request, PAGES, pageKey(url)));
  } else if (CHUNK.test(path)) {
    event.respondWith(cacheFirst(request, CHUNKS));
  } else if (path.startsWith("/m/")) {
    event.respondWith(networkFirst(request, PAGES, pageKey(url)));
  } else if (path.startsWith("/assets/") || path.startsWith("/media/") || path === "/favicon.svg") {
    event.respondWith(cacheFirst(request, cacheFor(path)));
  }
});

/** The page sends what it loaded before this worker was in control. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "cache") return;
  event.waitUntil(
    (async () => {
      const urls = [...new Set(data.urls || [])];
      if (data.page && GUEST_PAGE.test(data.page)) {
        urls.unshift(data.page);
        // The store's other pages, from its manifest (best effort).
        try {
          const [, company, store] = data.page.split("/");
          const manifest = await (await fetch(`/m/${company}/${store}/manifest.json`, { cache: "no-cache" })).json();
          for (const page of manifest.pages || []) {
            const path = `/${company}/${store}/${page}`;
            if (GUEST_PAGE.test(path) && !urls.includes(path)) urls.push(path);
          }
        } catch {
          // offline or not published: only what was seen is kept
        }
      }
      await Promise.all(
        urls.map(async (href) => {
          try {
            const url = new URL(href, self.location.origin);
            const name = GUEST_PAGE.test(url.pathname) || (url.pathname.startsWith("/m/") && !CHUNK.test(url.pathname)) ? PAGES : cacheFor(url.pathname);
            const key = name === PAGES ? pageKey(url) : url.href;
            const cache = await caches.open(name);
            if (name !== PAGES && (await cache.match(key))) return;
            await put(name, key, await fetch(url.href, { credentials: "same-origin" }));
          } catch {
            // best effort
          }
        }),
      );
    })(),
  );
});
