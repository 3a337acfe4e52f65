import { useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import type { LanguageState, LanguageStatus } from "./status";
import "./translations.css";

/** The mark after the language code: the colour is never the only sign. */
const MARK: Record<LanguageState, string> = {
  outdated: "↻",
  checked: "✓✓",
  completed: "✓",
  manual: "✎",
  queued: "…",
  in_progress: "…",
  error: "!",
  missing: "–",
};

export const stateMessage = (state: LanguageState) => `translation.state.${state}` as MessageId;

/** One language: "EN ✓", spoken as "EN: completed". */
export function TranslationBadge({ status }: { status: LanguageStatus }) {
  const intl = useIntl();
  const code = status.lang.toUpperCase();
  const label = intl.formatMessage({ id: "translation.badge.label" }, { code, status: intl.formatMessage({ id: stateMessage(status.state) }) });
  return (
    <span role="img" aria-label={label} title={label} className={`tr-badge tr-badge--${status.state}`} data-testid="translation-badge" data-lang={status.lang} data-state={status.state}>
      {code}
      {"\u00a0"}
      {MARK[status.state]}
    </span>
  );
}

export type TranslationFilterKind = "untranslated" | "outdated";

/** "Untranslated only" or "Outdated only" for a pane's toolbar: a switch like super-edit's. */
export function TranslationFilter({ kind, checked, onChange }: { kind: TranslationFilterKind; checked: boolean; onChange: (on: boolean) => void }) {
  const intl = useIntl();
  return (
    <label className="ma-switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={`${kind}-only`} />
      <span className="ma-switch__track" aria-hidden="true" />
      <span>{intl.formatMessage({ id: `translation.filter.${kind}` })}</span>
    </label>
  );
}
