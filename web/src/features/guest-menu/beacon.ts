/**
 * Sends a batch of guest events (the shape core's `GuestEvents` checks, POST /api/events): with
 * `navigator.sendBeacon`, queued by the browser and outliving the page, else a keepalive request;
 * best effort, no cookies. One function for the page's inline starter (which counts the view and
 * the QR scan before the app runs) and the app (analytics.ts): the starter gets it as an argument
 * and the page inlines its source text beside the starter's (ssr.tsx), so it must use nothing from
 * outside its own body.
 */
import type { GuestEvent } from "@menu/core/analytics/analytics";

export type { GuestEvent };

export function sendGuestEvents(store_id: string, events: GuestEvent[]) {
  const endpoint = "/api/events";
  const body = JSON.stringify({ store_id, events });
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
