import { useEffect } from "react";
import type { Language } from "@/i18n/languages";
import { track } from "./analytics";
import { fetchMenu, type Loaded } from "./menu-data";
import { rememberMenuLanguage, type PublishedIndex } from "./model";
import { recacheGuestPages } from "./sw-register";

type Options = {
  menu: PublishedIndex;
  company: string;
  storeKey: string;
  setMenu: (menu: PublishedIndex, loaded?: Loaded) => void;
  setStale: (stale: boolean) => void;
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

/** Keeps the menu current while the page stays open; returns the switch to another menu language. */
export function useMenuUpdates({ menu, company, storeKey, setMenu, setStale, setInterfaceLanguage }: Options) {
  // A newer publish reaches a guest who keeps the page open (its index; the chunks that changed are
  // fetched as the guest comes near them); a failed refresh (or the worker's offline copy) marks the
  // menu as possibly stale.
  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      fetchMenu(company, storeKey, menu.language, { cache: "no-cache" })
        .then((fresh) => {
          if (fresh.offline) throw new Error("offline copy");
          if (cancelled) return;
          setStale(false);
          if (fresh.index.version !== menu.version && fresh.index.language === menu.language) setMenu(fresh.index, fresh.loaded);
        })
        .catch(() => !cancelled && setStale(true));
    };
    const timer = setInterval(refresh, 5 * 60_000);
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
    try {
      const next = await fetchMenu(company, storeKey, lang);
      await setInterfaceLanguage(lang as Language);
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
