/**
 * Sends a batch of guest events (the shape core's `GuestEvents` checks, POST /api/events): with
 * `navigator.sendBeacon`, queued by the browser and outliving the page, else a keepalive request;
 * best effort, no cookies. Each batch carries the page's random id for this browser (kept in
 * localStorage, no personal data): the server tells guests apart by it, so views, scans and item
 * openings count once per guest and half hour (core's guest-seen.ts) and a search term reaches the
 * owner only once several guests searched it (search-terms.ts). One function for the page's inline starter (which counts the view and
 * the QR scan before the app runs) and the app (analytics.ts): the starter gets it as an argument
 * and the page inlines its source text beside the starter's (ssr.tsx), so it must use nothing from
 * outside its own body.
 */
import type { GuestEvent } from "@menu/core/analytics/analytics";

export type { GuestEvent };

export function sendGuestEvents(store_id: string, events: GuestEvent[]) {
  const endpoint = "/api/events";
  // The guest's random id: kept in localStorage, or for this page alone when storage is blocked.
  // getRandomValues, not randomUUID: the latter is missing on a plain-http page (a venue's LAN).
  const page = globalThis as { menuGuestId?: string };
  let device = page.menuGuestId || crypto.getRandomValues(new Uint32Array(4)).join("-").padEnd(16, "0");
  try {
    device = localStorage.menuGuestId ||= device;
  } catch {
    // storage blocked: this page's id
  }
  page.menuGuestId = device;
  const body = JSON.stringify({ store_id, device, events });
  try {
    if (navigator.sendBeacon?.(endpoint, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // no beacons, or a refused one: a keepalive request below
  }
  try {
    void fetch(endpoint, { method: "POST", body, headers: { "content-type": "application/json" }, credentials: "omit", keepalive: true }).catch(() => {});
  } catch {
    // offline or blocked: analytics are best effort
  }
}
