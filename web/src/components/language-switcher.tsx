import { useAtomValue } from "jotai";
import { useIntl } from "react-intl";
import { interfaceLocales, languageNames, languageShortLabels, type InterfaceLocale } from "@/i18n/languages";
import { notifyError } from "@/lib/errors";
import { defaultLanguageAtom } from "@/i18n/language-state";
import { usePickInterfaceLanguage } from "@/lib/language-pick";

/** Compact RU / EN / 中文 segmented switch for the interface language (persisted in the `locale` cookie). */
export function LanguageSwitcher({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const current = useAtomValue(defaultLanguageAtom);
  const pickLanguage = usePickInterfaceLanguage();
  const intl = useIntl();

  const choose = (locale: InterfaceLocale) => {
    onChosen?.();
    if (locale === current) return;
    pickLanguage(locale).catch(notifyError);
  };

  return (
    <div
      role="group"
      aria-label={intl.formatMessage({ id: "language.switcherLabel" })}
      className={className ? `lang-switch ${className}` : "lang-switch"}
    >
      {interfaceLocales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="lang-switch__option"
          aria-pressed={locale === current}
          title={languageNames[locale]}
          onClick={() => choose(locale)}
        >
          {/* The spoken name starts with the visible label ("RU"), then the language's own name. */}
          {languageShortLabels[locale]}
          {languageShortLabels[locale] !== languageNames[locale] ? <span className="visually-hidden"> {languageNames[locale]}</span> : null}
        </button>
      ))}
    </div>
  );
}
