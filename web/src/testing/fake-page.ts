/**
 * What the SPA's stores use of a page (localStorage, window and document events, window timers),
 * in node for the "web" unit-test project, which runs without a DOM library. Timers go through the
 * global ones at call time, so vi.useFakeTimers drives them.
 */
import { vi } from "vitest";

export function fakePage() {
  const stored = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, String(value)),
    removeItem: (key: string) => void stored.delete(key),
  };
  const window = Object.assign(new EventTarget(), {
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (handle: ReturnType<typeof setInterval>) => clearInterval(handle),
  });
  const document = new EventTarget();
  vi.stubGlobal("localStorage", localStorage);
  vi.stubGlobal("window", window);
  vi.stubGlobal("document", document);
  return {
    stored,
    /** Another tab changed `key`. */
    storageEvent: (key: string) => window.dispatchEvent(Object.assign(new Event("storage"), { key })),
    /** The phone wakes up (the page becomes visible again). */
    wake: () => document.dispatchEvent(new Event("visibilitychange")),
  };
}
