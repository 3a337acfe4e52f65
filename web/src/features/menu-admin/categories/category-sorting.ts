import type { Section } from "@menu/core/shared/model";
import { useLayoutEffect, useRef, useState, type DragEvent } from "react";
import { useIntl } from "react-intl";
import { toast } from "sonner";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { treeOf, useSaveCategoryOrder, type AdminCategory } from "./api";

/** Sibling groups by parent id ("" = top level), each in display order. */
type Order = Record<string, string[]>;
const orderOf = (all: AdminCategory[]): Order => {
  const order: Order = { "": [] };
  for (const node of treeOf(all)) {
    order[""]!.push(node.category.id);
    order[node.category.id] = node.children.map((c) => c.id);
  }
  return order;
};

/**
 * The tree's sort mode: a draft order (none: not sorting) that the arrow buttons, Alt+↑/↓ and drag
 * and drop change within a group, and the save of each changed group.
 */
export function useCategorySorting(cs: CsObject, section: Section, all: AdminCategory[], byId: Map<string, AdminCategory>) {
  const intl = useIntl();
  const saveOrder = useSaveCategoryOrder(cs.store_id, section);
  const [draft, setDraft] = useState<Order | undefined>();
  const [sortError, setSortError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<{ id: string; group: string } | undefined>(undefined);
  const panel = useRef<HTMLElement>(null);
  // React may re-insert a moved row, which drops focus: the control that moved it gets it back.
  const refocus = useRef<{ id: string; control: string } | undefined>(undefined);
  useLayoutEffect(() => {
    const target = refocus.current;
    refocus.current = undefined;
    if (!target) return;
    const rowEl = panel.current?.querySelector(`[data-category-id="${CSS.escape(target.id)}"]`);
    const control = rowEl?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]:not(:disabled)`) ?? rowEl?.querySelector<HTMLButtonElement>('[data-control="grip"]');
    if (control && document.activeElement !== control) control.focus();
  }, [draft]);

  const sorting = !!draft;
  const order = draft ?? orderOf(all);

  const shift = (group: string, id: string, by: -1 | 1) => {
    const ids = [...(order[group] ?? [])];
    const i = ids.indexOf(id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    const control = document.activeElement?.getAttribute("data-control");
    if (control) refocus.current = { id, control };
    setSortError(undefined);
    setDraft({ ...order, [group]: ids });
    setAnnouncement(intl.formatMessage({ id: "categories.movedTo" }, { name: byId.get(id)?.name, position: j + 1, total: ids.length }));
  };

  const dropOn = (group: string, targetId: string, after: boolean) => {
    const from = dragged.current;
    if (!from || from.group !== group || from.id === targetId) return;
    setSortError(undefined);
    setDraft((d) => {
      const base = d ?? orderOf(all);
      const ids = (base[group] ?? []).filter((x) => x !== from.id);
      ids.splice(ids.indexOf(targetId) + (after ? 1 : 0), 0, from.id);
      return { ...base, [group]: ids };
    });
  };

  const save = () => {
    if (!draft) return;
    const saved = orderOf(all);
    const changed = Object.keys(draft).filter((g) => draft[g]!.join() !== (saved[g] ?? []).join());
    if (!changed.length) {
      setSortError(intl.formatMessage({ id: "errors.api.sortingUnchanged" }));
      return;
    }
    saveOrder.mutate(
      changed.map((group) => ({ parent_id: group, category_ids: draft[group]! })),
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: "categories.orderSaved" }));
          setDraft(undefined);
        },
        onError: (error) => setSortError(errorMessageFor(error)),
      },
    );
  };

  /** The drag-and-drop handlers of a row in sort mode (none otherwise). */
  const dragProps = (id: string, group: string) =>
    sorting
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            dragged.current = { id, group };
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("text/plain", id);
            e.stopPropagation();
          },
          onDragOver: (e: DragEvent) => {
            if (dragged.current?.group !== group) return;
            e.preventDefault();
            e.stopPropagation();
            const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
            dropOn(group, id, e.clientY > box.top + box.height / 2);
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
          },
          onDragEnd: () => {
            dragged.current = undefined;
          },
        }
      : {};

  return {
    panel,
    sorting,
    order,
    saving: saveOrder.isPending,
    sortError,
    announcement,
    shift,
    save,
    dragProps,
    start: () => setDraft(orderOf(all)),
    cancel: () => {
      setDraft(undefined);
      setSortError(undefined);
    },
  };
}
