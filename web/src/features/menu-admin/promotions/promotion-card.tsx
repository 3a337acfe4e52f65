import { FormattedMessage, useIntl } from "react-intl";
import { CardActions, DragHandle, type CardAction } from "../items/card-actions";
import { CardPhoto } from "../items/card-photo";
import { summaryOf } from "../items/format";
import type { LanguageStatus } from "../translations/status";
import { TranslationChip } from "../translations/translation-chip";
import type { PromotionInfo } from "./api";

type Props = {
  promotion: PromotionInfo;
  editing: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  actions: CardAction[];
  busy: boolean;
  rowProps: Record<string, unknown>;
  handleProps: Record<string, unknown>;
  /** Per-language translation statuses (a chip under the text) and opening one's editor. */
  translations?: LanguageStatus[];
  onEditTranslation?: (lang: string) => void;
};

/** A promotion as guests see it (banner, header, the start of its text), plus the staff's controls. */
export function PromotionCard({ promotion, editing, selected, onSelect, actions, busy, rowProps, handleProps, translations, onEditTranslation }: Props) {
  const intl = useIntl();
  const summary = summaryOf(promotion.description);
  return (
    <li
      className={`ma-card ma-card--promotion${promotion.visible ? "" : " ma-card--hidden"}${selected ? " ma-card--selected" : ""}`}
      data-testid="admin-promotion"
      data-card-id={promotion.id}
      tabIndex={-1}
      data-title={promotion.header}
      {...(editing ? rowProps : {})}
    >
      <div className="ma-card__main">
        {editing ? (
          <div className="ma-card__tools">
            <input
              type="checkbox"
              className="ma-card__check"
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={intl.formatMessage({ id: "menuAdmin.select" }, { title: promotion.header })}
              data-testid="select-item"
            />
            <DragHandle title={promotion.header} disabled={busy} handleProps={handleProps} />
          </div>
        ) : null}
        <div className="ma-card__body ma-card__body--promotion">
          <CardPhoto src={promotion.banner} wide />
          <div>
            <h3 className="ma-card__title">{promotion.header}</h3>
            {!promotion.visible ? (
              <span className="ma-badge">
                <FormattedMessage id="menuAdmin.hiddenBadge" />
              </span>
            ) : null}
            {summary ? <p className="ma-card__text summary-text">{summary}</p> : null}
            {translations ? <TranslationChip statuses={translations} onEdit={onEditTranslation} className="ma-card__translations" /> : null}
          </div>
        </div>
      </div>
      {editing ? <CardActions title={promotion.header} actions={actions} disabled={busy} /> : null}
    </li>
  );
}
