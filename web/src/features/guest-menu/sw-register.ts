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

const kept = (url: string) => url.startsWith(location.origin) && /^\/(assets|m|media)\/|^\/favicon\.svg$/.test(new URL(url).pathname);

/** `page`: the page is stored again too (with the store's other pages). */
function send(worker: ServiceWorker | null | undefined, urls: string[], page = true) {
  worker?.postMessage({ type: "cache", page: page ? location.pathname : undefined, urls: urls.filter(kept) });
}

export function registerGuestServiceWorker() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // What the worker did not see (workerStart 0: fetched before it was in control, including
      // what was still on its way when it took control) is sent to it as it completes.
      let first = true;
      new PerformanceObserver((list) => {
        const unseen = (list.getEntries() as PerformanceResourceTiming[]).filter((e) => e.workerStart === 0).map((e) => e.name);
        if (first || unseen.some(kept)) send(registration.active, unseen, first);
        first = false;
      }).observe({ type: "resource", buffered: true });
    })
    .catch((error: unknown) => console.warn("Service worker not registered", error));
}

/** After a language change: the pages kept for offline use are stored again (in the new language). */
export function recacheGuestPages() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  void navigator.serviceWorker.ready
    .then((registration) => send(registration.active, performance.getEntriesByType("resource").map((e) => e.name)))
    .catch(() => {});
}
