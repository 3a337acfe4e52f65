import { FormattedMessage } from "react-intl";

/** An empty glossary: what an abbreviation does, with an example, and a button to add the first. */
export function GlossaryEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="tm-empty" data-testid="glossary-empty">
      <h3 className="tm-empty__title">
        <FormattedMessage id="glossary.emptyTitle" />
      </h3>
      <p>
        <FormattedMessage id="glossary.emptyText" />
      </p>
      <div className="tm-empty__example">
        <p>
          <span className="tm-muted">
            <FormattedMessage id="glossary.emptyExample" />
          </span>{" "}
          <span lang="ru">
            <code>с/м</code> → <code>свежемороженый</code>
          </span>
        </p>
        <p lang="ru" className="tm-muted">
          «кальмар с/м» → «кальмар свежемороженый», «С/м кальмар» → «Свежемороженый кальмар»
        </p>
      </div>
      <button type="button" className="btn btn--primary btn--sm" onClick={onAdd}>
        <FormattedMessage id="glossary.addFirst" />
      </button>
    </div>
  );
}
