import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Icon } from "@/components/icon";

export type BulkRequest = "hide" | "show" | "delete";

/**
 * Bulk actions on the selected cards: select all / none, hide, show, delete, and the list's own
 * (`extra`). With nothing selected only "Select all" shows: the bar appears with the first selection.
 */
export function SelectionBar({
  count,
  total,
  loaded,
  onAll,
  onNone,
  onAction,
  disabled,
  extra,
}: {
  count: number;
  total: number;
  /** Fewer cards loaded than the list has (a list in pages): "select all" takes the loaded ones and says so. */
  loaded?: number;
  onAll: () => void;
  onNone: () => void;
  onAction: (action: BulkRequest) => void;
  disabled: boolean;
  extra?: ReactNode;
}) {
  const intl = useIntl();
  const selectAll = (
    <button type="button" className="btn btn--ghost btn--sm" onClick={onAll} data-testid="select-all">
      {loaded === undefined ? <FormattedMessage id="menuAdmin.bulk.all" /> : <FormattedMessage id="menuAdmin.bulk.allLoaded" values={{ n: loaded, total }} />}
    </button>
  );
  if (!count) return <div className="ma-bulk-idle">{selectAll}</div>;
  return (
    <div className="ma-bulk" role="toolbar" aria-label={intl.formatMessage({ id: "menuAdmin.bulk.label" })} data-testid="bulk-bar">
      <span className="ma-bulk__count" aria-live="polite">
        <FormattedMessage id="menuAdmin.bulk.selected" values={{ n: count }} />
      </span>
      {count < (loaded ?? total) ? (
        selectAll
      ) : (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onNone}>
          <FormattedMessage id="menuAdmin.bulk.none" />
        </button>
      )}
      <span className="ma-bulk__spacer" />
      {extra}
      <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => onAction("hide")} data-testid="bulk-hide">
        <Icon name="hide" size={16} />
        <FormattedMessage id="menuAdmin.bulk.hide" />
      </button>
      <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => onAction("show")} data-testid="bulk-show">
        <Icon name="show" size={16} />
        <FormattedMessage id="menuAdmin.bulk.show" />
      </button>
      <button type="button" className="btn btn--ghost btn--sm ma-bulk__danger" disabled={disabled} onClick={() => onAction("delete")} data-testid="bulk-delete">
        <Icon name="delete" size={16} />
        <FormattedMessage id="menuAdmin.bulk.delete" />
      </button>
    </div>
  );
}
