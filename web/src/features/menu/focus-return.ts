import { useEffect, useRef, type RefObject } from "react";

/**
 * When `open` turns false, focus goes back to `opener` (the control that opened a sheet or a
 * search). It runs after the commit that closed it: a modal sheet is gone by then (while it is
 * open the rest of the page cannot take focus), and a control that the open state replaced is back.
 */
export function useFocusReturn(open: boolean, opener: RefObject<HTMLElement | null>) {
  const was = useRef(open);
  useEffect(() => {
    if (was.current && !open) opener.current?.focus();
    was.current = open;
  }, [open, opener]);
}
