import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/**
 * A button that shows and hides a panel next to it (a disclosure): Escape closes it and puts the
 * focus back on the button, a press outside closes it. Spread `rootProps` on the element holding
 * both, `buttonProps` on the button and `panelProps` on the panel.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);
  /** Closes and gives the focus back to the button (a dialog opened next returns it there too). */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open) return;
    // Only the panel closes, not a dialog around it.
    e.stopPropagation();
    close();
  };
  return {
    open,
    close,
    rootProps: { ref: root, onKeyDown },
    buttonProps: { ref: button, "aria-expanded": open, "aria-controls": panelId, onClick: () => setOpen((o) => !o) },
    panelProps: { id: panelId, hidden: !open },
  };
}
