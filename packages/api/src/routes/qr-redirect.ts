import { Hono } from "hono";
import { qrPage } from "@menu/core/publish/qr-pages";
import { visitorLanguage } from "@menu/core/shared/accept-language";
import { publishedQrLink, qrLocation } from "@menu/core/tables/qr-links";
import { tablePassSetCookie } from "@menu/core/table-calls/pass";
import { isHttps } from "../session";

/**
 * GET /t/{qrKey}: the printed table QR code. Redirects on the server (no JavaScript needed) to the
 * store's menu with the table number. Answered from the published link `m/qr/{qrKey}.json` (the
 * menus bucket in the cloud, read by the API Lambda): a scan touches no database. An unknown or
 * retired key gets 404 with the "no longer valid" page in the visitor's language, linking to the
 * store's menu when the key was retired (the page the publish job wrote, publish/qr-pages.ts); before
 * any page is published it lands on the home page. The local runtime answers it in front of the app
 * the same way (packages/local/src/published.ts). A scan also hands the guest the signed table pass
 * (`table_pass`, 3 hours; table-calls/pass.ts) that table calls need: still no database.
 */
export const qrRedirect = new Hono().get("/t/:qrKey", async (c) => {
  const link = await publishedQrLink(c.req.param("qrKey"));
  c.header("Cache-Control", "no-store");
  if (link && !("retired" in link)) {
    // Read by the guest page for the table number, so not HttpOnly (signed; no personal data).
    const pass = await tablePassSetCookie(c.req.param("qrKey"), link, isHttps(c));
    if (pass) c.header("Set-Cookie", pass, { append: true });
    return c.redirect(qrLocation(link), 302);
  }
  const lang = visitorLanguage(c.req.header("cookie"), c.req.header("accept-language"));
  const page = await qrPage(lang, link && `/${link.company_url_key}/${link.store_url_key}/menu`);
  if (!page) return c.redirect("/", 302);
  c.header("Vary", "Cookie, Accept-Language");
  return c.html(page, 404);
});
