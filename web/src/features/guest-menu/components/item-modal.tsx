import { useEffect, useRef, useState } from "react";
import { useIntl } from "../intl";
import type { PublishedItem, PublishedMenu } from "../model";
import { useMoney, useWeight } from "./money";
import { ItemMarks } from "./marks";
import { Photo } from "./photo";
import { RichText } from "./rich-text";
import { Foreign, Ltr } from "./text-lang";

type Props = {
  item: PublishedItem;
  marks: PublishedMenu["marks"];
  soldOut: boolean;
  onClose: () => void;
  onAdd: (item: PublishedItem, portionId: string, quantity: number) => void;
};

/** The item dialog (deep-linkable with ?item=): photo, description, portion choice, quantity, add to cart. */
export function ItemModal({ item, marks, soldOut, onClose, onAdd }: Props) {
  const intl = useIntl();
  const money = useMoney();
  const weight = useWeight();
  const dialog = useRef<HTMLDialogElement>(null);
  const [portionId, setPortionId] = useState(item.portions[0]?.id ?? "");
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    const html = document.documentElement;
    html.classList.add("guest-modal-open");
    return () => html.classList.remove("guest-modal-open");
  }, []);

  return (
    <dialog
      ref={dialog}
      className="item-modal"
      data-testid="item-modal"
      aria-labelledby="item-modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose(); // the backdrop
      }}
    >
      <div className="item-modal__sheet">
        <button type="button" className="item-modal__close" aria-label={intl.formatMessage({ id: "menu.item.close" })} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <Photo src={item.photo} alt={item.title} altLang={item.title_lang} kind={item.kind} eager className="item-modal__photo" />
        <div className="item-modal__body">
          <h2 id="item-modal-title" className="item-modal__title">
            <Foreign lang={item.title_lang}>{item.title}</Foreign>
          </h2>
          <RichText ops={item.description} lang={item.description_lang} className="item-modal__text" />
          <ItemMarks item={item} marks={marks} full />
          <fieldset className="portions">
            <legend className="visually-hidden">{intl.formatMessage({ id: "menu.item.portion" })}</legend>
            {item.portions.map((p) => (
              <label key={p.id} className="portions__option" data-testid="portion-option">
                <input type="radio" name="portion" value={p.id} checked={portionId === p.id} onChange={() => setPortionId(p.id)} />
                <span className="portions__weight">
                  <Ltr>{weight(p.weight, p.unit)}</Ltr>
                </span>
                <span className="portions__price">
                  <Ltr>{money(p.price, p.currency)}</Ltr>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="item-modal__actions">
            <div className="stepper" role="group" aria-label={intl.formatMessage({ id: "menu.item.quantity" })}>
              <button type="button" aria-label={intl.formatMessage({ id: "menu.item.decrease" }, { item: item.title })} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
                −
              </button>
              <output aria-live="polite" data-testid="quantity">
                {quantity}
              </output>
              <button type="button" aria-label={intl.formatMessage({ id: "menu.item.increase" }, { item: item.title })} onClick={() => setQuantity((q) => Math.min(99, q + 1))}>
                +
              </button>
            </div>
            <button
              type="button"
              className="btn btn--primary item-modal__add"
              data-testid="add-to-cart"
              disabled={soldOut}
              onClick={() => {
                onAdd(item, portionId, quantity);
                setAdded(true);
                setQuantity(1);
              }}
            >
              {intl.formatMessage({ id: soldOut ? "menu.item.soldOut" : added ? "menu.item.added" : "menu.item.add" })}
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
