import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";

/**
 * Sorting a list by drag and drop, with a keyboard alternative: the drag handle moves its row one
 * step with ArrowUp / ArrowDown (and keeps focus). While dragging, the list shows the new order;
 * on drop, `commit` gets the ids in the new order (only when it changed).
 */
export function useReorder<T extends { id: string }>(rows: T[], commit: (ids: string[]) => void, disabled = false) {
  const [preview, setPreview] = useState<string[] | null>(null);
  const dragged = useRef<string | null>(null);
  // The handle to focus again once the list shows the new order (React moves the node; focus may drop).
  const refocus = useRef<string | null>(null);
  const ids = rows.map((r) => r.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const order = preview ?? ids;
  const shown = order.map((id) => byId.get(id)).filter((r): r is T => !!r);

  useEffect(() => {
    const id = refocus.current;
    if (!id) return;
    refocus.current = null;
    document.querySelector<HTMLElement>(`[data-drag-handle="${CSS.escape(id)}"]`)?.focus();
  }, [rows]);

  const finish = (next: string[]) => {
    if (next.join() !== ids.join()) commit(next);
  };

  /** Moves a row by `delta` places (keyboard, or the step buttons). */
  const moveBy = (id: string, delta: number) => {
    const from = ids.indexOf(id);
    const to = from + delta;
    if (disabled || from < 0 || to < 0 || to >= ids.length) return;
    const next = [...ids];
    next.splice(to, 0, ...next.splice(from, 1));
    refocus.current = id;
    finish(next);
  };

  const rowProps = (id: string) => ({
    draggable: !disabled,
    onDragStart: (e: DragEvent) => {
      dragged.current = id;
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", id);
      setPreview(ids);
    },
    onDragOver: (e: DragEvent) => {
      const from = dragged.current;
      if (!from) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (from === id) return;
      setPreview((current) => {
        const next = [...(current ?? ids)];
        const to = next.indexOf(id);
        next.splice(next.indexOf(from), 1);
        next.splice(to, 0, from);
        return next;
      });
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (preview) finish(preview);
      dragged.current = null;
      setPreview(null);
    },
    onDragEnd: () => {
      dragged.current = null;
      setPreview(null);
    },
    "data-dragging": dragged.current === id && preview ? true : undefined,
  });

  const handleProps = (id: string) => ({
    "data-drag-handle": id,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "ArrowUp" || e.key === "ArrowDown") {
        e.preventDefault();
        moveBy(id, e.key === "ArrowUp" ? -1 : 1);
      }
    },
  });

  return { shown, rowProps, handleProps, moveBy };
}
