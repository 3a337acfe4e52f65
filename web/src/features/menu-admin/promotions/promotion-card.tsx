import { FormattedMessage } from "react-intl";
import { CardFrame, type CardControls } from "../cards/card-frame";
import { CardPhoto } from "../cards/card-photo";
import { summaryOf } from "../shared/format";
import type { LanguageStatus } from "../translations/status";
import { TranslationChip } from "../translations/translation-chip";
import type { PromotionInfo } from "./api";

type Props = CardControls & {
  promotion: PromotionInfo;
  /** Per-language translation statuses (a chip under the text) and opening one's editor. */
  translations?: LanguageStatus[];
  onEditTranslation?: (lang: string) => void;
};

/** A promotion as guests see it (banner, header, the start of its text), plus the staff's controls. */
export function PromotionCard({ promotion, translations, onEditTranslation, ...controls }: Props) {
  const summary = summaryOf(promotion.description);
  return (
    <CardFrame id={promotion.id} title={promotion.header} modifiers={["promotion", !promotion.visible && "hidden"]} testId="admin-promotion" {...controls}>
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
    </CardFrame>
  );
}
