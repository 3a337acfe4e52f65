import type { CategoryInfo } from "@menu/core/category/category";
import { Selection } from "@menu/core/item/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { superEditAtom } from "@/state/menu-edit";
import type { CardAction } from "../items/card-actions";
import { ConfirmDelete } from "../items/confirm-delete";
import { Icon } from "../items/icons";
import { PaneToolbar } from "../items/pane-toolbar";
import { SelectionBar, type BulkRequest } from "../items/selection-bar";
import { SortHelp } from "../items/sort-help";
import { useReorder } from "../items/use-reorder";
import { useSelection } from "../items/use-selection";
import { promotionCalls, promotionsKey, promotionsQueryOptions, type PromotionInfo } from "./data";
import { PromotionCard } from "./promotion-card";
import { PromotionFormDialog } from "./promotion-form-dialog";

/** The promotions of a promotions category, as guests see them, with the staff's tools. */
export function PromotionsPane({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const superEdit = useAtomValue(superEditAtom);
  const key = promotionsKey(cs.store_id, category.id);
  const promotions = useQuery(promotionsQueryOptions(cs.store_id, category.id));
  const rows = promotions.data ?? [];
  const calls = promotionCalls(cs.store_id);
  const [editing, setEditing] = useState<PromotionInfo | "new">();
  const [deleting, setDeleting] = useState<PromotionInfo[]>();
  const selection = useSelection(rows.map((r) => r.id));

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
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ["categories", cs.store_id] });
    },
  });
  const busy = bulk.isPending;
  /** Shows the new order at once (in the same render as the drag preview ends), then saves it. */
  const saveOrder = (ids: string[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    queryClient.setQueryData(key, ids.map((id) => byId.get(id)).filter((r): r is PromotionInfo => !!r));
    sort.mutate(ids);
  };
  const reorder = useReorder(rows, saveOrder, busy);

  const runBulk = (action: BulkRequest) => {
    const checked = Selection.safeParse(selection.ids);
    if (!checked.success) {
      toast.error(intl.formatMessage({ id: "menuAdmin.validation.selectAtLeastOne" }));
      return;
    }
    if (action === "delete") setDeleting(rows.filter((r) => selection.has(r.id)));
    else bulk.mutate({ action, ids: checked.data });
  };
  const actionsOf = (p: PromotionInfo): CardAction[] => [
    { icon: "edit", label: "menuAdmin.action.edit", onClick: () => setEditing(p), testId: "edit-item" },
    p.visible
      ? { icon: "hide", label: "menuAdmin.action.hide", onClick: () => bulk.mutate({ action: "hide", ids: [p.id] }), testId: "hide-item" }
      : { icon: "show", label: "menuAdmin.action.show", onClick: () => bulk.mutate({ action: "show", ids: [p.id] }), testId: "show-item" },
    { icon: "delete", label: "menuAdmin.action.delete", onClick: () => setDeleting([p]), danger: true, testId: "delete-item" },
  ];
  const shown = superEdit ? reorder.shown : reorder.shown.filter((r) => r.visible);
  const hiddenCount = rows.filter((r) => !r.visible).length;

  return (
    <section className="ma-pane" aria-busy={promotions.isPending || busy || undefined} data-testid="category-content">
      <PaneToolbar
        add={
          <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} disabled={busy} data-testid="add-promotion">
            <Icon name="plus" />
            <FormattedMessage id="menuAdmin.promotion.add" />
          </button>
        }
      />
      {promotions.isPending ? (
        <ul className="ma-list ma-list--promotions" aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i} className="ma-card ma-card--skeleton" />
          ))}
        </ul>
      ) : promotions.error ? (
        <FormAlert>{errorMessageFor(promotions.error)}</FormAlert>
      ) : !rows.length ? (
        <div className="ma-empty" data-testid="promotions-empty">
          <p>
            <FormattedMessage id="menuAdmin.promotion.empty" />
          </p>
          {superEdit ? (
            <button type="button" className="btn btn--primary" onClick={() => setEditing("new")}>
              <FormattedMessage id="menuAdmin.promotion.addFirst" />
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
          <ul className="ma-list ma-list--promotions" data-testid="admin-promotions">
            {shown.map((p) => (
              <PromotionCard
                key={p.id}
                promotion={p}
                editing={superEdit}
                selected={selection.has(p.id)}
                onSelect={(on) => selection.toggle(p.id, on)}
                actions={actionsOf(p)}
                busy={busy}
                rowProps={reorder.rowProps(p.id)}
                handleProps={reorder.handleProps(p.id)}
              />
            ))}
          </ul>
          {superEdit ? <SortHelp /> : null}
        </>
      )}
      {editing ? <PromotionFormDialog cs={cs} category={category} promotion={editing === "new" ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? (
        <ConfirmDelete
          titles={deleting.map((d) => d.header)}
          pending={bulk.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={() => bulk.mutate({ action: "delete", ids: deleting.map((d) => d.id) })}
        />
      ) : null}
    </section>
  );
}
