/* global self, caches */
/* The guest menu's service worker (hand-written, no build step).
 *
 * - guest pages (/{company}/{store}/menu, /promotions/{n}, /reviews): network first, the cached copy
 *   when the network is gone or too slow;
 * - /assets/* (hashed, immutable): cache first;
 * - /m/* (published menus): network first, cached copy offline;
 * - /media/* (photos, logos: keys never change): cache first, so the photos already seen work offline.
 * Everything else (the API, the admin panel) is not touched.
 */
const VERSION = "guest-v1";
const PAGES = VERSION + "-pages";
const STATIC = VERSION + "-static";
const MEDIA = VERSION + "-media";
const MAX_MEDIA = 400;
const GUEST_PAGE = /^\/[^/]+\/[^/]+\/(menu|reviews|promotions\/[^/]+)\/?$/;
const NETWORK_TIMEOUT_MS = 4000;

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
  pathname.startsWith("/media/") ? MEDIA : pathname.startsWith("/assets/") || pathname === "/favicon.svg" ? STATIC : PAGES;

/** Pages are stored under their path alone: ?table= and ?item= share one copy. */
const pageKey = (url) => new URL(url.pathname, url.origin).href;

async function put(cacheName, key, response) {
  if (!response || !response.ok || response.type === "opaque") return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  if (cacheName === MEDIA) {
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_MEDIA))) await cache.delete(old);
  }
}

async function networkFirst(request, cacheName, key) {
  const cached = caches.open(cacheName).then((c) => c.match(key, { ignoreSearch: true }));
  const network = fetch(request).then(async (response) => {
    if (response.ok) await put(cacheName, key, response.clone());
    return response;
  });
  try {
    const slow = new Promise((resolve) =>
      setTimeout(async () => resolve((await cached) || network), NETWORK_TIMEOUT_MS),
    );
    return await Promise.race([network, slow]);
  } catch {
    const hit = await cached;
    if (hit) return hit;
    throw new Error("offline and not cached");
  }
}

async function cacheFirst(request, cacheName) {
  const hit = await caches.match(request, { cacheName });
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
      if (data.page && GUEST_PAGE.test(data.page)) urls.unshift(data.page);
      await Promise.all(
        urls.map(async (href) => {
          try {
            const url = new URL(href, self.location.origin);
            const name = GUEST_PAGE.test(url.pathname) || url.pathname.startsWith("/m/") ? PAGES : cacheFor(url.pathname);
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
