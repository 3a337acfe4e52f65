import { useMemo } from "react";
import { useIntl } from "react-intl";
import { languageNames, type Language } from "@/i18n/languages";

/** A language's name in the interface language ("Английский"), its own name as a fallback. */
export function useLanguageName() {
  const intl = useIntl();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: "language" });
    } catch {
      return undefined;
    }
  }, [intl.locale]);
  return (lang: string) => {
    const name = names?.of(lang) ?? languageNames[lang as Language] ?? lang;
    return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
  };
}
