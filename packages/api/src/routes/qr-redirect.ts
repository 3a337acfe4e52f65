import { Hono } from "hono";
import { resolveQrKey } from "@menu/core/tables/table";

/**
 * GET /t/{qrKey}: the printed table QR code. Redirects on the server (no JavaScript needed) to the
 * store's menu with the table number; an unknown key silently lands on the home page (SPEC.md 8).
 */
export const qrRedirect = new Hono().get("/t/:qrKey", async (c) => {
  try {
    const target = await resolveQrKey(c.req.param("qrKey"));
    const path = `/${target.company_url_key}/${target.store_url_key}/menu?table=${target.position}`;
    c.header("Cache-Control", "no-store");
    return c.redirect(path, 302);
  } catch {
    return c.redirect("/", 302);
  }
});
