import type { CategoryInfo } from "@menu/core/category/category";
import { KIND_OF_SECTION } from "@menu/core/item/schemas";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import type { CsObject } from "@/lib/admin-scope";
import { productMovementPendingAtom } from "@/state/menu-edit";
import { useTranslationOverview } from "../translations/api";
import { useTranslationFilter } from "../translations/use-translation-filter";
import type { CardAction } from "./card-actions";
import { BulkMarksDialog } from "./bulk-marks-dialog";
import { isSoldOut, itemCalls, itemsKey, itemsQueryOptions, useDuplicateItem, useMarkItems, useMoveItem, useSoldOut, type ItemInfo, type MarkChange, type SearchHit } from "./api";
import { Icon } from "@/components/icon";
import { CardList } from "./card-list";
import { ItemCard } from "./item-card";
import { useFocusNewCard } from "./focus-new-card";
import { ItemFormDialog } from "./item-form-dialog";
import { ItemSearchBox, ItemSearchResults } from "./item-search";
import { MoveDialog } from "./move-dialog";
import { PaneToolbar } from "./pane-toolbar";
import { useCardList } from "./use-card-list";

type Editing = { item?: ItemInfo; category: Pick<CategoryInfo, "id" | "name"> };

/** The kind of item a category's section holds (promotions have their own pane). */
const kindOf = (category: CategoryInfo) => (category.section === "promotions" ? "product" : KIND_OF_SECTION[category.section]);

/** The items of a products, hookahs or games category, as a menu-like list with the staff's tools. */
export function ItemsPane({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const movementPending = useAtomValue(productMovementPendingAtom);
  const key = itemsKey(cs.store_id, category.id);
  const items = useQuery(itemsQueryOptions(cs.store_id, category.id));
  const rows = items.data ?? [];
  const [q, setQ] = useState("");
  const [editing, setEditing] = useState<Editing>();
  const [moving, setMoving] = useState<ItemInfo>();
  const translation = useTranslationOverview(cs.store_id);
  const translationFilter = useTranslationFilter<ItemInfo>(translation, "Item");
  const statusesOf = (item: ItemInfo) => translation.statusesOf("Item", item);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["categories", cs.store_id] });
  };

  const duplicate = useDuplicateItem(cs.store_id, category.id);
  const duplicateItem = (item: ItemInfo) => duplicate.mutate(item, { onSuccess: () => toast.success(intl.formatMessage({ id: "menuAdmin.item.duplicated" })) });
  const move = useMoveItem(cs.store_id);
  const moveTo = (item: ItemInfo, to: string) =>
    move.mutate(
      { item, to },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: "menuAdmin.move.done" }));
          setMoving(undefined);
        },
      },
    );
  const soldOut = useSoldOut(cs.store_id, category.id);
  const setSoldOut = (ids: string[], on: boolean, then?: () => void) =>
    soldOut.mutate(
      { ids, on },
      {
        onSuccess: (done) => {
          toast.success(intl.formatMessage({ id: on ? "menuAdmin.bulk.done.soldOut" : "menuAdmin.bulk.done.onSale" }, { n: done.ids.length }));
          then?.();
        },
      },
    );
  /** The selected items whose marks the bulk dialog changes. */
  const [marking, setMarking] = useState<string[]>();
  const mark = useMarkItems(cs.store_id, category.id);
  const focusNewCard = useFocusNewCard(rows);
  const list = useCardList({ key, categoryId: category.id, rows, calls: itemCalls(cs.store_id), busy: movementPending || duplicate.isPending || soldOut.isPending || mark.isPending, onChanged: refresh });
  const { busy } = list;
  const applyMarks = (ids: string[], change: MarkChange) =>
    mark.mutate(
      { ids, change },
      {
        onSuccess: (done) => {
          toast.success(intl.formatMessage({ id: "menuAdmin.bulk.done.marks" }, { n: done.ids.length }));
          setMarking(undefined);
          list.selection.clear();
        },
      },
    );
  /** Bulk sold out / marks check the selection with the server's rule ("You need to select at least one item"). */
  const withSelection = (run: (ids: string[]) => void) => () => {
    if (!list.selection.ids.length) toast.error(intl.formatMessage({ id: "menuAdmin.validation.selectAtLeastOne" }));
    else run(list.selection.ids);
  };

  const actionsOf = (item: ItemInfo): CardAction[] => [
    { icon: "edit", label: "menuAdmin.action.edit", onClick: () => setEditing({ item, category }), testId: "edit-item" },
    item.visible
      ? { icon: "hide", label: "menuAdmin.action.hide", onClick: () => list.setVisible(item, false), testId: "hide-item" }
      : { icon: "show", label: "menuAdmin.action.show", onClick: () => list.setVisible(item, true), testId: "show-item" },
    isSoldOut(item)
      ? { icon: "onSale", label: "menuAdmin.action.onSale", onClick: () => setSoldOut([item.id], false), testId: "on-sale-item" }
      : { icon: "soldOut", label: "menuAdmin.action.soldOut", onClick: () => setSoldOut([item.id], true), testId: "sold-out-item" },
    { icon: "duplicate", label: "menuAdmin.action.duplicate", onClick: () => duplicateItem(item), testId: "duplicate-item" },
    { icon: "move", label: "menuAdmin.action.move", onClick: () => setMoving(item), testId: "move-item" },
    { icon: "delete", label: "menuAdmin.action.delete", onClick: () => list.setDeleting([item]), danger: true, testId: "delete-item" },
  ];
  const openHit = (hit: SearchHit) => setEditing({ item: hit, category: hit.category });

  return (
    <section className="ma-pane" aria-busy={items.isPending || busy || undefined} data-testid="category-content">
      <PaneToolbar
        search={<ItemSearchBox value={q} onChange={setQ} />}
        filter={q.trim() ? null : translationFilter.toolbar}
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
      ) : (
        <CardList
          list={list}
          query={{ isPending: items.isPending, error: items.error, total: rows.length }}
          empty={{ testId: "items-empty", message: "menuAdmin.item.empty", addFirst: "menuAdmin.item.addFirst", onAdd: () => setEditing({ category }) }}
          className="ma-list"
          testId="admin-items"
          skeletons={3}
          titleOf={(item) => item.title}
          card={(item, common) => <ItemCard key={item.id} item={item} actions={actionsOf(item)} translations={statusesOf(item)} {...common} />}
          filter={translationFilter.filter}
          bulkExtra={
            <>
              <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={withSelection((ids) => setSoldOut(ids, true, list.selection.clear))} data-testid="bulk-sold-out">
                <Icon name="soldOut" size={16} />
                <FormattedMessage id="menuAdmin.bulk.soldOut" />
              </button>
              <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={withSelection((ids) => setSoldOut(ids, false, list.selection.clear))} data-testid="bulk-on-sale">
                <Icon name="onSale" size={16} />
                <FormattedMessage id="menuAdmin.bulk.onSale" />
              </button>
              {kindOf(category) === "product" ? (
                <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={withSelection(setMarking)} data-testid="bulk-marks">
                  <Icon name="marks" size={16} />
                  <FormattedMessage id="menuAdmin.bulk.marks" />
                </button>
              ) : null}
            </>
          }
        />
      )}

      {editing ? (
        <ItemFormDialog cs={cs} category={editing.category} kind={kindOf(category)} item={editing.item} onClose={() => setEditing(undefined)} onCreated={focusNewCard} />
      ) : null}
      {marking ? (
        <BulkMarksDialog count={marking.length} pending={mark.isPending} onCancel={() => setMarking(undefined)} onApply={(change) => applyMarks(marking, change)} />
      ) : null}
      {moving ? (
        <MoveDialog
          cs={cs}
          item={moving}
          pending={move.isPending}
          onClose={() => !move.isPending && setMoving(undefined)}
          onMove={(to) => moveTo(moving, to)}
        />
      ) : null}
    </section>
  );
}
