import { FormattedMessage, useIntl } from "react-intl";
import type { LanguageStatus } from "../translations/status";
import { TranslationChip } from "../translations/translation-chip";
import { CardFrame, type CardControls } from "../cards/card-frame";
import { CardPhoto } from "../cards/card-photo";
import { isSoldOut, type ItemCard as Card } from "./api";
import { useMoney, useWeight } from "../shared/format";
import { MarkIcons } from "./marks-picker";

type Props = CardControls & {
  item: Card;
  /** Per-language translation statuses (a chip under the portions) and opening one's editor. */
  translations?: LanguageStatus[];
  onEditTranslation?: (lang: string) => void;
  /** Its measurement and place in a virtualised list. */
  listProps?: Record<string, unknown>;
};

/** An item as guests see it on the menu (photo, title, a line of the description, portions), plus the staff's controls. */
export function ItemCard({ item, translations, onEditTranslation, listProps, ...controls }: Props) {
  const intl = useIntl();
  const money = useMoney();
  const weight = useWeight();
  const summary = item.summary;
  const soldOut = isSoldOut(item);
  return (
    <CardFrame
      id={item.id}
      title={item.title}
      modifiers={[!item.visible && "hidden", soldOut && "sold-out"]}
      testId="admin-item"
      attributes={{ "data-item-id": item.id, ...listProps }}
      {...controls}
    >
      <CardPhoto src={item.photo} />
      <div className="ma-card__body">
        <h3 className="ma-card__title">{item.title}</h3>
        {!item.visible ? (
          <span className="ma-badge" data-testid="hidden-badge">
            <FormattedMessage id="menuAdmin.hiddenBadge" />
          </span>
        ) : null}
        {soldOut ? (
          <span className="ma-badge ma-badge--sold-out" data-testid="sold-out-badge">
            <FormattedMessage id="menuAdmin.soldOutBadge" values={{ when: intl.formatDate(item.sold_out_until, { weekday: "short", hour: "2-digit", minute: "2-digit" }) }} />
          </span>
        ) : null}
        {summary ? <p className="ma-card__text summary-text">{summary}</p> : null}
        <MarkIcons tags={item.tags} allergens={item.allergens} />
        <ul className="ma-card__portions">
          {item.portions.map((p) => (
            <li key={p.id}>
              <span className="ma-card__weight">{weight(p.weight, p.unit)}</span>
              <span className="ma-card__price">{money(p.price, p.currency)}</span>
            </li>
          ))}
        </ul>
        {translations ? <TranslationChip statuses={translations} onEdit={onEditTranslation} className="ma-card__translations" /> : null}
      </div>
    </CardFrame>
  );
}
