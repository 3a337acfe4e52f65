import type { CategoryInfo } from "@menu/core/category/category";
import { Selection } from "@menu/core/item/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtom, useAtomValue } from "jotai";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { productMovementPendingAtom, superEditAtom } from "@/state/menu-edit";
import type { CardAction } from "./card-actions";
import { ConfirmDelete } from "./confirm-delete";
import { itemCalls, itemsKey, itemsQueryOptions, type ItemInfo, type SearchHit } from "./data";
import { Icon } from "./icons";
import { ItemCard } from "./item-card";
import { ItemFormDialog } from "./item-form-dialog";
import { ItemSearchBox, ItemSearchResults } from "./item-search";
import { MoveDialog } from "./move-dialog";
import { PaneToolbar } from "./pane-toolbar";
import { SelectionBar, type BulkRequest } from "./selection-bar";
import { SortHelp } from "./sort-help";
import { useReorder } from "./use-reorder";
import { useSelection } from "./use-selection";

type Editing = { item?: ItemInfo; category: Pick<CategoryInfo, "id" | "name"> };

/** The items of a products, hookahs or games category, as a menu-like list with the staff's tools. */
export function ItemsPane({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const superEdit = useAtomValue(superEditAtom);
  const [movementPending, setMovementPending] = useAtom(productMovementPendingAtom);
  const key = itemsKey(cs.store_id, category.id);
  const items = useQuery(itemsQueryOptions(cs.store_id, category.id));
  const rows = items.data ?? [];
  const calls = itemCalls(cs.store_id);
  const [q, setQ] = useState("");
  const [editing, setEditing] = useState<Editing>();
  const [moving, setMoving] = useState<ItemInfo>();
  const [deleting, setDeleting] = useState<ItemInfo[]>();
  const selection = useSelection(rows.map((r) => r.id));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["categories", cs.store_id] });
  };

  const sort = useMutation({
    // One sort at a time, in order: a later order must not be overtaken by an earlier one.
    scope: { id: `sort:${category.id}` },
    mutationFn: (ids: string[]) => calls.sort(category.id, ids),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
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
      refresh();
    },
  });
  const duplicate = useMutation({
    mutationFn: (item: ItemInfo) => calls.duplicate(item.id),
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: "menuAdmin.item.duplicated" }));
      refresh();
    },
  });
  const move = useMutation({
    mutationFn: ({ item, to }: { item: ItemInfo; to: string }) => calls.move(item.id, to),
    onMutate: () => setMovementPending(true),
    onSettled: () => setMovementPending(false),
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: "menuAdmin.move.done" }));
      setMoving(undefined);
      void queryClient.invalidateQueries({ queryKey: ["items", cs.store_id] });
      void queryClient.invalidateQueries({ queryKey: ["categories", cs.store_id] });
    },
  });
  const busy = movementPending || bulk.isPending || duplicate.isPending;
  /** Shows the new order at once (in the same render as the drag preview ends), then saves it. */
  const saveOrder = (ids: string[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    queryClient.setQueryData(key, ids.map((id) => byId.get(id)).filter((r): r is ItemInfo => !!r));
    sort.mutate(ids);
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

  const actionsOf = (item: ItemInfo): CardAction[] => [
    { icon: "edit", label: "menuAdmin.action.edit", onClick: () => setEditing({ item, category }), testId: "edit-item" },
    item.visible
      ? { icon: "hide", label: "menuAdmin.action.hide", onClick: () => bulk.mutate({ action: "hide", ids: [item.id] }), testId: "hide-item" }
      : { icon: "show", label: "menuAdmin.action.show", onClick: () => bulk.mutate({ action: "show", ids: [item.id] }), testId: "show-item" },
    { icon: "duplicate", label: "menuAdmin.action.duplicate", onClick: () => duplicate.mutate(item), testId: "duplicate-item" },
    { icon: "move", label: "menuAdmin.action.move", onClick: () => setMoving(item), testId: "move-item" },
    { icon: "delete", label: "menuAdmin.action.delete", onClick: () => setDeleting([item]), danger: true, testId: "delete-item" },
  ];
  const openHit = (hit: SearchHit) => setEditing({ item: hit, category: hit.category });

  const shown = superEdit ? reorder.shown : reorder.shown.filter((r) => r.visible);
  const hiddenCount = rows.length - rows.filter((r) => r.visible).length;

  return (
    <section className="ma-pane" aria-busy={items.isPending || busy || undefined} data-testid="category-content">
      <PaneToolbar
        search={<ItemSearchBox value={q} onChange={setQ} />}
        busy={
          movementPending ? (
            <span className="ma-toolbar__busy" role="status" data-testid="movement-pending">
              <span className="spinner" aria-hidden="true" />
              <FormattedMessage id="menuAdmin.move.pending" />
            </span>
          ) : null
        }
        add={
          <button type="button" className="btn btn--primary" onClick={() => setEditing({ category })} disabled={busy} data-testid="add-item">
            <Icon name="plus" />
            <FormattedMessage id="menuAdmin.item.add" />
          </button>
        }
      />

      {q.trim() ? (
        <ItemSearchResults cs={cs} q={q} onOpen={openHit} />
      ) : items.isPending ? (
        <ul className="ma-list" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="ma-card ma-card--skeleton" />
          ))}
        </ul>
      ) : items.error ? (
        <FormAlert>{errorMessageFor(items.error)}</FormAlert>
      ) : !rows.length ? (
        <div className="ma-empty" data-testid="items-empty">
          <p>
            <FormattedMessage id="menuAdmin.item.empty" />
          </p>
          {superEdit ? (
            <button type="button" className="btn btn--primary" onClick={() => setEditing({ category })}>
              <FormattedMessage id="menuAdmin.item.addFirst" />
            </button>
          ) : null}
        </div>
      ) : (
        <>
          {superEdit ? (
            <SelectionBar count={selection.ids.length} total={rows.length} onAll={selection.all} onNone={selection.clear} onAction={runBulk} disabled={busy} />
          ) : hiddenCount ? (
            <p className="ma-note">
              <FormattedMessage id="menuAdmin.preview.hidden" values={{ n: hiddenCount }} />
            </p>
          ) : null}
          <ul className="ma-list" data-testid="admin-items">
            {shown.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                editing={superEdit}
                selected={selection.has(item.id)}
                onSelect={(on) => selection.toggle(item.id, on)}
                actions={actionsOf(item)}
                busy={busy}
                rowProps={reorder.rowProps(item.id)}
                handleProps={reorder.handleProps(item.id)}
              />
            ))}
          </ul>
          {superEdit ? <SortHelp /> : null}
        </>
      )}

      {editing ? <ItemFormDialog cs={cs} category={editing.category} item={editing.item} onClose={() => setEditing(undefined)} /> : null}
      {moving ? (
        <MoveDialog
          cs={cs}
          item={moving}
          pending={move.isPending}
          onClose={() => !move.isPending && setMoving(undefined)}
          onMove={(to) => move.mutate({ item: moving, to })}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          titles={deleting.map((d) => d.title)}
          pending={bulk.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => bulk.mutate({ action: "delete", ids: deleting.map((d) => d.id) })}
        />
      ) : null}
    </section>
  );
}
