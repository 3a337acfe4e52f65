/** What the panels of settings/translations-map show before their data is there: loading, or a failed load. */
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";

/** Grey bars in place of the content, announced as loading; `rows` holds each row's bar widths in percent. */
export function LoadingSkeleton({ rows, testId }: { rows: number[][]; testId: string }) {
  return (
    <div className="tm-skeleton" role="status" data-testid={testId}>
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      {rows.map((widths, i) => (
        <div key={i} className="tm-skeleton__row" aria-hidden="true">
          {widths.map((w, j) => (
            <span key={j} className="tm-skeleton__bar" style={{ width: `${w}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="tm-error">
      <FormAlert>{errorMessageFor(error)}</FormAlert>
      <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
        <FormattedMessage id="glossary.retry" />
      </button>
    </div>
  );
}
