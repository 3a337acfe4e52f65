/**
 * Registers the guest service worker (web/public/sw.js) and hands it what this page already loaded
 * before it was in control: the page itself, its scripts and styles, the menu JSON and the photos
 * seen so far, so the menu also works offline after the very first visit.
 */
export function registerGuestServiceWorker() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const send = (worker: ServiceWorker | null | undefined) => {
    if (!worker) return;
    const urls = performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((u) => u.startsWith(location.origin) && /^\/(assets|m|media)\//.test(new URL(u).pathname));
    worker.postMessage({ type: "cache", page: location.pathname, urls });
  };
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => send(registration.active))
    .catch((error: unknown) => console.warn("Service worker not registered", error));
}
