import { createRoute, z } from "@hono/zod-openapi";
import { StoreId } from "@menu/core/command/store-command";
import { callsUnchanged, cancelGuestCall, createGuestCall, finishCall, GuestCall, GuestCalls, guestCalls, NewCall, StaffCall, StaffCalls, staffCalls, takeCall } from "@menu/core/table-calls/calls";
import { TABLE_PASS_COOKIE } from "@menu/core/table-calls/pass";
import { getCookie } from "hono/cookie";
import { errorResponse } from "../errors";
import { json, jsonBody, PUBLIC } from "../openapi";
import { router } from "../router";
import { requiresSession } from "../session";

/** Where the guest calls live: public, the table pass cookie names store and table, no CSRF token (app.ts). */
export const GUEST_CALLS_PATH = "/api/guest/";

const passRefused = { 403: errorResponse("No valid table pass (tablePassInvalid), or the store's plan has no table calls (callsNotInPlan)") };
const CallPath = z.object({ callId: z.string().min(1).max(64) });

const guestCreate = createRoute({
  security: PUBLIC,
  method: "post",
  path: "/guest/calls",
  summary: "Call the waiter or ask for the bill from the table of the pass (200: that open call already exists)",
  request: jsonBody(NewCall),
  responses: { 201: json(GuestCall, "Created"), 200: json(GuestCall, "The table's open call of that kind"), ...passRefused, 429: errorResponse("A new call within a minute of the table's previous one (callTooSoon)") },
});
const guestList = createRoute({
  security: PUBLIC,
  method: "get",
  path: "/guest/calls",
  summary: "The live calls of the pass's table",
  responses: { 200: json(GuestCalls), ...passRefused },
});
const guestCancel = createRoute({
  security: PUBLIC,
  method: "delete",
  path: "/guest/calls/{callId}",
  summary: "Cancel a live call of the pass's table",
  request: { params: CallPath },
  responses: { 200: json(z.object({ id: z.string() })), ...passRefused, 404: errorResponse("Call not found") },
});

const session = requiresSession("store_manager", "storeNotFound");
const StoreQuery = z.object({ storeId: StoreId });
const staffList = createRoute({
  ...session,
  method: "get",
  path: "/calls",
  summary: "The store's live table calls, oldest first; 304 when If-None-Match names the current version",
  request: { query: StoreQuery, headers: z.object({ "if-none-match": z.string().max(200).optional() }) },
  responses: { 200: json(StaffCalls), 304: { description: "Nothing changed" }, 404: errorResponse("Store not found") },
});
const step = (name: "take" | "done", summary: string) =>
  createRoute({
    ...session,
    method: "post",
    path: `/calls/{callId}/${name}`,
    summary,
    request: { params: CallPath, query: StoreQuery },
    responses: { 200: json(name === "take" ? StaffCall : z.object({ id: z.string() })), 404: errorResponse("Store or call not found") },
  });

export const tableCallRoutes = router()
  .openapi(guestCreate, async (c) => {
    const { created, call } = await createGuestCall(getCookie(c, TABLE_PASS_COOKIE), c.req.valid("json"));
    return created ? c.json(call, 201) : c.json(call, 200);
  })
  .openapi(guestList, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await guestCalls(getCookie(c, TABLE_PASS_COOKIE)), 200);
  })
  .openapi(guestCancel, async (c) => {
    const { callId } = c.req.valid("param");
    await cancelGuestCall(getCookie(c, TABLE_PASS_COOKIE), callId);
    return c.json({ id: callId }, 200);
  })
  .openapi(staffList, async (c) => {
    const { storeId } = c.req.valid("query");
    c.header("Cache-Control", "no-cache");
    const unchanged = await callsUnchanged(storeId, c.req.header("if-none-match"));
    if (unchanged) {
      c.header("ETag", unchanged);
      return c.body(null, 304);
    }
    const board = await staffCalls({ storeId });
    c.header("ETag", board.version);
    return c.json(board, 200);
  })
  .openapi(step("take", "Take an open call (taken_at, taken_by)"), async (c) => c.json(await takeCall({ storeId: c.req.valid("query").storeId, id: c.req.valid("param").callId }), 200))
  .openapi(step("done", "Close a live call"), async (c) => c.json(await finishCall({ storeId: c.req.valid("query").storeId, id: c.req.valid("param").callId }), 200));
