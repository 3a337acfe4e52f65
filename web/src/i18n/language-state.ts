import { atom, useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { loadCatalog } from "@/i18n/catalogs";
import { catalogLocaleFor, type InterfaceLocale, type Language } from "@/i18n/languages";
import { persistLocale, readStoredLocale } from "@/i18n/persistence";

/**
 * Language state (SPEC section 3): default language (ru) and menu language (ru).
 * The active language is the menu language on a store's menu, promotions and contacts pages,
 * otherwise the default (interface) language (SPEC section 4).
 */
const defaultLanguageBaseAtom = atom<InterfaceLocale>(readStoredLocale());
const menuLanguageBaseAtom = atom<Language>("ru");

/** Which of the two languages the current page uses; menu layouts switch it to "menu". */
export const languageScopeAtom = atom<"default" | "menu">("default");

export const defaultLanguageAtom = atom((get) => get(defaultLanguageBaseAtom));
export const menuLanguageAtom = atom((get) => get(menuLanguageBaseAtom));

export const activeLanguageAtom = atom<Language>((get) =>
  get(languageScopeAtom) === "menu" ? get(menuLanguageBaseAtom) : get(defaultLanguageBaseAtom),
);

/**
 * Sets the interface language: loads its catalog first (no flash of untranslated text),
 * then switches and persists it in the `locale` cookie (365 days) and localStorage.
 */
const requestedDefaultLanguageAtom = atom<InterfaceLocale | undefined>(undefined);
export const setDefaultLanguageAtom = atom(null, async (get, set, locale: InterfaceLocale) => {
  set(requestedDefaultLanguageAtom, locale);
  await loadCatalog(locale);
  // Two switches may overlap (the user's own language arriving, a person's pick): the last asked wins,
  // whichever catalog loads last.
  if (get(requestedDefaultLanguageAtom) !== locale) return;
  set(defaultLanguageBaseAtom, locale);
  persistLocale(locale);
});

/** Sets the menu content language (ar/tr/fr show English interface texts). */
export const setMenuLanguageAtom = atom(null, async (_get, set, language: Language) => {
  await loadCatalog(catalogLocaleFor(language));
  set(menuLanguageBaseAtom, language);
});

/** For menu layouts: while mounted, the page uses the menu language. */
export function useMenuLanguageScope(): void {
  const setScope = useSetAtom(languageScopeAtom);
  useEffect(() => {
    setScope("menu");
    return () => setScope("default");
  }, [setScope]);
}

/** For pages in the interface language (not a menu's): that language, and its switch. */
export const useInterfaceLanguage = () => useAtomValue(defaultLanguageAtom);
/** For menu layouts: switches the menu language. */
export const useSetMenuLanguage = () => useSetAtom(setMenuLanguageAtom);
