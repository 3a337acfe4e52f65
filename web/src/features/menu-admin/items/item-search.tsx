import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { CardPhoto } from "../cards/card-photo";
import { itemSearchQueryOptions, type SearchHit } from "./api";
import { Icon } from "@/components/icon";

/** The search box of the pane: the store's whole menu (titles and translations), as you type. */
export function ItemSearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="ma-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        <FormattedMessage id="menuAdmin.search.label" />
      </label>
      <Icon name="search" />
      <input
        id={id}
        type="search"
        className="input ma-search__input"
        placeholder={intl.formatMessage({ id: "menuAdmin.search.placeholder" })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onChange("");
        }}
        data-testid="item-search"
      />
    </div>
  );
}

/** Results of a search: each hit with its category; choosing one opens it for editing. */
export function ItemSearchResults({ cs, q, onOpen }: { cs: CsObject; q: string; onOpen: (hit: SearchHit) => void }) {
  const [debounced, setDebounced] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const search = useQuery(itemSearchQueryOptions(cs.store_id, debounced));
  if (!debounced || search.isPending) {
    return (
      <p className="ma-empty" role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  if (search.error) return <p className="ma-empty">{errorMessageFor(search.error)}</p>;
  const hits = search.data ?? [];
  return (
    <section aria-live="polite" className="ma-search-results" data-testid="search-results">
      <p className="ma-search-results__count">
        <FormattedMessage id="menuAdmin.search.count" values={{ n: hits.length, q: debounced }} />
      </p>
      {hits.length ? (
        <ul className="ma-search-results__list">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" className="ma-hit" onClick={() => onOpen(hit)} data-testid="search-hit">
                <CardPhoto src={hit.photo} />
                <span className="ma-hit__text">
                  <span className="ma-hit__title">{hit.title}</span>
                  <span className="ma-hit__where">
                    <FormattedMessage id={`menuAdmin.section.${hit.category.section}` as MessageId} /> · {hit.category.name}
                    {hit.visible ? null : (
                      <>
                        {" · "}
                        <FormattedMessage id="menuAdmin.hiddenBadge" />
                      </>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ma-empty">
          <FormattedMessage id="menuAdmin.search.none" />
        </p>
      )}
    </section>
  );
}
