/**
 * The table pass (issue 36, point 1): what the QR redirect hands a guest who scanned a table's code,
 * a cookie `table_pass` = base64url(JSON payload) "." base64url(HMAC-SHA256). It proves the guest
 * scanned that table within the last 3 hours without any database: the key is the server's signing
 * key (auth/keys.ts, kept in memory after its first read). Not HttpOnly: the guest page reads the
 * table number from the payload (signed, no personal data). Every guest call verifies it again,
 * including that the key's published link still names the same table, so a re-issued or deleted
 * key ends its passes at once.
 */
import { createHmac } from "node:crypto";
import { signingKey, safeEqual } from "../auth/keys";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { cardNumber } from "../shared/table-card-words";
import { publishedQrLink, type PublishedQrLink } from "../tables/qr-links";

export const TABLE_PASS_COOKIE = "table_pass";
export const TABLE_PASS_SECONDS = 3 * 3600;

/** `n`: the table's own name when the scan's link had one (the guest's page shows it; issue 48). */
export type TablePass = { v: 1; c: string; s: string; t: number; k: string; exp: number; n?: string };

/** A separate purpose in the MAC input, so a pass can never be taken for a session or CSRF token. */
const mac = async (payload: string) => createHmac("sha256", await signingKey()).update(`table_pass.${payload}`).digest("base64url");

/** The cookie value for a scan of `qr_key` that leads to `link`. */
export async function signTablePass(qr_key: string, link: Pick<PublishedQrLink, "company_url_key" | "store_url_key" | "position" | "name">) {
  // Keys in this order: the guest page's starter knows a store's passes by their start (web calls/pass.ts passPrefix).
  const pass: TablePass = {
    v: 1,
    c: link.company_url_key,
    s: link.store_url_key,
    t: link.position,
    k: qr_key,
    exp: Math.floor(clock.now().getTime() / 1000) + TABLE_PASS_SECONDS,
    // A name of its own ("Терраса 3"); the default "Стол 3" is left out, so the page says "Table 3" in the guest's language.
    ...(link.name && link.name.trim().toLowerCase() !== cardNumber(link.position).toLowerCase() ? { n: link.name } : {}),
  };
  const payload = Buffer.from(JSON.stringify(pass)).toString("base64url");
  return `${payload}.${await mac(payload)}`;
}

const invalid = () => new UserError("tablePassInvalid", 403);

/**
 * The pass of a guest call, verified: signature, expiry, and the key's published link still live
 * and naming the same company, store and table. Anything else is 403 "tablePassInvalid". `name`
 * is the table's name as the link says it now (a rename after the scan shows at once on the board).
 */
export async function verifyTablePass(cookie: string | undefined): Promise<TablePass & { name?: string }> {
  if (!cookie || cookie.length > 1024) throw invalid();
  const [payload, signature, extra] = cookie.split(".");
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, await mac(payload))) throw invalid();
  let pass: Partial<TablePass>;
  try {
    pass = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<TablePass>;
  } catch {
    throw invalid();
  }
  if (pass.v !== 1 || typeof pass.k !== "string" || typeof pass.exp !== "number" || pass.exp <= clock.now().getTime() / 1000) throw invalid();
  const link = await publishedQrLink(pass.k);
  if (!link || "retired" in link || link.company_url_key !== pass.c || link.store_url_key !== pass.s || link.position !== pass.t) throw invalid();
  return { ...(pass as TablePass), ...(link.name ? { name: link.name } : {}) };
}

/**
 * The Set-Cookie header of a scan's pass (`secure` where the session cookies are Secure), or
 * undefined when the signing key cannot be read (the database unreachable before this process read
 * it once): the scan still lands on the menu, only without the call buttons.
 */
export async function tablePassSetCookie(qr_key: string, link: Pick<PublishedQrLink, "company_url_key" | "store_url_key" | "position" | "name">, secure: boolean) {
  try {
    const value = await signTablePass(qr_key, link);
    return `${TABLE_PASS_COOKIE}=${value}; Path=/; Max-Age=${TABLE_PASS_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
  } catch (error) {
    console.error("No table pass for a QR scan: the signing key could not be read", error);
    return undefined;
  }
}
