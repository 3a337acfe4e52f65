/** What the new-version reload uses of the browser: the build id, fetch, timers, sessionStorage. */
import { BUILD_ID_META } from "../route-rules";
import type { Assignable } from "./external-navigation";

/** One small request a minute: a deploy reaches open tabs within a minute or at the next tab switch. */
export const VERSION_POLL_MS = 60_000;
/** sessionStorage key of the time (ms since the epoch) of the last forced reload. */
export const RELOAD_AT_KEY = "menu:version-reload-at";

/** What `installNewVersionReload` uses of the browser (tests pass fakes). */
export type NewVersionEnv = {
  buildId: string | undefined;
  origin: string;
  fetchJson: (path: string) => Promise<unknown>;
  now: () => number;
  readReloadAt: () => number | undefined;
  /** False when it could not be stored: then no reload is forced (the guard could not hold). */
  writeReloadAt: (at: number) => boolean;
  location: Assignable;
  /** Runs `check` on the poll interval and when the tab is shown or focused; returns a stop. */
  schedule: (check: () => void) => () => void;
  defer: (run: () => void) => void;
  log: Pick<Console, "info" | "warn" | "error">;
};

export function browserEnv(): NewVersionEnv {
  const base = import.meta.env.BASE_URL;
  return {
    buildId: document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META}"]`)?.content || undefined,
    origin: window.location.origin,
    fetchJson: async (path) => {
      const response = await fetch(`${base}${path}`, { cache: "no-store", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    },
    now: () => Date.now(),
    readReloadAt: () => {
      try {
        const value = sessionStorage.getItem(RELOAD_AT_KEY);
        return value === null ? undefined : Number(value);
      } catch {
        return undefined;
      }
    },
    writeReloadAt: (at) => {
      try {
        sessionStorage.setItem(RELOAD_AT_KEY, String(at));
        return true;
      } catch {
        return false;
      }
    },
    location: window.location,
    schedule: (check) => {
      const timer = window.setInterval(() => {
        if (document.visibilityState === "visible") check();
      }, VERSION_POLL_MS);
      const onShow = () => {
        if (document.visibilityState === "visible") check();
      };
      document.addEventListener("visibilitychange", onShow);
      window.addEventListener("focus", onShow);
      return () => {
        window.clearInterval(timer);
        document.removeEventListener("visibilitychange", onShow);
        window.removeEventListener("focus", onShow);
      };
    },
    defer: (run) => void window.setTimeout(run, 0),
    log: console,
  };
}
