/**
 * Registers the guest service worker (web/public/sw.js) and hands it what this page already loaded
 * before it was in control: the page itself, its scripts and styles, the menu JSON and the photos
 * seen so far, so the menu also works offline after the very first visit. The worker then also
 * keeps the store's other guest pages (promotions, reviews) from its published manifest.
 */

/** Set by the worker on a copy it answered because the network failed (web/public/sw.js). */
export const OFFLINE_HEADER = "x-guest-offline";

/** Whether a response is the worker's stored copy, given because the network failed. */
export const isServedOffline = (response: Response) => response.headers.get(OFFLINE_HEADER) === "1";

function send(worker: ServiceWorker | null | undefined) {
  if (!worker) return;
  const urls = performance
    .getEntriesByType("resource")
    .map((e) => e.name)
    .filter((u) => u.startsWith(location.origin) && /^\/(assets|m|media)\//.test(new URL(u).pathname));
  worker.postMessage({ type: "cache", page: location.pathname, urls });
}

export function registerGuestServiceWorker() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => send(registration.active))
    .catch((error: unknown) => console.warn("Service worker not registered", error));
}

/** After a language change: the pages kept for offline use are stored again (in the new language). */
export function recacheGuestPages() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker.ready.then((registration) => send(registration.active)).catch(() => {});
}
