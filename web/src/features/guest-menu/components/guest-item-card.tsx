import { memo } from "react";
import { useIntl } from "../intl";
import type { PublishedItem, PublishedMenu } from "../model";
import { plainText } from "../model";
import { useMoney, useWeight } from "./money";
import { ItemMarks } from "./marks";
import { Photo } from "./photo";
import { Foreign, Ltr, textLangProps } from "./text-lang";

type Props = {
  item: PublishedItem;
  href: string;
  onOpen: (id: string) => void;
  onQuickAdd: (item: PublishedItem) => void;
  /** The menu's mark names and icons (the same object on every render). */
  marks: PublishedMenu["marks"];
  /** Sold out today: greyed, labelled, not orderable. */
  soldOut: boolean;
};

/**
 * One item in the list: photo, title, a line of the description, portions and prices. Memoised: a
 * menu has a hundred or more of them, and the page re-renders after hydration and on every tick.
 */
export const GuestItemCard = memo(function GuestItemCard({ item, href, onOpen, onQuickAdd, marks, soldOut }: Props) {
  const intl = useIntl();
  const money = useMoney();
  const weight = useWeight();
  const summary = plainText(item.description).replace(/\s+/g, " ").trim();
  return (
    <article className={soldOut ? "item-card item-card--sold-out" : "item-card"} data-testid="item-card" data-item-id={item.id} data-sold-out={soldOut || undefined}>
      <a
        className="item-card__link"
        href={href}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen(item.id);
        }}
      >
        <Photo src={item.photo} alt="" kind={item.kind} className="item-card__photo" />
        <div className="item-card__body">
          <h3 className="item-card__title">
            <Foreign lang={item.title_lang}>{item.title}</Foreign>
          </h3>
          {soldOut ? <span className="sold-out-label">{intl.formatMessage({ id: "menu.item.soldOut" })}</span> : null}
          {summary ? (
            <p className="item-card__text" {...textLangProps(item.description_lang)}>
              {summary}
            </p>
          ) : null}
          <ItemMarks item={item} marks={marks} />
          <ul className="item-card__portions">
            {item.portions.map((p) => (
              <li key={p.id}>
                <span className="item-card__weight">
                  <Ltr>{weight(p.weight, p.unit)}</Ltr>
                </span>
                <span className="item-card__price">
                  <Ltr>{money(p.price, p.currency)}</Ltr>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </a>
      <button
        type="button"
        className="item-card__add"
        aria-label={intl.formatMessage({ id: "menu.item.addShort" }, { title: item.title })}
        disabled={soldOut}
        onClick={() => onQuickAdd(item)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </article>
  );
});
