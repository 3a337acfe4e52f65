import type { Section } from "@menu/core/shared/model";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { categoryPath, type CsObject } from "@/lib/admin-scope";
import type { ImportProgress } from "./api";

/** What an applied import did: its counts from the preview, its categories from the last chunk. */
export type ImportOutcome = { create: number; change: number; unchanged: number; errors: number; categories: ImportProgress["categories"] };

/**
 * The applied import's summary (issue 33): it stays on the page (a toast was gone before the owner
 * read it), with links to the sheet's categories, where its items are.
 */
export function ImportResult({ cs, outcome }: { cs: CsObject; outcome: ImportOutcome }) {
  const intl = useIntl();
  const counts = [
    ["added", outcome.create],
    ["changed", outcome.change],
    ["untouched", outcome.unchanged],
    ["errors", outcome.errors],
  ] as const;
  return (
    <div className="menu-import__result" role="status" data-testid="import-result">
      <h3 className="menu-import__subtitle">
        <FormattedMessage id="import.result.title" />
      </h3>
      <dl className="menu-import__counts">
        {counts.map(([key, n]) => (
          <div key={key} data-testid={`import-result-${key}`}>
            <dt>{intl.formatMessage({ id: `import.result.${key}` })}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {outcome.categories.length ? (
        <>
          <p className="menu-import__links-title">
            <FormattedMessage id="import.result.categories" />
          </p>
          <ul className="menu-import__links" data-testid="import-result-categories">
            {outcome.categories.map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(cs, c.section as Section, c.id)}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
