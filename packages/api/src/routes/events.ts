import { createRoute } from "@hono/zod-openapi";
import { GuestEvents, recordGuestEvents } from "@menu/core/analytics/analytics";
import { errorResponse } from "../errors";
import { router } from "../router";

/**
 * POST /api/events: batched guest analytics from the menu pages (menu view, QR scan with table,
 * item opened, cart add, language). Counters only; no cookies are needed and none are read.
 */
export const eventRoutes = router().openapi(
  createRoute({
    // Public: guests send it (the tenant-isolation matrix treats undeclared routes as protected).
    security: [],
    method: "post",
    path: "/events",
    summary: "Record a batch of guest menu events (anonymous counters)",
    request: { body: { required: true, content: { "application/json": { schema: GuestEvents } } } },
    responses: {
      204: { description: "Counted" },
      400: errorResponse("Bad input"),
      404: errorResponse("Unknown store"),
    },
  }),
  async (c) => {
    await recordGuestEvents(c.req.valid("json"));
    return c.body(null, 204);
  },
);
