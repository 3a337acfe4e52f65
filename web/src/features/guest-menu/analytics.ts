/**
 * Guest analytics: counted events only (menu view with its language, QR scan with the table, item
 * opened, cart add, language switch, search that found nothing). No identifiers, no personal data,
 * no cookie set or needed: the server keeps counters per day and reads neither cookies nor the
 * address. Events wait in a small queue and leave with `navigator.sendBeacon` when the page is idle,
 * hidden or closed, so they never delay anything a guest sees (the beacon is queued by the browser
 * and outlives the page, beacon.ts). The event type is core's `GuestEvent`, which the server checks.
 */
import { isLanguage } from "@/i18n/languages";
import { sendGuestEvents, type GuestEvent } from "./beacon";

/** The server takes at most 50 events per batch. */
const MAX_BATCH = 25;
/** How long events wait to travel together. */
const FLUSH_MS = 3_000;
/** A search with no result counts once the guest has stopped typing this long. */
const SEARCH_SETTLE_MS = 1_200;

let storeId: string | undefined;
const queue: GuestEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function flush() {
  clearTimeout(timer);
  timer = undefined;
  commitSearch();
  while (queue.length && storeId) sendGuestEvents(storeId, queue.splice(0, MAX_BATCH));
  queue.length = 0;
}

function schedule() {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    if ("requestIdleCallback" in window) window.requestIdleCallback(flush, { timeout: 2_000 });
    else flush();
  }, FLUSH_MS);
}

function listen() {
  if (listening) return;
  listening = true;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
}

/** Counts one event of the store's guest page. A menu view without a language takes the page's. */
export function track(store_id: string, event: GuestEvent) {
  if (typeof window === "undefined") return;
  if (storeId && storeId !== store_id) flush();
  storeId = store_id;
  if (event.type === "menu_view" && !event.language) {
    const lang = document.documentElement.lang.slice(0, 2);
    event = isLanguage(lang) ? { type: "menu_view", language: lang } : event;
  }
  queue.push(event);
  listen();
  if (queue.length >= MAX_BATCH) flush();
  else schedule();
}

// Searches: the words guests look for and don't find.
let pendingSearch: { store_id: string; term: string; since: number; timer: ReturnType<typeof setTimeout> } | undefined;
/** A search closed or cleared after the guest saw "nothing found" this long still counts. */
const SEEN_MS = 500;
const countedSearches = new Set<string>();
const searchKey = (text: string) => text.toLocaleLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim();

function commitSearch() {
  if (!pendingSearch) return;
  const { store_id, term, timer: t } = pendingSearch;
  clearTimeout(t);
  pendingSearch = undefined;
  const key = `${store_id}\u0000${term}`;
  if (countedSearches.has(key)) return;
  countedSearches.add(key);
  track(store_id, { type: "search_miss", term });
}

/**
 * Call with the search box's text and how many items it found, whenever either changes. A search
 * that found nothing is counted once the guest stops typing, closes the search or leaves, once per
 * word and page; one that found something, or was typed on, is not.
 */
export function trackSearch(store_id: string, query: string, results: number) {
  if (typeof window === "undefined") return;
  const term = searchKey(query);
  if (pendingSearch && pendingSearch.term !== term) {
    if (!term && Date.now() - pendingSearch.since >= SEEN_MS) commitSearch();
    else {
      clearTimeout(pendingSearch.timer);
      pendingSearch = undefined;
    }
  }
  if (!term || results > 0 || pendingSearch) return;
  pendingSearch = { store_id, term, since: Date.now(), timer: setTimeout(commitSearch, SEARCH_SETTLE_MS) };
  listen();
}
