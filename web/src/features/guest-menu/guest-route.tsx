import { useQuery } from "@tanstack/react-query";
import { useParams, useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { NotFoundScreen } from "@/components/route-errors";
import { useMenuLanguageScope, useSetMenuLanguage } from "@/i18n/language-state";
import { catalogLocaleFor, isLanguage, type InterfaceLocale, type Language } from "@/i18n/languages";
import { GuestApp } from "./guest-app";
import { createGuestIntl, getGuestCatalog, GuestIntlProvider, loadGuestCatalog } from "./intl";
import { fetchMenu, type MenuData } from "./menu-data";
import { pageCookie } from "@menu/core/shared/cookie";
import { MENU_LANGUAGE_COOKIE, chooseLanguage, manifestUrl, type PublishedManifest } from "./model";
import type { GuestNav } from "./nav";
import type { MovedStore } from "@menu/core/shared/published-menu";

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw Object.assign(new Error(`${url}: ${res.status}`), { status: res.status });
  return (await res.json()) as T;
}

/** The store's URL name changed: its old links go to `store`. */
class StoreMoved extends Error {
  constructor(readonly store: string) {
    super(`moved to ${store}`);
  }
}

/** The published menu in the guest's language (its index): the remembered one when the store has it, else its default. */
export async function loadPublishedMenu(company: string, store: string): Promise<MenuData> {
  const manifest = await getJson<PublishedManifest | MovedStore>(manifestUrl(company, store));
  if ("moved_to" in manifest) throw new StoreMoved(manifest.moved_to);
  const lang = chooseLanguage(manifest.languages, manifest.default_language);
  const [menu] = await Promise.all([fetchMenu(company, store, lang), loadGuestCatalog(lang as Language)]);
  return menu;
}

/** The visitor's language when there is no menu to take it from: the remembered menu language, else the interface one, else ru. */
function visitorLanguage(): InterfaceLocale {
  for (const c of [pageCookie(MENU_LANGUAGE_COOKIE), pageCookie("locale")]) {
    if (isLanguage(c)) return catalogLocaleFor(c);
  }
  return "ru";
}

/**
 * The guest pages inside the SPA (when a page was not served pre-rendered, e.g. reached by a link
 * in the app): the same GuestApp on the same published JSON, with the router as its navigation.
 */
export function GuestRoute() {
  const router = useRouter();
  const { company = "", store = "" } = useParams({ strict: false }) as { company?: string; store?: string };
  useMenuLanguageScope();
  const setMenuLanguage = useSetMenuLanguage();
  const query = useQuery({
    queryKey: ["published-menu", company.toLowerCase(), store.toLowerCase()],
    queryFn: () => loadPublishedMenu(company.toLowerCase(), store.toLowerCase()),
    staleTime: 60_000,
    retry: false,
    meta: { silentError: true },
  });
  const language = query.data?.index.language;
  /** Set when the guest picks another menu language (the menu's own language until then). */
  const [guestLocale, setGuestLocale] = useState<Language>();
  useEffect(() => {
    if (language) void setMenuLanguage(language as Language);
  }, [language, setMenuLanguage]);
  // An unknown store: "not found" in the visitor's language, not the menu's default.
  const failed = query.isError && !(query.error instanceof StoreMoved);
  useEffect(() => {
    if (failed) void setMenuLanguage(visitorLanguage());
  }, [failed, setMenuLanguage]);
  const locale = guestLocale ?? ((language as Language | undefined) || "ru");
  const intl = useMemo(() => createGuestIntl(locale, getGuestCatalog(locale) ?? {}), [locale]);
  const nav = useMemo<GuestNav>(
    () => ({
      subscribe: (listener) => router.history.subscribe(listener),
      getHref: () => router.history.location.href,
      push: (href) => router.history.push(href),
      replace: (href) => router.history.replace(href),
    }),
    [router],
  );
  const movedTo = query.error instanceof StoreMoved ? query.error.store : undefined;
  useEffect(() => {
    if (!movedTo) return;
    const { pathname, search, hash } = router.history.location;
    const rest = pathname.split("/").slice(3).join("/");
    router.history.replace(`/${company.toLowerCase()}/${movedTo}/${rest}${search}${hash}`);
  }, [movedTo, company, router]);
  if (movedTo) return <div className="guest-loading" aria-busy="true" />;
  if (query.isError) return <NotFoundScreen />;
  if (!query.data) return <div className="guest-loading" aria-busy="true" />;
  return (
    <GuestIntlProvider value={intl}>
      <GuestApp
        initialMenu={query.data.index}
        initialLoaded={query.data.loaded}
        servedOffline={query.data.offline}
        nav={nav}
        setInterfaceLanguage={async (lang) => {
          await Promise.all([loadGuestCatalog(lang), setMenuLanguage(lang)]);
          setGuestLocale(lang);
        }}
      />
    </GuestIntlProvider>
  );
}
