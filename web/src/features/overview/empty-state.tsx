import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { CsObject } from "@/lib/admin-scope";

/** Where the numbers come from, for a store without any guest activity yet. */
export function EmptyState({ cs }: { cs: CsObject }) {
  return (
    <div className="overview-empty" data-testid="overview-empty">
      <h3 className="overview-empty__title">
        <FormattedMessage id="overview.empty.title" />
      </h3>
      <p>
        <FormattedMessage id="overview.empty.text" />
      </p>
      <div className="panel__actions">
        <a className="btn btn--secondary btn--sm" href={`/${cs.company_url_key}/${cs.store_url_key}/menu`} target="_blank" rel="noreferrer">
          <FormattedMessage id="overview.empty.openMenu" />
        </a>
        <Link to="/$company/$store/admin-panel/tables" params={{ company: cs.company_url_key, store: cs.store_url_key }} className="btn btn--ghost btn--sm">
          <FormattedMessage id="overview.empty.printQr" />
        </Link>
      </div>
    </div>
  );
}
