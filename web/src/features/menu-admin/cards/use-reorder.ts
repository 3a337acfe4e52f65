import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";

/** Arrow-key moves are saved together once the keys rest this long, not one request per press. */
const KEY_SAVE_DELAY_MS = 600;

/**
 * Sorting a list by drag and drop, with a keyboard alternative: the drag handle moves its row one
 * step with ArrowUp / ArrowDown (and keeps focus). The list shows the new order at once; `commit`
 * gets the ids in the new order (on drop, or after the arrow keys rest), only when it changed.
 */
export function useReorder<T extends { id: string }>(rows: T[], commit: (ids: string[]) => void, disabled = false) {
  const [preview, setPreview] = useState<string[] | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
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
  }, [preview, rows]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = (next: string[]) => {
    clearTimeout(timer.current);
    setPreview(null);
    if (next.join() !== ids.join()) commit(next);
  };

  /** Moves a row by `delta` places and saves after a short rest (keyboard). */
  const moveBy = (id: string, delta: number) => {
    const current = preview ?? ids;
    const from = current.indexOf(id);
    const to = from + delta;
    if (disabled || from < 0 || to < 0 || to >= current.length) return;
    const next = [...current];
    next.splice(to, 0, ...next.splice(from, 1));
    refocus.current = id;
    setPreview(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => finish(next), KEY_SAVE_DELAY_MS);
  };

  const rowProps = (id: string) => ({
    draggable: !disabled,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", id);
      setDragging(id);
      setPreview(preview ?? ids);
    },
    onDragOver: (e: DragEvent) => {
      if (!dragging) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (dragging === id) return;
      setPreview((current) => {
        const next = [...(current ?? ids)];
        const to = next.indexOf(id);
        next.splice(next.indexOf(dragging), 1);
        next.splice(to, 0, dragging);
        return next;
      });
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(null);
      if (preview) finish(preview);
    },
    onDragEnd: () => {
      // Dropped outside the list: back to the saved order.
      setDragging(null);
      setPreview(null);
    },
    "data-dragging": dragging === id ? true : undefined,
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

  return { shown, rowProps, handleProps };
}
