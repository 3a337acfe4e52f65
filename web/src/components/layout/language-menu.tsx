import { useAtomValue } from "jotai";
import { useIntl } from "react-intl";
import { languageShortLabels } from "@/i18n/languages";
import { defaultLanguageAtom } from "@/i18n/language-state";
import { LanguageSwitcher } from "../language-switcher";
import { useDisclosure } from "../use-disclosure";

/** The header's language on phones, where the RU / EN / 中文 switch does not fit: a button showing the current one that opens the switch. */
export function LanguageMenu({ className }: { className?: string }) {
  const intl = useIntl();
  const current = useAtomValue(defaultLanguageAtom);
  const { close, rootProps, buttonProps, panelProps } = useDisclosure();
  const label = languageShortLabels[current];
  return (
    <div {...rootProps} className={className ? `language-menu ${className}` : "language-menu"}>
      <button
        type="button"
        {...buttonProps}
        className="language-menu__button"
        aria-label={intl.formatMessage({ id: "language.menuLabel" }, { current: label })}
        data-testid="header-language"
      >
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        <span lang={current}>{label}</span>
      </button>
      <div {...panelProps} className="language-menu__panel" data-testid="header-language-panel">
        <LanguageSwitcher onChosen={close} />
      </div>
    </div>
  );
}
