import { useEffect, useRef, type RefObject } from "react";

/**
 * When `open` turns false and the focus went with what closed, it goes back to `opener` (the
 * control that opened a sheet or a search). It runs after the commit that closed it: a modal sheet is gone by then (while it is
 * open the rest of the page cannot take focus), and a control that the open state replaced is back.
 */
export function useFocusReturn(open: boolean, opener: RefObject<HTMLElement | null>) {
  const was = useRef(open);
  useEffect(() => {
    // Only when the focus went with what closed: a choice made in it may have sent it on (a suggested category).
    const lost = !document.activeElement || document.activeElement === document.body;
    if (was.current && !open && lost) opener.current?.focus();
    was.current = open;
  }, [open, opener]);
}
