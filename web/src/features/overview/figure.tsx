import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";

/** The overview's one CSV control (every figure, the totals, the venues' table look alike). */
export function CsvButton({ figure, onClick, testId }: { figure: string; onClick: () => void; testId: string }) {
  const intl = useIntl();
  return (
    <button type="button" className="btn btn--ghost btn--sm figure__csv" onClick={onClick} aria-label={intl.formatMessage({ id: "overview.csvLabel" }, { figure })} data-testid={testId}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
      </svg>
      CSV
    </button>
  );
}

/** A figure of the overview: its heading, an optional note, the CSV download, and the chart. */
export function Figure({ id, title, note, onCsv, wide, empty, children }: { id: string; title: string; note?: ReactNode; onCsv: () => void; wide?: boolean; empty?: boolean; children: ReactNode }) {
  return (
    <section className={`figure${wide ? " figure--wide" : ""}`} aria-labelledby={`figure-${id}`} data-testid={`figure-${id}`}>
      <div className="figure__head">
        <h3 id={`figure-${id}`} className="figure__title">
          {title}
        </h3>
        <CsvButton figure={title} onClick={onCsv} testId={`csv-${id}`} />
      </div>
      {note ? <p className="figure__note">{note}</p> : null}
      {empty ? (
        <p className="figure__empty">
          <FormattedMessage id="overview.noData" />
        </p>
      ) : (
        children
      )}
    </section>
  );
}
