import { useLocation } from "@tanstack/react-router";
import { useEffect, useRef, type ReactNode } from "react";
import "./tab-nav.css";

/**
 * A row of tab links that scrolls sideways on a phone: after each navigation the active tab is
 * scrolled into view, so a tab past the screen edge is not left hidden.
 */
export function useActiveTabInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current
      ?.querySelector('[data-status="active"], [aria-current="page"]')
      ?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return ref;
}

/** A screen's row of tab links as a named nav landmark, with the active tab kept in view. */
export function TabNav({ className, label, testId, children }: { className: string; label: string; testId: string; children: ReactNode }) {
  const ref = useActiveTabInView<HTMLElement>();
  return (
    <nav ref={ref} className={className} aria-label={label} data-testid={testId}>
      {children}
    </nav>
  );
}
