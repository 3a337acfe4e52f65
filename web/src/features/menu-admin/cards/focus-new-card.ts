import { useEffect, useRef } from "react";

/**
 * After a create, focus goes to the new card as soon as the list shows it (the closed dialog has
 * given focus back to its opener by then): keyboard and screen-reader users land on what they made.
 * Cards carry `data-card-id` and `tabIndex={-1}`.
 */
export function useFocusNewCard(rows: readonly { id: string }[]) {
  const pending = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = pending.current;
    if (!id || !rows.some((r) => r.id === id)) return;
    pending.current = undefined;
    const card = document.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
    card?.scrollIntoView({ block: "nearest" });
    card?.focus({ preventScroll: true });
  }, [rows]);
  return (id: string) => {
    pending.current = id;
  };
}
