/**
 * Sends a batch of guest events (the shape core's `GuestEvents` checks, POST /api/events): with
 * `navigator.sendBeacon`, queued by the browser and outliving the page, else a keepalive request;
 * best effort, no cookies. Each batch carries the page's random id for this browser (kept in
 * localStorage, no personal data): the server tells guests apart by it, so a search term reaches
 * the owner only once several guests searched it (core's search-terms.ts). One function for the page's inline starter (which counts the view and
 * the QR scan before the app runs) and the app (analytics.ts): the starter gets it as an argument
 * and the page inlines its source text beside the starter's (ssr.tsx), so it must use nothing from
 * outside its own body.
 */
import type { GuestEvent } from "@menu/core/analytics/analytics";

export type { GuestEvent };

export function sendGuestEvents(store_id: string, events: GuestEvent[]) {
  const endpoint = "/api/events";
  let device: string | undefined;
  try {
    device = localStorage.getItem("menu-guest-id") ?? undefined;
    if (!device) {
      // getRandomValues, not randomUUID: the latter is missing on a plain-http page (a venue's LAN).
      device = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem("menu-guest-id", device);
    }
  } catch {
    // storage blocked: the batch goes without an id (its searches count as "other")
  }
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
