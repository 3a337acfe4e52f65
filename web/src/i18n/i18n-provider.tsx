import { useAtomValue } from "jotai";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { RawIntlProvider } from "react-intl";
import { activeLanguageAtom } from "@/i18n/language-state";
import { getLoadedCatalog, loadCatalog } from "./catalogs";
import { applyDocumentLanguage } from "./document-language";
import { buildIntl, setCurrentIntl } from "./intl";
import { catalogLocaleFor, interfaceLocales } from "./languages";

/**
 * Provides react-intl for the active language. Language setters load the catalog before switching,
 * so normally it is already here; otherwise the previous catalog stays until the new one arrives.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useAtomValue(activeLanguageAtom);
  const wanted = catalogLocaleFor(language);
  const [, setLoadedCount] = useState(0);

  useEffect(() => {
    if (getLoadedCatalog(wanted)) return;
    let cancelled = false;
    loadCatalog(wanted).then(
      () => {
        if (!cancelled) setLoadedCount((count) => count + 1);
      },
      (error: unknown) => console.error(`Could not load the "${wanted}" catalog`, error),
    );
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  const locale = getLoadedCatalog(wanted)
    ? wanted
    : (interfaceLocales.find((candidate) => getLoadedCatalog(candidate)) ?? wanted);
  const messages = getLoadedCatalog(locale);
  const intl = useMemo(() => buildIntl(locale, messages ?? {}), [locale, messages]);

  useEffect(() => setCurrentIntl(intl), [intl]);
  useEffect(() => applyDocumentLanguage(language), [language]);

  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}
