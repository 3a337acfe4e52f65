import { Fragment, useEffect, useRef, useState } from "react";
import { cartLineViews, orderTotals } from "../cart-lines";
import { useIntl } from "../intl";
import { fromCents, toCents } from "../money";
import type { PublishedItem } from "../model";
import { restoreLines, setQuantity, type Cart, type CartLine } from "../state";
import { useMoney, useWeight } from "./money";
import { Foreign, Ltr } from "./text-lang";
import { WaiterView } from "./waiter-view";

type Props = {
  cart: Cart;
  items: ReadonlyMap<string, PublishedItem>;
  /** The menu's language: a stored title in another one is marked with its own. */
  language: string;
  table?: number;
  /** The table's own name ("Терраса 3"), from its pass: shown instead of "Стол N" when known. */
  tableName?: string;
  /** The store's URL keys: the waiter view reads the Russian menu's titles. */
  company: string;
  storeKey: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onChange: (update: (cart: Cart) => Cart) => void;
  /** Whether an item is sold out now (by the menu's index, so a line knows without its chunk). */
  soldOut: (id: string) => boolean;
};

/** How long "Clear" can be undone. */
export const CART_UNDO_MS = 5_000;

/**
 * The floating cart button and the cart sheet: lines, quantities, totals per currency, table number;
 * and the sheet's "show to the waiter" view (the same order in large type, in Russian).
 */
export function CartPanel({ cart, items, language, table, tableName, company, storeKey, open, onOpen, onClose, onChange, soldOut }: Props) {
  const intl = useIntl();
  const money = useMoney();
  const weight = useWeight();
  const dialog = useRef<HTMLDialogElement>(null);
  const waiterButton = useRef<HTMLButtonElement>(null);
  const [waiterShown, setWaiterShown] = useState(false);
  const lines = cartLineViews(cart, items, language, soldOut);
  const sums = orderTotals(lines);
  const tableLabel = tableName ? <bdi>{tableName}</bdi> : intl.formatMessage({ id: "menu.cart.table" }, { number: table });
  // The badge counts what is in the bill: a sold-out line stays in the cart, out of the total and of the count.
  const count = lines.reduce((n, l) => (l.soldOut ? n : n + l.line.quantity), 0);
  const button = cart.lines.length > 0 || !!table;
  const sumsShown = sums.map((s, i) => (
    <Fragment key={s.currency}>
      {i ? " + " : ""}
      <Ltr>{money(s.amount, s.currency)}</Ltr>
    </Fragment>
  ));

  // The waiter view shows an order: with the last line gone (another tab) the sheet is the cart again.
  if (waiterShown && !lines.length) setWaiterShown(false);
  const waiter = waiterShown && lines.length > 0;
  // Back from the waiter view: focus returns to the button that opened it.
  const wasWaiter = useRef(false);
  useEffect(() => {
    if (wasWaiter.current && !waiter && open) waiterButton.current?.focus();
    wasWaiter.current = waiter;
  }, [waiter, open]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Focus never drops to the page: a line removed with "−" hands it to the next line (or the
  // heading), "Clear" to its Undo button, and an Undo (or its end) to the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<number | "undo" | "heading" | undefined>(undefined);
  useEffect(() => {
    const wanted = focusNext.current;
    if (wanted === undefined) return;
    focusNext.current = undefined;
    const target = wanted === "undo" ? undoButton.current : typeof wanted === "number" ? list.current?.querySelectorAll<HTMLElement>(".cart-line")[wanted] : undefined;
    (target ?? heading.current)?.focus();
  });

  // "Clear" keeps the lines for CART_UNDO_MS: the guest can have them back as they were.
  const [cleared, setCleared] = useState<CartLine[]>();
  useEffect(() => {
    if (!cleared) return;
    const timer = setTimeout(() => {
      if (document.activeElement === undoButton.current) focusNext.current = "heading";
      setCleared(undefined);
    }, CART_UNDO_MS);
    return () => clearTimeout(timer);
  }, [cleared]);
  const clear = () => {
    setCleared(cart.lines);
    focusNext.current = "undo";
    onChange((c) => ({ ...c, lines: [] }));
  };
  const undo = () => {
    const kept = cleared;
    setCleared(undefined);
    focusNext.current = "heading";
    if (kept) onChange((c) => restoreLines(c, kept));
  };
  const undoToast = cleared ? (
    <div className="cart-undo" role="status" data-testid="cart-undo">
      <span id="cart-undo-text">{intl.formatMessage({ id: "menu.cart.cleared" })}</span>
      <button type="button" ref={undoButton} className="btn btn--secondary" aria-describedby="cart-undo-text" data-testid="cart-undo-button" onClick={undo}>
        {intl.formatMessage({ id: "menu.cart.undo" })}
      </button>
    </div>
  ) : null;
  const close = () => {
    setWaiterShown(false);
    // Closed with an Undo pending: it moves out of the sheet, and focus with it.
    if (cleared) focusNext.current = "undo";
    onClose();
  };

  return (
    <>
      {button ? (
        // Named by what it shows (the count, the total, the table), with "Cart" said first. The
        // skip link's target (#cart): this button, or the sheet while there is no button.
        <button type="button" className="cart-button" id="cart" data-testid="cart-button" onClick={onOpen}>
          <span className="visually-hidden">{intl.formatMessage({ id: "menu.cart.title" })}</span>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 5h2l2.2 10.2a1 1 0 0 0 1 .8h8.6a1 1 0 0 0 1-.8L20 8H7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="10" cy="19.5" r="1.5" fill="currentColor" />
            <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
          </svg>
          <span className="cart-button__count" data-testid="cart-count">
            {count}
          </span>
          {sums.length ? <span className="cart-button__total">{sumsShown}</span> : null}
          {table ? <span className="cart-button__table">{tableLabel}</span> : null}
        </button>
      ) : null}
      {/* Outside the sheet while it is closed; inside it while open (the rest of the page is inert then). */}
      {open ? null : undoToast}
      <dialog
        ref={dialog}
        id={button ? undefined : "cart"}
        className="cart-sheet"
        data-testid="cart"
        aria-labelledby={waiter ? "waiter-title" : "cart-title"}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClick={(e) => {
          if (e.target === dialog.current) close();
        }}
      >
        {waiter ? (
          <div className="cart-sheet__panel cart-sheet__panel--waiter">
            <WaiterView lines={lines} sums={sums} table={table} tableName={tableName} company={company} storeKey={storeKey} language={language} onBack={() => setWaiterShown(false)} />
          </div>
        ) : (
          <div className="cart-sheet__panel">
            <header className="cart-sheet__header">
              <h2 id="cart-title" ref={heading} tabIndex={-1}>{intl.formatMessage({ id: "menu.cart.title" })}</h2>
              {table ? (
                <span className="badge" data-testid="cart-table">
                  {tableLabel}
                </span>
              ) : null}
              <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: "menu.cart.close" })} onClick={close}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </button>
            </header>
            {lines.length ? (
              <>
                <ul className="cart-lines" ref={list}>
                  {lines.map(({ line, title, titleLang, portion, soldOut }, index) => (
                    <li
                      key={`${line.id}:${line.selectedPortionId}`}
                      className={soldOut ? "cart-line cart-line--sold-out" : "cart-line"}
                      data-testid="cart-line"
                      data-sold-out={soldOut ? "" : undefined}
                      tabIndex={-1}
                    >
                      <div className="cart-line__text">
                        <span className="cart-line__title">
                          <Foreign lang={titleLang}>{title}</Foreign>
                        </span>
                        {soldOut ? (
                          <span className="cart-line__sold-out" data-testid="cart-line-sold-out">
                            {intl.formatMessage({ id: "menu.item.soldOut" })}
                          </span>
                        ) : null}
                        <span className="cart-line__weight">
                          {portion?.weight ? <Ltr>{weight(portion.weight, portion.unit ?? "")}</Ltr> : null}
                          {portion?.weight && portion ? " · " : null}
                          {portion ? (
                            <span className="cart-line__unit" data-testid="cart-line-unit">
                              <Ltr>{money(portion.price, portion.currency)}</Ltr>
                            </span>
                          ) : null}
                        </span>
                      </div>
                      <div className="stepper stepper--small">
                        <button
                          type="button"
                          aria-label={intl.formatMessage({ id: "menu.item.decrease" }, { item: title })}
                          data-testid="cart-line-decrease"
                          onClick={() => {
                            if (line.quantity <= 1) focusNext.current = index;
                            onChange((c) => setQuantity(c, index, line.quantity - 1));
                          }}
                        >
                          −
                        </button>
                        <output>{line.quantity}</output>
                        <button
                          type="button"
                          aria-label={intl.formatMessage({ id: "menu.item.increase" }, { item: title })}
                          data-testid="cart-line-increase"
                          disabled={soldOut}
                          onClick={() => onChange((c) => setQuantity(c, index, line.quantity + 1))}
                        >
                          +
                        </button>
                      </div>
                      {/* The line's total: price × quantity, exact (cents). */}
                      <span className="cart-line__price" data-testid="cart-line-total">
                        {portion ? <Ltr>{money(fromCents(toCents(portion.price) * BigInt(line.quantity)), portion.currency)}</Ltr> : ""}
                      </span>
                    </li>
                  ))}
                </ul>
                {lines.some((l) => l.soldOut) ? (
                  <p className="cart-sheet__sold-out" data-testid="cart-sold-out-note">
                    {intl.formatMessage({ id: "menu.cart.soldOutNote" })}
                  </p>
                ) : null}
                <div className="cart-total" data-testid="cart-total">
                  <span>{intl.formatMessage({ id: "menu.cart.total" })}</span>
                  <strong>{sumsShown}</strong>
                </div>
                <p className="cart-sheet__hint">{intl.formatMessage({ id: "menu.cart.hint" })}</p>
                <button type="button" ref={waiterButton} className="btn btn--primary btn--lg cart-sheet__waiter" data-testid="cart-waiter" onClick={() => setWaiterShown(true)}>
                  {intl.formatMessage({ id: "menu.cart.waiter" })}
                </button>
                <button type="button" className="btn btn--ghost" data-testid="cart-clear" onClick={clear}>
                  {intl.formatMessage({ id: "menu.cart.clear" })}
                </button>
              </>
            ) : (
              <p className="cart-sheet__empty">{intl.formatMessage({ id: "menu.cart.empty" })}</p>
            )}
            {open ? undoToast : null}
          </div>
        )}
      </dialog>
    </>
  );
}

/**
 * The "skip to cart" link: #cart is the cart button, or the cart's sheet while the cart is empty
 * (then it opens).
 */
export function SkipToCart({ label, openCart }: { label: string; openCart: () => void }) {
  return (
    <a
      className="skip-link"
      href="#cart"
      data-testid="skip-to-cart"
      onClick={(e) => {
        e.preventDefault();
        const target = document.getElementById("cart");
        if (target instanceof HTMLButtonElement) target.focus();
        else openCart();
      }}
    >
      {label}
    </a>
  );
}
