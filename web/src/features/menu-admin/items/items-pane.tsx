import type { CategoryInfo } from "@menu/core/category/category";
import { KIND_OF_SECTION } from "@menu/core/item/schemas";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { menuKeys } from "@/lib/menu-keys";
import type { CsObject } from "@/lib/admin-scope";
import { productMovementPendingAtom } from "../cards/edit-state";
import { useTranslationOverview } from "../translations/api";
import { useTranslationFilter } from "../translations/use-translation-filter";
import type { CardAction } from "../cards/card-actions";
import { BulkMarksDialog } from "./bulk-marks-dialog";
import {
  applyBulk,
  cardsOf,
  isSoldOut,
  itemCalls,
  itemsQueryOptions,
  updateCards,
  useDuplicateItem,
  useMarkItems,
  useMoveItem,
  useMoveToPosition,
  useSoldOut,
  type ItemCard as Card,
  type MarkChange,
  type SearchHit,
} from "./api";
import { Icon } from "@/components/icon";
import { CardList } from "../cards/card-list";
import { ItemCard } from "./item-card";
import { useFocusNewCard } from "../cards/focus-new-card";
import { EditItemDialog, ItemFormDialog } from "./item-form-dialog";
import { ItemSearchBox, ItemSearchResults } from "./item-search";
import { ItemMoveDialog } from "./item-move-dialog";
import { PositionDialog } from "./position-dialog";
import { PaneToolbar } from "../cards/pane-toolbar";
import { useCardList } from "../cards/use-card-list";

/** The item being edited (by id: its form loads the whole item; `language`: the translation to open) or a new one of the category. */
type Editing = { id?: string; category: Pick<CategoryInfo, "id" | "name">; language?: string };

/** The kind of item a category's section holds (promotions have their own pane). */
const kindOf = (category: CategoryInfo) => (category.section === "promotions" ? "product" : KIND_OF_SECTION[category.section]);

/** The items of a products, hookahs or games category, as a menu-like list with the staff's tools. */
export function ItemsPane({ cs, category }: { cs: CsObject; category: CategoryInfo }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const movementPending = useAtomValue(productMovementPendingAtom);
  const key = menuKeys.itemPages(cs.store_id, category.id);
  const items = useInfiniteQuery(itemsQueryOptions(cs.store_id, category.id));
  const rows = cardsOf(items.data);
  /** The category's count, from the server (more than the loaded cards while pages remain); never fewer than are loaded. */
  const total = Math.max(items.data?.pages[0]?.total ?? 0, rows.length);
  const [q, setQ] = useState("");
  const [editing, setEditing] = useState<Editing>();
  const [moving, setMoving] = useState<Card>();
  const [positioning, setPositioning] = useState<Card>();
  const translation = useTranslationOverview(cs.store_id);
  const translationFilter = useTranslationFilter<Card>(translation, "Item");
  const statusesOf = (item: Card) => translation.statusesOf("Item", item);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: menuKeys.categories(cs.store_id) });
  };

  const duplicate = useDuplicateItem(cs.store_id, category.id);
  const duplicateItem = (item: Card) => duplicate.mutate(item, { onSuccess: () => toast.success(intl.formatMessage({ id: "menuAdmin.item.duplicated" })) });
  const move = useMoveItem(cs.store_id);
  const moveTo = (item: Card, to: string) =>
    move.mutate(
      { item, to },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: "menuAdmin.move.done" }));
          setMoving(undefined);
        },
      },
    );
  const toPosition = useMoveToPosition(cs.store_id, category.id);
  const moveToPosition = (item: Card, position: number) =>
    toPosition.mutate(
      { item, position },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: "menuAdmin.position.done" }, { n: position }));
          setPositioning(undefined);
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
  const list = useCardList({
    key,
    categoryId: category.id,
    rows,
    calls: itemCalls(cs.store_id),
    busy: movementPending || duplicate.isPending || soldOut.isPending || mark.isPending || toPosition.isPending,
    onChanged: refresh,
    paged: {
      // The moved cards swap the positions they hold, as the server does.
      showOrder: (ordered) =>
        updateCards(queryClient, cs.store_id, category.id, () => {
          const slots = ordered.map((r) => r.position).sort((a, b) => a - b);
          return ordered.map((r, i) => ({ ...r, position: slots[i]! }));
        }),
      bulkDone: (action, ids) => applyBulk(queryClient, cs.store_id, category.id, action, ids),
    },
  });
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

  const actionsOf = (item: Card): CardAction[] => [
    { icon: "edit", label: "menuAdmin.action.edit", onClick: () => setEditing({ id: item.id, category }), testId: "edit-item" },
    item.visible
      ? { icon: "hide", label: "menuAdmin.action.hide", onClick: () => list.setVisible(item, false), testId: "hide-item" }
      : { icon: "show", label: "menuAdmin.action.show", onClick: () => list.setVisible(item, true), testId: "show-item" },
    isSoldOut(item)
      ? { icon: "onSale", label: "menuAdmin.action.onSale", onClick: () => setSoldOut([item.id], false), testId: "on-sale-item" }
      : { icon: "soldOut", label: "menuAdmin.action.soldOut", onClick: () => setSoldOut([item.id], true), testId: "sold-out-item" },
    { icon: "duplicate", label: "menuAdmin.action.duplicate", onClick: () => duplicateItem(item), testId: "duplicate-item" },
    { icon: "sort", label: "menuAdmin.action.toPosition", onClick: () => setPositioning(item), testId: "position-item" },
    { icon: "move", label: "menuAdmin.action.move", onClick: () => setMoving(item), testId: "move-item" },
    { icon: "delete", label: "menuAdmin.action.delete", onClick: () => list.setDeleting([item]), danger: true, testId: "delete-item" },
  ];
  const openHit = (hit: SearchHit) => setEditing({ id: hit.id, category: hit.category });

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
          query={{ isPending: items.isPending, error: items.error, total }}
          paging={{ total, hasMore: items.hasNextPage, loadMore: () => void items.fetchNextPage(), loadingMore: items.isFetchingNextPage }}
          empty={{ testId: "items-empty", message: "menuAdmin.item.empty", addFirst: "menuAdmin.item.addFirst", onAdd: () => setEditing({ category }) }}
          className="ma-list"
          testId="admin-items"
          skeletons={3}
          titleOf={(item) => item.title}
          card={(item, common) => <ItemCard key={item.id} item={item} actions={actionsOf(item)} translations={statusesOf(item)} onEditTranslation={(language) => setEditing({ id: item.id, category, language })} {...common} />}
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

      {editing?.id ? (
        <EditItemDialog cs={cs} category={editing.category} kind={kindOf(category)} itemId={editing.id} language={editing.language} onClose={() => setEditing(undefined)} />
      ) : editing ? (
        <ItemFormDialog cs={cs} category={editing.category} kind={kindOf(category)} onClose={() => setEditing(undefined)} onCreated={focusNewCard} />
      ) : null}
      {marking ? (
        <BulkMarksDialog count={marking.length} pending={mark.isPending} onCancel={() => setMarking(undefined)} onApply={(change) => applyMarks(marking, change)} />
      ) : null}
      {moving ? (
        <ItemMoveDialog
          cs={cs}
          item={moving}
          pending={move.isPending}
          onClose={() => !move.isPending && setMoving(undefined)}
          onMove={(to) => moveTo(moving, to)}
        />
      ) : null}
      {positioning ? (
        <PositionDialog
          title={positioning.title}
          current={rows.findIndex((r) => r.id === positioning.id) + 1 || undefined}
          total={total}
          pending={toPosition.isPending}
          error={toPosition.error}
          onClose={() => {
            if (toPosition.isPending) return;
            toPosition.reset();
            setPositioning(undefined);
          }}
          onMove={(n) => moveToPosition(positioning, n)}
        />
      ) : null}
    </section>
  );
}
