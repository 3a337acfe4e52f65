import { createRoute } from "@hono/zod-openapi";
import { GuestEvents, recordGuestEvents } from "@menu/core/analytics/analytics";
import { isKnownBot } from "@menu/core/analytics/bots";
import { errorResponse } from "../errors";
import { router } from "../router";
import { jsonBody } from "../openapi";

export const EVENTS_PATH = "/api/events";

/**
 * POST /api/events: batched guest analytics from the menu pages (menu view, QR scan with table,
 * item opened, cart add, language, search without result), sent with `navigator.sendBeacon`.
 * Counters only: no cookie is read or set, the address is not looked at, known bots (by
 * User-Agent) are answered the same and counted nowhere. It acts with no one's rights, so it needs
 * no CSRF token (app.ts).
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
      204: { description: "Counted (or ignored: a known bot)" },
      400: errorResponse("Bad input"),
      404: errorResponse("Unknown store"),
    },
  }),
  async (c) => {
    if (!isKnownBot(c.req.header("user-agent"))) await recordGuestEvents(c.req.valid("json"));
    return c.body(null, 204);
  },
);
