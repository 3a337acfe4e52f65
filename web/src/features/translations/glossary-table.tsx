import { FormattedMessage, useIntl } from "react-intl";
import type { GlossaryEntry } from "./api";

/** The abbreviations with what each expands to (or that it is kept as written), each with edit and delete. */
export function GlossaryTable({ entries, onEdit, onDelete }: { entries: GlossaryEntry[]; onEdit: (entry: GlossaryEntry) => void; onDelete: (entry: GlossaryEntry) => void }) {
  return (
    <table className="data-table tm-table" data-testid="glossary-table">
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="glossary.colAbbreviation" />
          </th>
          <th scope="col">
            <FormattedMessage id="glossary.colFullForm" />
          </th>
          <th scope="col">
            <span className="visually-hidden">
              <FormattedMessage id="glossary.colActions" />
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <GlossaryRow key={entry.id} entry={entry} onEdit={() => onEdit(entry)} onDelete={() => onDelete(entry)} />
        ))}
      </tbody>
    </table>
  );
}

function GlossaryRow({ entry, onEdit, onDelete }: { entry: GlossaryEntry; onEdit: () => void; onDelete: () => void }) {
  const intl = useIntl();
  return (
    <tr data-testid="glossary-row" data-abbreviation={entry.abbreviation}>
      <td className="tm-table__abbr">
        <span lang="ru">{entry.abbreviation}</span>
      </td>
      <td className="tm-table__full">
        {entry.keep ? (
          <span className="tm-table__kept" data-testid="glossary-kept">
            <FormattedMessage id="glossary.kept" />
          </span>
        ) : (
          <>
            <span className="tm-table__arrow" aria-hidden="true">
              →
            </span>
            <span lang="ru">{entry.full_form}</span>
          </>
        )}
      </td>
      <td className="tm-table__actions">
        <div className="data-table__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={intl.formatMessage({ id: "glossary.edit" }, { abbreviation: entry.abbreviation })}
            title={intl.formatMessage({ id: "glossary.edit" }, { abbreviation: entry.abbreviation })}
            onClick={onEdit}
            data-testid="glossary-edit"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
              <path d="m13.5 6.5 4 4" />
            </svg>
          </button>
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label={intl.formatMessage({ id: "glossary.delete" }, { abbreviation: entry.abbreviation })}
            title={intl.formatMessage({ id: "glossary.delete" }, { abbreviation: entry.abbreviation })}
            onClick={onDelete}
            data-testid="glossary-delete"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </svg>
          </button>
        </div>
      </td>
    </tr>
  );
}
