import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { errorMessageFor } from "@/lib/errors";
import { ConfirmDelete } from "./confirm-delete";
import { SelectionBar } from "./selection-bar";
import { SortHelp } from "./sort-help";
import type { useCardList } from "./use-card-list";
import { VirtualCards, type Paging } from "./virtual-cards";

type Row = { id: string; visible: boolean };
/** What every card of the list gets from it (ItemCard and PromotionCard take these). */
export type CommonCardProps = {
  editing: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  busy: boolean;
  rowProps: Record<string, unknown>;
  handleProps: Record<string, unknown>;
  /** For the card's <li> in a virtualised list (its measurement and place in the whole list). */
  listProps?: Record<string, unknown>;
};

/**
 * A category's cards in their states: loading skeleton, error, empty (with "add the first one"),
 * or the list with the selection bar (super-edit) or the hidden-count note (preview), and the
 * delete confirmation. With a `filter` (e.g. "untranslated only") only the matching cards show,
 * "select all" takes only them, and sorting is off (an order of some cards would be ambiguous).
 */
export function CardList<T extends Row>({
  list,
  query,
  empty,
  className,
  testId,
  skeletons,
  titleOf,
  card,
  filter,
  bulkExtra,
  paging,
}: {
  list: ReturnType<typeof useCardList<T>>;
  query: { isPending: boolean; error: unknown; total: number };
  empty: { testId: string; message: MessageId; addFirst: MessageId; onAdd: () => void };
  className: string;
  testId: string;
  skeletons: number;
  titleOf: (row: T) => string;
  card: (row: T, common: CommonCardProps) => ReactNode;
  filter?: (row: T) => boolean;
  /** More bulk actions of this kind of card (items: sold out, marks). */
  bulkExtra?: ReactNode;
  /** A list loaded in pages (items): virtualised, "select all" takes the loaded cards and says so. */
  paging?: Paging;
}) {
  const { superEdit, selection, reorder, busy } = list;
  const shown = filter ? list.shown.filter(filter) : list.shown;
  const selectShown = () => shown.forEach((row) => selection.toggle(row.id, true));
  const common = (row: T, listProps?: Record<string, unknown>): CommonCardProps => ({
    editing: superEdit,
    selected: selection.has(row.id),
    onSelect: (on) => selection.toggle(row.id, on),
    busy,
    rowProps: filter ? {} : reorder.rowProps(row.id),
    handleProps: filter ? { disabled: true } : reorder.handleProps(row.id),
    listProps,
  });
  return (
    <>
      {query.isPending ? (
        <ul className={className} aria-hidden="true">
          {Array.from({ length: skeletons }, (_, i) => (
            <li key={i} className="ma-card ma-card--skeleton" />
          ))}
        </ul>
      ) : query.error ? (
        <FormAlert>{errorMessageFor(query.error)}</FormAlert>
      ) : !query.total ? (
        <div className="ma-empty" data-testid={empty.testId}>
          <p>
            <FormattedMessage id={empty.message} />
          </p>
          {superEdit ? (
            <button type="button" className="btn btn--primary" onClick={empty.onAdd}>
              <FormattedMessage id={empty.addFirst} />
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {superEdit ? (
            <SelectionBar
              count={selection.ids.length}
              total={filter ? shown.length : query.total}
              loaded={paging && !filter && list.shown.length < query.total ? list.shown.length : undefined}
              onAll={filter ? selectShown : selection.all}
              onNone={selection.clear}
              onAction={list.runBulk}
              disabled={busy}
              extra={bulkExtra}
            />
          ) : list.hiddenCount ? (
            <p className="ma-note">
              <FormattedMessage id="menuAdmin.preview.hidden" values={{ n: list.hiddenCount }} />
            </p>
          ) : null}
          {filter && !shown.length ? (
            <p className="ma-empty" data-testid="filter-empty">
              <FormattedMessage id="translation.filter.empty" />
            </p>
          ) : paging ? (
            <VirtualCards rows={shown} paging={paging} className={className} testId={testId} render={(row, listProps) => card(row, common(row, listProps))} />
          ) : (
            <ul className={className} data-testid={testId}>
              {shown.map((row) => card(row, common(row)))}
            </ul>
          )}
          {superEdit ? <SortHelp off={!!filter} /> : null}
        </>
      )}
      {list.deleting ? (
        <ConfirmDelete titles={list.deleting.map(titleOf)} pending={list.deletePending} onCancel={() => list.setDeleting(undefined)} onConfirm={list.confirmDelete} />
      ) : null}
    </>
  );
}
