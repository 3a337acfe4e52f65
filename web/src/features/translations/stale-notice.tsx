import { FormattedMessage } from "react-intl";

/** After glossary changes: how many menu texts they made out of date, with re-translating them or dismissing the notice. */
export function StaleNotice({ count, pending, onRetranslate, onDismiss }: { count: number; pending: boolean; onRetranslate: () => void; onDismiss: () => void }) {
  return (
    <div className="tm-stale" role="status" data-testid="glossary-stale">
      <p>
        <FormattedMessage id="glossary.staleText" values={{ n: count }} />
      </p>
      <div className="tm-stale__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onRetranslate}
          data-testid="glossary-retranslate"
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          <FormattedMessage id="glossary.retranslate" values={{ n: count }} />
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDismiss}>
          <FormattedMessage id="glossary.dismiss" />
        </button>
      </div>
    </div>
  );
}
