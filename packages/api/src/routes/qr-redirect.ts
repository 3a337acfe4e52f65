import { Hono } from "hono";
import { publishedQrLink, qrLocation } from "@menu/core/tables/qr-links";

/**
 * GET /t/{qrKey}: the printed table QR code. Redirects on the server (no JavaScript needed) to the
 * store's menu with the table number; an unknown key silently lands on the home page (SPEC.md 8).
 * Answered from the published link `m/qr/{qrKey}.json` (the menus bucket in the cloud, read by the
 * API Lambda): a scan touches no database. The local runtime answers it in front of the app the
 * same way (packages/local/src/published.ts).
 */
export const qrRedirect = new Hono().get("/t/:qrKey", async (c) => {
  const link = await publishedQrLink(c.req.param("qrKey"));
  c.header("Cache-Control", "no-store");
  // A retired key (its object keeps only the store) lands where an unknown one does here; the local
  // runtime shows the "no longer valid" page instead (packages/local/src/published.ts).
  return c.redirect(link && !("retired" in link) ? qrLocation(link) : "/", 302);
});
