import { Selection } from "@menu/core/item/schemas";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { useIntl } from "react-intl";
import { toast } from "sonner";
import { superEditAtom } from "./edit-state";
import type { BulkRequest } from "./selection-bar";
import { useReorder } from "./use-reorder";
import { useSelection } from "./use-selection";

type Row = { id: string; visible: boolean };
type Calls = {
  /** Answers the saved order (a paged list ignores it: it showed the order already). */
  sort: (categoryId: string, ids: string[]) => Promise<unknown>;
  bulk: (action: BulkRequest, ids: string[]) => Promise<{ ids: string[] }>;
};

/** The run of ids whose places changed between two orders (first to last change). */
export function changedSpan(before: string[], after: string[]) {
  const first = after.findIndex((id, i) => before[i] !== id);
  if (first < 0) return [];
  let last = after.length - 1;
  while (last > first && before[last] === after[last]) last--;
  return after.slice(first, last + 1);
}

/**
 * How a paged list (items, issue 31) keeps its cache: it shows a new order and a bulk action's
 * result itself, and a sort names only the cards that moved (they swap the positions they hold).
 */
type Paged<T> = { showOrder: (rows: T[]) => void; bulkDone: (action: BulkRequest, ids: string[]) => void };

/**
 * What a category's cards (items or promotions) share: selection, bulk hide/show/delete with the
 * server's selection rule, the delete confirmation, and sorting that shows the new order at once.
 */
export function useCardList<T extends Row>({
  key,
  categoryId,
  rows,
  calls,
  busy: otherWork,
  onChanged,
  paged,
}: {
  key: QueryKey;
  categoryId: string;
  rows: T[];
  calls: Calls;
  /** Other work on the cards in flight (a move, a duplicate): sorting and actions wait. */
  busy: boolean;
  onChanged: () => void;
  paged?: Paged<T>;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const superEdit = useAtomValue(superEditAtom);
  const [deleting, setDeleting] = useState<T[]>();
  const selection = useSelection(rows.map((r) => r.id));

  const sort = useMutation({
    // One sort at a time, in order: a later order must not be overtaken by an earlier one.
    scope: { id: `sort:${categoryId}` },
    mutationFn: (ids: string[]) => calls.sort(categoryId, ids),
    onSuccess: (saved) => {
      if (!paged) queryClient.setQueryData(key, saved);
      toast.success(intl.formatMessage({ id: "menuAdmin.sorted" }));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkRequest; ids: string[] }) => calls.bulk(action, ids),
    onSuccess: ({ ids }, { action }) => {
      toast.success(intl.formatMessage({ id: `menuAdmin.bulk.done.${action}` }, { n: ids.length }));
      selection.clear();
      setDeleting(undefined);
      if (paged) paged.bulkDone(action, ids);
      else onChanged();
    },
  });
  const busy = otherWork || bulk.isPending;
  /** Shows the new order at once (in the same render as the drag preview ends), then saves it. */
  const saveOrder = (ids: string[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.map((id) => byId.get(id)).filter((r): r is T => !!r);
    if (!paged) {
      queryClient.setQueryData(key, ordered);
      sort.mutate(ids);
      return;
    }
    paged.showOrder(ordered);
    sort.mutate(changedSpan(rows.map((r) => r.id), ids));
  };
  const reorder = useReorder(rows, saveOrder, busy);

  /** Bulk actions check the selection with the same rule as the server ("You need to select at least one item"). */
  const runBulk = (action: BulkRequest) => {
    const checked = Selection.safeParse(selection.ids);
    if (!checked.success) {
      toast.error(intl.formatMessage({ id: "menuAdmin.validation.selectAtLeastOne" }));
      return;
    }
    if (action === "delete") setDeleting(rows.filter((r) => selection.has(r.id)));
    else bulk.mutate({ action, ids: checked.data });
  };
  const setVisible = (row: T, visible: boolean) => bulk.mutate({ action: visible ? "show" : "hide", ids: [row.id] });
  const confirmDelete = () => deleting && bulk.mutate({ action: "delete", ids: deleting.map((d) => d.id) });

  return {
    superEdit,
    selection,
    reorder,
    busy,
    runBulk,
    setVisible,
    deleting,
    setDeleting,
    confirmDelete,
    deletePending: bulk.isPending,
    /** Hidden cards are left out of the guest preview (super-edit off) and counted. */
    shown: superEdit ? reorder.shown : reorder.shown.filter((r) => r.visible),
    hiddenCount: rows.filter((r) => !r.visible).length,
  };
}
