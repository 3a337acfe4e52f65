/**
 * The guest's menu filter (issue 19): allergens to leave out and dietary tags to require. It is
 * the visitor's, not a store's (an allergy does not change between venues), so it is kept once in
 * localStorage and applies to every menu; it is read after hydration, like the cart.
 */
import { useSyncExternalStore } from "react";
import type { MarkFilter } from "@menu/core/item/marks";

export const FILTER_STORAGE_KEY = "menu:filter";
export const NO_FILTER: MarkFilter = { without: [], only: [] };

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The stored filter, whatever another version or a hand left there: only lists of strings are kept. */
export function parseMarkFilter(raw: string | null): MarkFilter {
  try {
    const parsed = JSON.parse(raw ?? "null") as Partial<MarkFilter> | null;
    return parsed ? { without: strings(parsed.without), only: strings(parsed.only) } : NO_FILTER;
  } catch {
    return NO_FILTER;
  }
}

function read(): MarkFilter {
  try {
    return parseMarkFilter(localStorage.getItem(FILTER_STORAGE_KEY));
  } catch {
    // storage disabled
    return NO_FILTER;
  }
}

let value: MarkFilter | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== FILTER_STORAGE_KEY) return;
    value = read();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const current = () => (value ??= read());
const none = () => NO_FILTER;

export function setMarkFilter(next: MarkFilter) {
  value = next;
  try {
    if (next.without.length || next.only.length) localStorage.setItem(FILTER_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(FILTER_STORAGE_KEY);
  } catch {
    // storage disabled: the filter lives for this page only
  }
  listeners.forEach((l) => l());
}

/** The visitor's filter: none while hydrating (so the server's markup matches), the stored one from then on. */
export const useMarkFilter = () => useSyncExternalStore(subscribe, current, none);

export const filterSize = (filter: MarkFilter) => filter.without.length + filter.only.length;
