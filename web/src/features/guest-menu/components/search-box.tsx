import type { Ref } from "react";
import { useIntl } from "../intl";

/** The search field that takes the place of the tabs while the guest searches the menu. */
export function SearchBox({ query, onQuery, onClose }: { query: string; onQuery: (query: string) => void; onClose: () => void }) {
  const intl = useIntl();
  return (
    <div className="search-box">
      <input
        type="search"
        autoFocus
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        placeholder={intl.formatMessage({ id: "menu.search.placeholder" })}
        aria-label={intl.formatMessage({ id: "menu.search.placeholder" })}
        data-testid="search-input"
        enterKeyHint="search"
      />
      <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: "menu.search.close" })} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

export function SearchButton({ ref, onOpen }: { ref: Ref<HTMLButtonElement>; onOpen: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" ref={ref} className="icon-button" aria-label={intl.formatMessage({ id: "menu.search.open" })} data-testid="search-open" onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * Under the results while the search waits for the chunks it needs (issue 48): a spinner for the
 * eye; the count's live region says "searching" for the ear, and the results are aria-busy.
 */
export function SearchLoading() {
  return <div className="search-loading" aria-hidden="true" data-testid="search-loading" />;
}
