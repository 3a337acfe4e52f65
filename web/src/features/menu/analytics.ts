/**
 * Guest analytics: counted events only (menu view, QR scan with table, item opened, cart add,
 * language). No cookies (credentials: "omit"), no identifiers, no personal data. Events are batched
 * and sent when the page is idle or hidden, so they never delay anything a guest sees.
 */
export type GuestEvent =
  | { type: "menu_view" }
  | { type: "qr_scan"; table: number }
  | { type: "item_open"; item_id: string }
  | { type: "cart_add"; item_id: string }
  | { type: "language"; language: string };

const MAX_BATCH = 20;
const FLUSH_MS = 5_000;
let storeId: string | undefined;
const queue: GuestEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function flush() {
  clearTimeout(timer);
  timer = undefined;
  if (!queue.length || !storeId) return;
  const body = JSON.stringify({ store_id: storeId, events: queue.splice(0, MAX_BATCH) });
  try {
    void fetch("/api/events", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      credentials: "omit",
      keepalive: true,
    }).catch(() => {});
  } catch {
    // offline or blocked: analytics are best effort
  }
  if (queue.length) schedule();
}

function schedule() {
  if (timer) return;
  timer = setTimeout(() => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(flush, { timeout: 2_000 });
    else flush();
  }, FLUSH_MS);
}

export function track(store_id: string, event: GuestEvent) {
  if (typeof window === "undefined") return;
  if (storeId && storeId !== store_id) flush();
  storeId = store_id;
  queue.push(event);
  if (!listening) {
    listening = true;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") flush();
    });
  }
  if (queue.length >= MAX_BATCH) flush();
  else schedule();
}
