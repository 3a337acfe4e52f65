import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/**
 * False on the server and while hydrating (so the markup matches), true from then on. The switch
 * is a transition: the page's re-render with it runs in slices between which the browser paints
 * and takes taps (a store snapshot that differs from the server's would re-render it in one task).
 */
export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}

/** The clock of the page: the server's time while hydrating, then the real one, ticking each 30 s. */
export function useNow(mounted: boolean, renderedAt?: string) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return mounted || !renderedAt ? new Date(tick) : new Date(renderedAt);
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}
export const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
