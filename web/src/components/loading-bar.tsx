import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useIntl } from "react-intl";
import { LoadingIndicator } from "@/lib/loading-indicator";

/** Height of the bar in px (SPEC section 9). */
const HEIGHT = 3;

/**
 * Thin bar at the top of the page while the router resolves a navigation (loaders, lazy route
 * chunks). Throttle 200 ms, duration 2000 ms, hide delay 500 ms, reset delay 400 ms.
 */
export function LoadingBar() {
  const loading = useRouterState({ select: (state) => state.status === "pending" || state.isLoading });
  const failed = useRouterState({ select: (state) => state.matches.some((match) => match.status === "error") });
  const [indicator] = useState(() => new LoadingIndicator());
  const { progress, visible, error } = useSyncExternalStore(indicator.subscribe, indicator.getSnapshot);
  const intl = useIntl();

  useEffect(() => {
    if (loading) indicator.start();
    else indicator.finish({ error: failed });
  }, [indicator, loading, failed]);

  useEffect(() => () => indicator.dispose(), [indicator]);

  if (!visible && progress === 0) return null;

  return (
    <div
      className={error ? "loading-bar loading-bar--error" : "loading-bar"}
      style={{ height: HEIGHT, opacity: visible ? 1 : 0, transform: `scaleX(${progress / 100})` }}
      {...(visible
        ? {
            role: "progressbar",
            "aria-label": intl.formatMessage({ id: "loading.page" }),
            "aria-valuemin": 0,
            "aria-valuemax": 100,
            "aria-valuenow": Math.round(progress),
          }
        : { "aria-hidden": true })}
    />
  );
}
