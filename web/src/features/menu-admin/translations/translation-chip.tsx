import { FormattedMessage, useIntl } from "react-intl";
import { useDisclosure } from "@/components/use-disclosure";
import { useLanguageName } from "./language-name";
import { isTranslated, type LanguageStatus } from "./status";
import { stateMessage, TranslationBadge } from "./translation-badges";
import "./translations.css";

/**
 * A card's or category's translations as one chip, "3/5": how many of the store's menu languages
 * are finished (an outdated one is not: it needs a look). Pressing it shows each language's state
 * and a way into the dialog's editor for that language (`onEdit`).
 */
export function TranslationChip({ statuses, onEdit, className }: { statuses: LanguageStatus[]; onEdit?: (lang: string) => void; className?: string }) {
  const intl = useIntl();
  const languageName = useLanguageName();
  const { open, close, rootProps, buttonProps, panelProps } = useDisclosure();
  if (!statuses.length) return null;
  const done = statuses.filter((s) => isTranslated(s.state)).length;
  const count = `${done}/${statuses.length}`;
  const tone = done === statuses.length ? "done" : statuses.some((s) => s.state === "error") ? "error" : "partial";
  const label = intl.formatMessage({ id: "translation.chip.label" }, { count });
  const edit = (lang: string) => {
    close();
    onEdit?.(lang);
  };
  return (
    <div {...rootProps} className={["tr-chip", open ? "tr-chip--open" : "", className].filter(Boolean).join(" ")} data-testid="translation-chip" data-done={done} data-total={statuses.length}>
      <button type="button" {...buttonProps} className={`tr-chip__button tr-chip__button--${tone}`} aria-label={label} title={label} data-testid="translation-chip-button">
        <span aria-hidden="true">{tone === "done" ? "✓" : tone === "error" ? "!" : "…"}</span>
        {count}
      </button>
      <div {...panelProps} className="tr-chip__panel" data-testid="translation-details">
        <ul className="tr-chip__list" aria-label={intl.formatMessage({ id: "translation.badges.label" })}>
          {statuses.map((s) => {
            const name = languageName(s.lang);
            const hasText = s.state !== "missing" && s.state !== "queued" && s.state !== "in_progress" && s.state !== "error";
            return (
              <li key={s.lang} className="tr-chip__row">
                <TranslationBadge status={s} />
                <span className="tr-chip__text">
                  <span className="tr-chip__name">{name}</span>
                  <span className="tr-chip__state">
                    <FormattedMessage id={stateMessage(s.state)} />
                  </span>
                </span>
                {onEdit ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm tr-chip__edit"
                    aria-label={intl.formatMessage({ id: hasText ? "translation.editLabel" : "translation.writeLabel" }, { language: name })}
                    onClick={() => edit(s.lang)}
                    data-testid="chip-edit-translation"
                    data-lang={s.lang}
                  >
                    <FormattedMessage id={hasText ? "translation.chip.edit" : "translation.chip.write"} />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
