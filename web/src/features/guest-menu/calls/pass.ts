/**
 * The verified table (issue 36, point 1): the QR redirect sets the readable cookie `table_pass`,
 * `base64url(JSON payload).signature`. The page only reads the payload to show the table and
 * the call buttons; the server checks the signature on every call.
 */
/** `name`: the table's own name, when the scan's link had one ("Терраса 3"; issue 48). */
export type TablePass = { table: number; expiresAt: number; name?: string };

type Payload = { v?: unknown; c?: unknown; s?: unknown; t?: unknown; exp?: unknown; n?: unknown };

const COOKIE = "table_pass";

function decode(cookie: string): Payload | undefined {
  try {
    const base64 = (decodeURIComponent(cookie).split(".")[0] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === "object" ? (value as Payload) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How the cookie value of every table pass of this store begins: base64url of the payload's start,
 * `{"v":1,"c":…,"s":…,"t":` (the server writes its keys in this order, table-calls/pass.ts), cut to
 * whole 3-byte groups so its base64 is the same as the pass's. The pre-rendered page's starter
 * looks for it in document.cookie, with no decoding (its script stays small); the cookie's Max-Age
 * is the pass's lifetime, so an expired pass is not there.
 */
export function passPrefix(company: string, store: string): string {
  const bytes = new TextEncoder().encode(`{"v":1,"c":${JSON.stringify(company)},"s":${JSON.stringify(store)},"t":`);
  const head = bytes.slice(0, bytes.length - (bytes.length % 3));
  return btoa(String.fromCharCode(...head)).replace(/\+/g, "-").replace(/\//g, "_");
}

/** The pass in `cookies` (document.cookie) when it names this company's store and has not expired. */
export function readTablePass(cookies: string, company: string, store: string, nowMs: number): TablePass | undefined {
  const raw = cookies
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return undefined;
  const payload = decode(raw);
  if (!payload || payload.v !== 1 || payload.c !== company || payload.s !== store) return undefined;
  const { t, exp, n } = payload;
  if (typeof t !== "number" || !Number.isInteger(t) || t <= 0 || typeof exp !== "number") return undefined;
  if (exp * 1000 <= nowMs) return undefined;
  return typeof n === "string" && n.trim() ? { table: t, expiresAt: exp * 1000, name: n.trim() } : { table: t, expiresAt: exp * 1000 };
}
