import { useEffect } from "react";
import type { Language } from "@/i18n/languages";
import { track } from "./analytics";
import { menuJsonUrl, rememberMenuLanguage, type PublishedMenu } from "./model";
import { isServedOffline, recacheGuestPages } from "./sw-register";

type Options = {
  menu: PublishedMenu;
  company: string;
  storeKey: string;
  setMenu: (menu: PublishedMenu) => void;
  setStale: (stale: boolean) => void;
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

/** Keeps the menu current while the page stays open; returns the switch to another menu language. */
export function useMenuUpdates({ menu, company, storeKey, setMenu, setStale, setInterfaceLanguage }: Options) {
  // A newer publish reaches a guest who keeps the page open; a failed refresh (or the worker's
  // offline copy) marks the menu as possibly stale.
  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      fetch(menuJsonUrl(company, storeKey, menu.language), { cache: "no-cache" })
        .then((r) => {
          if (!r.ok) throw new Error(String(r.status));
          if (isServedOffline(r)) throw new Error("offline copy");
          return r.json() as Promise<PublishedMenu>;
        })
        .then((fresh) => {
          if (cancelled) return;
          setStale(false);
          if (fresh.version !== menu.version && fresh.language === menu.language) setMenu(fresh);
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
      const res = await fetch(menuJsonUrl(company, storeKey, lang));
      if (!res.ok) throw new Error(String(res.status));
      const next = (await res.json()) as PublishedMenu;
      await setInterfaceLanguage(lang as Language);
      setMenu(next);
      rememberMenuLanguage(lang);
      // The pages kept for offline use are of the old language: keep them anew.
      recacheGuestPages();
      track(menu.store.id, { type: "language", language: lang });
    } catch {
      setStale(true);
    }
  };
}
