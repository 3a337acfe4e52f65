import { createRoute } from "@hono/zod-openapi";
import { GuestEvents, recordGuestEvents } from "@menu/core/analytics/analytics";
import { isKnownBot } from "@menu/core/analytics/bots";
import { EVENT_BATCHES_PER_MINUTE, GUEST_BATCHES_PER_MINUTE, GUESTS_PER_ADDRESS, takeEventBatch } from "@menu/core/analytics/event-limit";
import { UserError } from "@menu/core";
import { clientIp } from "../session";
import { errorResponse } from "../errors";
import { router } from "../router";
import { jsonBody } from "../openapi";

export const EVENTS_PATH = "/api/events";

/**
 * POST /api/events: batched guest analytics from the menu pages (menu view, QR scan with table,
 * item opened, cart add, language, search without result), sent with `navigator.sendBeacon`.
 * Counters only: a view, a scan or an item opening counts once per guest (the page's random id)
 * and half hour; no cookie is read or set, known bots (by User-Agent) are answered the same and
 * counted nowhere; events naming what the published menu does not have are dropped. The address
 * is used only to bound how many batches it sends to a store (429 beyond, nothing written) and
 * is kept nowhere. It acts with no one's rights, so it needs no CSRF token (app.ts).
 */
export const eventRoutes = router().openapi(
  createRoute({
    // Public: guests send it (the tenant-isolation matrix treats undeclared routes as protected).
    security: [],
    method: "post",
    path: "/events",
    summary: "Record a batch of guest menu events (anonymous counters)",
    request: jsonBody(GuestEvents),
    responses: {
      204: { description: "Counted (or ignored: a known bot, or events naming what the store's menu does not have)" },
      400: errorResponse("Bad input"),
      404: errorResponse("Unknown store"),
      429: errorResponse(
        `More than ${EVENT_BATCHES_PER_MINUTE} batches a minute from this address to this store, ${GUEST_BATCHES_PER_MINUTE} from one guest, or ${GUESTS_PER_ADDRESS} guests from this address in half an hour: nothing was counted`,
      ),
    },
  }),
  async (c) => {
    const batch = c.req.valid("json");
    if (!takeEventBatch(clientIp(c), batch.store_id, batch.device)) throw new UserError("tooManyAttempts", 429);
    if (!isKnownBot(c.req.header("user-agent"))) await recordGuestEvents(batch);
    return c.body(null, 204);
  },
);
