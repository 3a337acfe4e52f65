import { useEffect } from "react";
import { isLanguage, type Language } from "@/i18n/languages";
import { track } from "./analytics";
import { fetchMenu, indexUrl, type Loaded } from "./menu-data";
import { rememberMenuLanguage, type PublishedIndex } from "./model";
import { isServedOffline, recacheGuestPages } from "./sw-register";

type Options = {
  menu: PublishedIndex;
  company: string;
  storeKey: string;
  setMenu: (menu: PublishedIndex, loaded?: Loaded) => void;
  setStale: (stale: boolean) => void;
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

/** How often an open, visible page asks whether its menu changed (issue 32: a sold-out dish within 30 s). */
export const MENU_POLL_MS = 30_000;

/** The ETag of the index the page last read, by URL (for this page's life). */
const etags = new Map<string, string>();

/**
 * The language's index again if it changed. With the ETag of the copy it has, the page asks
 * conditionally (If-None-Match) and a 304 answers: a few hundred bytes every 30 s and nothing to
 * parse. Without one yet it revalidates the browser's cached copy ("no-cache"), which also gives
 * the ETag. Undefined: unchanged. Throws offline (including the worker's stored copy).
 */
async function changedMenu(company: string, storeKey: string, lang: string): Promise<{ index: PublishedIndex; loaded?: Loaded } | undefined> {
  const url = indexUrl(company, storeKey, lang);
  const etag = etags.get(url);
  const res = await fetch(url, etag ? { cache: "no-store", headers: { "If-None-Match": etag } } : { cache: "no-cache" });
  if (res.status === 304) return undefined;
  if (isServedOffline(res)) throw new Error("offline copy");
  // A store still on format 1 (no index): read as before.
  if (res.status === 404) {
    const whole = await fetchMenu(company, storeKey, lang, { cache: "no-cache" });
    if (whole.offline) throw new Error("offline copy");
    return whole;
  }
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const next = res.headers.get("etag");
  if (next) etags.set(url, next);
  return { index: (await res.json()) as PublishedIndex };
}

/** Keeps the menu current while the page stays open; returns the switch to another menu language. */
export function useMenuUpdates({ menu, company, storeKey, setMenu, setStale, setInterfaceLanguage }: Options) {
  // A newer publish (a dish sold out, a price) reaches a guest who keeps the page open: its index
  // every 30 s while the page is visible and as soon as it becomes visible again (the chunks that
  // changed are fetched as the guest comes near them). A failed check (or the worker's offline
  // copy) keeps the menu the page has and marks it as possibly stale.
  useEffect(() => {
    let cancelled = false;
    let running = false;
    const refresh = () => {
      if (document.visibilityState !== "visible" || running) return;
      running = true;
      changedMenu(company, storeKey, menu.language)
        .then((fresh) => {
          if (cancelled) return;
          setStale(false);
          if (fresh && fresh.index.version !== menu.version && fresh.index.language === menu.language) setMenu(fresh.index, fresh.loaded);
        })
        .catch(() => !cancelled && setStale(true))
        .finally(() => (running = false));
    };
    const timer = setInterval(refresh, MENU_POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("online", refresh);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("online", refresh);
    };
  }, [company, storeKey, menu.language, menu.version, setMenu, setStale]);

  return async (lang: string) => {
    // The picker's value: one of the published languages.
    if (!isLanguage(lang)) return;
    try {
      const next = await fetchMenu(company, storeKey, lang);
      await setInterfaceLanguage(lang);
      setMenu(next.index, next.loaded);
      rememberMenuLanguage(lang);
      // The pages kept for offline use are of the old language: keep them anew.
      recacheGuestPages();
      track(menu.store.id, { type: "language", language: lang });
    } catch {
      setStale(true);
    }
  };
}
