import { IMPORT_FILE_MAX } from "@menu/core/import/menu-import-limits";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, type Language } from "@/i18n/languages";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { readFile, useApplyImport, useImportPreview, type File64, type ImportError, type ImportProgress } from "./api";
import { ImportResult, type ImportOutcome } from "./import-result";
import { fileRefusalOf, refusalText } from "./refusal";
import "./import-panel.css";

/** How many rows of each list the preview shows. */
const SHOWN = 20;

/**
 * Menu import (issue 19): a spreadsheet with the export's columns → a preview of what is added and
 * changed, or every invalid cell by row and column → "Import", written in chunks with progress.
 * The server checks the whole file again before each chunk: nothing is written while any row is invalid.
 * A template with the export's columns is offered; once applied, a summary stays (issue 33).
 * `onApplying` lets a page that shows the panel only while its list is empty keep it for the summary.
 */
export function MenuImportPanel({ cs, onApplying }: { cs: CsObject; onApplying?: () => void }) {
  const intl = useIntl();
  const inputId = useId();
  const [file, setFile] = useState<File64>();
  const [tooLarge, setTooLarge] = useState(false);
  const [progress, setProgress] = useState<ImportProgress>();
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const preview = useImportPreview(cs.store_id);
  const apply = useApplyImport(cs.store_id, setProgress);
  // After a failed chunk, "Import" goes on from the first item not written (new rows have no ID:
  // starting over would add the written ones again).
  const applyFile = (f: File64) => {
    onApplying?.();
    apply.mutate(
      { file: f, from: progress && progress.done < progress.total ? progress.done : 0 },
      {
        onSuccess: (last) => {
          const p = preview.data!;
          setOutcome({ create: p.creates, change: p.changes, unchanged: p.unchanged, errors: p.errors.length, categories: last.categories });
          setFile(undefined);
          preview.reset();
        },
      },
    );
  };

  const choose = async (chosen: File | undefined) => {
    setProgress(undefined);
    setOutcome(undefined);
    apply.reset();
    preview.reset();
    setFile(undefined);
    setTooLarge(false);
    if (!chosen) return;
    if (chosen.size > IMPORT_FILE_MAX) return setTooLarge(true);
    const read = await readFile(chosen);
    setFile(read);
    preview.mutate(read);
  };

  const p = preview.data;
  // A file refused as a whole (unreadable, a zip bomb, too many rows…) is its one error: no table to show.
  const fileRefusal = p && fileRefusalOf(p.errors);
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
    <section id="menu-import" className="panel menu-import" aria-labelledby="menu-import-title" data-testid="menu-import">
      <h2 id="menu-import-title" className="panel__title">
        <FormattedMessage id="import.title" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="import.lead" />
      </p>
      <p className="menu-import__template">
        <FormattedMessage id="import.template" />{" "}
        <a href="/api/menu-import/template?format=xlsx" download data-testid="import-template-xlsx">
          Excel (.xlsx)
        </a>
        {" · "}
        <a href="/api/menu-import/template?format=csv" download data-testid="import-template-csv">
          CSV
        </a>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          <FormattedMessage id="import.file" />
        </label>
        <input id={inputId} type="file" className="input" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={apply.isPending} onChange={(e) => void choose(e.target.files?.[0])} data-testid="import-file" />
      </div>
      {outcome ? <ImportResult cs={cs} outcome={outcome} /> : null}
      {tooLarge ? <FormAlert>{intl.formatMessage({ id: "import.tooLarge" }, { max: IMPORT_FILE_MAX / 1024 })}</FormAlert> : null}
      {preview.isPending ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="import.checking" />
        </p>
      ) : null}
      {preview.error ? <FormAlert>{errorMessageFor(preview.error)}</FormAlert> : null}
      {fileRefusal ? (
        <FormAlert testId="import-refusal">
          {refusalText(intl, fileRefusal)} <FormattedMessage id="import.nothingImported" />
        </FormAlert>
      ) : p ? (
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
                  <button type="button" className="btn btn--primary" disabled={apply.isPending || !file} aria-busy={apply.isPending || undefined} onClick={() => file && applyFile(file)} data-testid="import-apply">
                    {apply.isPending ? <span className="spinner" aria-hidden="true" /> : null}
                    <FormattedMessage id="import.apply" />
                  </button>
                  {progress ? (
                    <span className="menu-import__progress" role="status" data-testid="import-progress">
                      <progress max={progress.total} value={progress.done} aria-hidden="true" />
                      <FormattedMessage id="import.progress" values={{ done: progress.done, total: progress.total }} />
                    </span>
                  ) : null}
                </div>
              ) : (
                <p data-testid="import-nothing">
                  <FormattedMessage id="import.nothing" />
                </p>
              )}
              {apply.error ? <FormAlert>{errorMessageFor(apply.error)}</FormAlert> : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
