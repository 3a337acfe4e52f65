import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "./translations.css";

export type RecordTab = "details" | "translations";
const TABS: RecordTab[] = ["details", "translations"];

/**
 * The two parts of an existing record's dialog: its own fields ("details", kept mounted so
 * unsaved changes survive a look at the translations) and its translations (mounted when shown).
 * ARIA tabs: arrow keys, Home and End move between the tabs.
 */
export function RecordTabs({ tab, onTab, details, translations }: { tab: RecordTab; onTab: (tab: RecordTab) => void; details: ReactNode; translations: ReactNode }) {
  const intl = useIntl();
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const next = e.key === "ArrowRight" || e.key === "ArrowDown" ? at + 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : undefined;
    if (next === undefined) return;
    e.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length]!;
    onTab(target);
    list.current?.querySelector<HTMLElement>(`[data-tab="${target}"]`)?.focus();
  };
  return (
    <div className="tr-tabs">
      <div ref={list} className="tr-tabs__list" role="tablist" aria-label={intl.formatMessage({ id: "translation.tabs.label" })}>
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${id}-${t}-tab`}
            aria-selected={tab === t}
            aria-controls={`${id}-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="tr-tabs__tab"
            data-tab={t}
            data-testid={`tab-${t}`}
            onClick={() => onTab(t)}
            onKeyDown={onKeyDown}
          >
            <FormattedMessage id={t === "details" ? "translation.tabs.details" : "translation.tabs.translations"} />
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-details`} aria-labelledby={`${id}-details-tab`} hidden={tab !== "details"}>
        {details}
      </div>
      <div role="tabpanel" id={`${id}-translations`} aria-labelledby={`${id}-translations-tab`} hidden={tab !== "translations"} data-testid="translations-section">
        {tab === "translations" ? translations : null}
      </div>
    </div>
  );
}
