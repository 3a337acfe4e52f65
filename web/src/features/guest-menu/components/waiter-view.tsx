import { useEffect, useRef, useState } from "react";
import { textDirection, type Language } from "@/i18n/languages";
import { localizeDecimal } from "@/lib/decimal";
import { useIntl } from "../intl";
import { formatMoney, fromCents, toCents } from "../money";
import { fetchMenu, indexUrl } from "../menu-data";
import type { CartLine } from "../state";
import { Foreign, Ltr } from "./text-lang";
import { WAITER_LANGUAGE, WAITER_WORDS } from "./waiter-words";

/** A title with the language it is in (none: Russian, the view's own). */
type Title = { title: string; lang?: string };

/** The Russian menus' titles by item id, per menu URL, for this page's life (read again only after a failure). */
const loaded = new Map<string, Map<string, Title>>();
const loading = new Map<string, Promise<Map<string, Title>>>();

function loadTitles(company: string, store: string): Promise<Map<string, Title>> {
  const url = indexUrl(company, store, WAITER_LANGUAGE);
  let promise = loading.get(url);
  if (!promise) {
    // The index has every item's title: no chunk is needed.
    promise = fetchMenu(company, store, WAITER_LANGUAGE).then(({ index }) => {
      const items = index.categories.flatMap((c) => c.items);
      const titles = new Map(items.map((item) => [item.id, { title: item.title, lang: item.title_lang && item.title_lang !== WAITER_LANGUAGE ? item.title_lang : undefined }]));
      loaded.set(url, titles);
      return titles;
    });
    // Offline or failed: the stored titles are shown; the next opening tries again.
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}

/** The Russian titles of the store's items: undefined while they load, or if they cannot be had. */
function useSourceTitles(company: string, store: string, wanted: boolean): Map<string, Title> | undefined {
  const url = wanted ? indexUrl(company, store, WAITER_LANGUAGE) : undefined;
  const [titles, setTitles] = useState<{ url: string; titles: Map<string, Title> } | undefined>(() => {
    const cached = url ? loaded.get(url) : undefined;
    return url && cached ? { url, titles: cached } : undefined;
  });
  useEffect(() => {
    if (!url || loaded.has(url)) return;
    let alive = true;
    loadTitles(company, store).then(
      (result) => {
        if (alive) setTitles({ url, titles: result });
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [url, company, store]);
  if (!url) return undefined;
  return titles?.url === url ? titles.titles : loaded.get(url);
}

export type WaiterLine = {
  line: CartLine;
  /** The title the cart shows (the current menu's, else the stored one) and its language mark. */
  title: string;
  titleLang: string | undefined;
  portion: CartLine["portions"][number] | undefined;
  /** Sold out now: struck through with a note, not in the total. */
  soldOut: boolean;
};

type Props = {
  lines: WaiterLine[];
  sums: { currency: string; amount: string }[];
  table?: number;
  /** The table's own name, shown as it is (the waiter knows the room by it). */
  tableName?: string;
  company: string;
  storeKey: string;
  /** The language of the menu the guest reads. */
  language: string;
  onBack: () => void;
};

const money = (amount: string, currency: string) => formatMoney(amount, currency, WAITER_LANGUAGE);

function weight(value: string, unit: string | undefined) {
  const number = localizeDecimal(value, WAITER_LANGUAGE);
  const name = unit ? (WAITER_WORDS.units[unit] ?? unit) : "";
  return name ? `${number} ${name}` : number;
}

/**
 * "Show to the waiter" (issue 19): the order in large type in the venue's language (Russian, the
 * menu's source), whatever language the guest reads: titles from the Russian menu (the stored ones
 * while it loads, offline, or for an item no longer on it), portions, quantities, table, total.
 * The way back is in the guest's language.
 */
export function WaiterView({ lines, sums, table, tableName, company, storeKey, language, onBack }: Props) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // The menu read is already Russian: its titles are the ones wanted.
  const source = useSourceTitles(company, storeKey, language !== WAITER_LANGUAGE);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const titleOf = ({ line, title, titleLang }: WaiterLine): Title => {
    if (language === WAITER_LANGUAGE) return { title, lang: titleLang };
    const russian = source?.get(line.id);
    if (russian) return russian;
    return { title: line.title, lang: line.title_lang && line.title_lang !== WAITER_LANGUAGE ? line.title_lang : undefined };
  };

  return (
    <div className="waiter-view" lang={WAITER_LANGUAGE} dir="ltr" data-testid="waiter-view">
      <button type="button" className="btn btn--secondary waiter-view__back" lang={intl.locale} dir={textDirection(intl.locale as Language)} onClick={onBack} data-testid="waiter-back">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {intl.formatMessage({ id: "menu.waiter.back" })}
      </button>
      <header className="waiter-view__header">
        <h2 id="waiter-title" ref={heading} tabIndex={-1}>
          {WAITER_WORDS.title}
        </h2>
        {table ? (
          <span className="waiter-view__table" data-testid="waiter-table">
            {tableName ? <bdi>{tableName}</bdi> : WAITER_WORDS.table(table)}
          </span>
        ) : null}
      </header>
      <ul className="waiter-lines">
        {lines.map((entry) => {
          const { line, portion, soldOut } = entry;
          const { title, lang } = titleOf(entry);
          return (
            <li
              key={`${line.id}:${line.selectedPortionId}`}
              className={soldOut ? "waiter-line waiter-line--sold-out" : "waiter-line"}
              data-testid="waiter-line"
              data-item-id={line.id}
              data-sold-out={soldOut ? "" : undefined}
            >
              <span className="waiter-line__title" data-testid="waiter-line-title">
                <Foreign lang={lang}>{title}</Foreign>
              </span>
              <span className="waiter-line__quantity" data-testid="waiter-line-quantity">
                {WAITER_WORDS.quantity(line.quantity)}
              </span>
              <span className="waiter-line__portion" data-testid="waiter-line-portion">
                {portion?.weight ? <Ltr>{weight(portion.weight, portion.unit)}</Ltr> : null}
              </span>
              <span className="waiter-line__sum">{portion ? <Ltr>{money(fromCents(toCents(portion.price) * BigInt(line.quantity)), portion.currency)}</Ltr> : null}</span>
              {soldOut ? (
                <span className="waiter-line__note" data-testid="waiter-line-sold-out">
                  {WAITER_WORDS.soldOut}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="waiter-view__total" data-testid="waiter-total">
        <span>{WAITER_WORDS.total}</span>
        <strong data-testid="waiter-total-amount">
          {sums.map((s, i) => (
            <span key={s.currency}>
              {i ? " + " : ""}
              <Ltr>{money(s.amount, s.currency)}</Ltr>
            </span>
          ))}
        </strong>
      </div>
    </div>
  );
}
