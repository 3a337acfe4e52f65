import { useMemo } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GlossaryEntry } from "./api";
import { GlossaryTable } from "./glossary-table";

/** Search text: case and ё/е do not matter. */
const normalize = (s: string) => s.toLocaleLowerCase("ru").replaceAll("ё", "е").trim();

/** The glossary with its search: the matching entries, or a way back to all of them when none matches. */
export function GlossaryList({
  searchId,
  entries,
  q,
  onSearch,
  onEdit,
  onDelete,
}: {
  searchId: string;
  entries: GlossaryEntry[];
  q: string;
  onSearch: (q: string) => void;
  onEdit: (entry: GlossaryEntry) => void;
  onDelete: (entry: GlossaryEntry) => void;
}) {
  const intl = useIntl();
  const shown = useMemo(() => {
    const needle = normalize(q);
    if (!needle) return entries;
    return entries.filter((e) => normalize(e.abbreviation).includes(needle) || normalize(e.full_form).includes(needle));
  }, [entries, q]);

  return (
    <>
      <div className="tm-search" role="search">
        <label htmlFor={searchId} className="visually-hidden">
          <FormattedMessage id="glossary.searchLabel" />
        </label>
        <SearchIcon />
        <input
          id={searchId}
          type="search"
          className="input tm-search__input"
          placeholder={intl.formatMessage({ id: "glossary.searchPlaceholder" })}
          value={q}
          onChange={(e) => onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && q) {
              e.preventDefault();
              onSearch("");
            }
          }}
          data-testid="glossary-search"
        />
      </div>
      <p className="tm-muted tm-found" aria-live="polite">
        {normalize(q) ? <FormattedMessage id="glossary.found" values={{ n: shown.length, total: entries.length }} /> : null}
      </p>
      {shown.length ? (
        <GlossaryTable entries={shown} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <div className="tm-none" data-testid="glossary-no-match">
          <p>
            <FormattedMessage id="glossary.noMatches" values={{ q: q.trim() }} />
          </p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => onSearch("")}>
            <FormattedMessage id="glossary.clearSearch" />
          </button>
        </div>
      )}
    </>
  );
}

function SearchIcon() {
  return (
    <svg className="tm-search__icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
