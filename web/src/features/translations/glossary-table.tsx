import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import { IconButton } from "@/components/icon-button";
import type { GlossaryEntry } from "./api";

/** The abbreviations with what each expands to (or that it is kept as written), each with edit and delete. */
export function GlossaryTable({ entries, onEdit, onDelete }: { entries: GlossaryEntry[]; onEdit: (entry: GlossaryEntry) => void; onDelete: (entry: GlossaryEntry) => void }) {
  const intl = useIntl();
  const columns: Column<GlossaryEntry>[] = [
    { header: intl.formatMessage({ id: "glossary.colAbbreviation" }), className: "tm-table__abbr", cell: (entry) => <span lang="ru">{entry.abbreviation}</span> },
    { header: intl.formatMessage({ id: "glossary.colFullForm" }), className: "tm-table__full", cell: (entry) => <FullForm entry={entry} /> },
    {
      header: intl.formatMessage({ id: "glossary.colActions" }),
      hiddenHeader: true,
      className: "tm-table__actions",
      cell: (entry) => (
        <div className="data-table__actions">
          <IconButton icon="edit" label={intl.formatMessage({ id: "glossary.edit" }, { abbreviation: entry.abbreviation })} onClick={() => onEdit(entry)} data-testid="glossary-edit" />
          <IconButton
            icon="delete"
            danger
            label={intl.formatMessage({ id: "glossary.delete" }, { abbreviation: entry.abbreviation })}
            onClick={() => onDelete(entry)}
            data-testid="glossary-delete"
          />
        </div>
      ),
    },
  ];
  return <DataTable className="data-table tm-table" testId="glossary-table" rows={entries} columns={columns} rowKey={(e) => e.id} rowTestId="glossary-row" rowProps={(e) => ({ "data-abbreviation": e.abbreviation })} />;
}

function FullForm({ entry }: { entry: GlossaryEntry }) {
  if (entry.keep) {
    return (
      <span className="tm-table__kept" data-testid="glossary-kept">
        <FormattedMessage id="glossary.kept" />
      </span>
    );
  }
  return (
    <>
      <span className="tm-table__arrow" aria-hidden="true">
        →
      </span>
      <span lang="ru">{entry.full_form}</span>
    </>
  );
}
