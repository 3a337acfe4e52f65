import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, type Language } from "@/i18n/languages";
import { errorMessageFor } from "@/lib/errors";
import type { ImportError, ImportPlan, ImportProgress } from "./api";
import { fileRefusalOf, refusalText } from "./refusal";

/** How many rows of each list the preview shows. */
const SHOWN = 20;

/** The apply button's state and what it reports, shared by the plan and the draft editor. */
export type Applying = { pending: boolean; progress?: ImportProgress; error: unknown };

export function ApplyProgress({ progress }: { progress?: ImportProgress }) {
  return progress ? (
    <span className="menu-import__progress" role="status" data-testid="import-progress">
      <progress max={progress.total} value={progress.done} aria-hidden="true" />
      <FormattedMessage id="import.progress" values={{ done: progress.done, total: progress.total }} />
    </span>
  ) : null;
}

/**
 * A spreadsheet with the export's columns (issue 19): what it adds and changes, or every invalid
 * cell by row and column, or the one reason the whole file was refused; "Import" while it is valid.
 */
export function PlanPreview({ plan: p, applying, onApply }: { plan: ImportPlan; applying: Applying; onApply: () => void }) {
  const intl = useIntl();
  // A file refused as a whole (unreadable, a zip bomb, too many rows…) is its one error: no table to show.
  const fileRefusal = fileRefusalOf(p.errors);
  if (fileRefusal) {
    return (
      <FormAlert testId="import-refusal">
        {refusalText(intl, fileRefusal)} <FormattedMessage id="import.nothingImported" />
      </FormAlert>
    );
  }
  const fieldNames = (fields: string[]) => fields.map((f) => intl.formatMessage({ id: `import.field.${f}` as MessageId })).join(", ");
  const errorColumns: Column<ImportError>[] = [
    { header: intl.formatMessage({ id: "import.row" }), cell: (e) => e.row, labelled: true },
    { header: intl.formatMessage({ id: "import.column" }), cell: (e) => e.column, labelled: true },
    {
      header: intl.formatMessage({ id: "import.problem" }),
      cell: (e) => (
        <>
          <FormattedMessage id={`import.error.${e.code}` as MessageId} />
          {e.value ? <span className="menu-import__value">: «{e.value}»</span> : null}
        </>
      ),
    },
  ];
  const more = (n: number) => (n > SHOWN ? <li className="menu-import__more">{intl.formatMessage({ id: "import.more" }, { n: n - SHOWN })}</li> : null);
  return (
    <div className="menu-import__preview" data-testid="import-preview">
      <p role="status" data-testid="import-summary">
        <FormattedMessage id="import.summary" values={{ create: p.creates, change: p.changes, unchanged: p.unchanged }} />
        {" · "}
        <FormattedMessage id="import.language" values={{ language: languageNames[p.language as Language] ?? p.language }} />
      </p>
      {p.errors.length ? (
        <>
          <FormAlert testId="import-errors-alert">
            <FormattedMessage id="import.errorsTitle" />
          </FormAlert>
          <div className="table-scroll">
            <DataTable className="data-table menu-import__errors" testId="import-errors" rows={p.errors} columns={errorColumns} rowKey={(_, i) => i} rowTestId="import-error" />
          </div>
        </>
      ) : (
        <>
          {p.categories.length ? (
            <p>
              <FormattedMessage id="import.newCategories" values={{ list: p.categories.join(", ") }} />
            </p>
          ) : null}
          {p.create.length ? (
            <>
              <h3 className="menu-import__subtitle">
                <FormattedMessage id="import.createList" />
              </h3>
              <ul className="menu-import__list" data-testid="import-create">
                {p.create.slice(0, SHOWN).map((c) => (
                  <li key={c.row}>
                    {c.title} <span className="menu-import__value">({c.category})</span>
                  </li>
                ))}
                {more(p.creates)}
              </ul>
            </>
          ) : null}
          {p.change.length ? (
            <>
              <h3 className="menu-import__subtitle">
                <FormattedMessage id="import.changeList" />
              </h3>
              <ul className="menu-import__list" data-testid="import-change">
                {p.change.slice(0, SHOWN).map((c) => (
                  <li key={c.id}>
                    {c.title} <span className="menu-import__value">({fieldNames(c.fields)})</span>
                  </li>
                ))}
                {more(p.changes)}
              </ul>
            </>
          ) : null}
          {p.create.length || p.change.length ? (
            <div className="menu-import__apply">
              <button type="button" className="btn btn--primary" disabled={applying.pending} aria-busy={applying.pending || undefined} onClick={onApply} data-testid="import-apply">
                {applying.pending ? <span className="spinner" aria-hidden="true" /> : null}
                <FormattedMessage id="import.apply" />
              </button>
              <ApplyProgress progress={applying.progress} />
            </div>
          ) : (
            <p data-testid="import-nothing">
              <FormattedMessage id="import.nothing" />
            </p>
          )}
          {applying.error ? <FormAlert>{errorMessageFor(applying.error)}</FormAlert> : null}
        </>
      )}
    </div>
  );
}
