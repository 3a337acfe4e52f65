import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { clock } from "../shared/clock";

/**
 * The local runtime's stand-in for S3 presigned URLs: a link to `/files/{key}` signed with a key
 * of this process (HMAC-SHA256 over the method, object key, expiry and the link's terms: the file
 * name of a download, the type and size of an upload). Like a presigned URL, the link is the
 * permission: whoever holds it may use it until it expires, and it names one object only. Links die
 * when the process restarts, as they would after their expiry.
 */
const SECRET = randomBytes(32);
export const LOCAL_FILES_PATH = "/files/";

type Method = "GET" | "PUT";
/** What a link allows besides its object: `name` (GET) or `type` and `size` (PUT). */
type Terms = Record<string, string>;

const signature = (method: Method, key: string, expires: string, terms: Terms) =>
  createHmac("sha256", SECRET)
    .update([method, key, expires, ...Object.keys(terms).sort().map((k) => `${k}=${terms[k]}`)].join("\n"))
    .digest("base64url");

export function signLocalLink(method: Method, key: string, expiresInSeconds: number, terms: Terms) {
  const expires = String(Math.floor(clock.now().getTime() / 1000) + expiresInSeconds);
  const query = new URLSearchParams({ expires, ...terms, signature: signature(method, key, expires, terms) });
  return `${LOCAL_FILES_PATH}${key.split("/").map(encodeURIComponent).join("/")}?${query}`;
}

/** The object and terms of a link, if its signature holds for this method and it has not expired. */
export function verifyLocalLink(method: string, url: URL): { key: string; terms: Terms } | undefined {
  if ((method !== "GET" && method !== "PUT") || !url.pathname.startsWith(LOCAL_FILES_PATH)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(url.pathname.slice(LOCAL_FILES_PATH.length));
  } catch {
    return undefined; // a malformed escape names no object
  }
  const { expires = "", signature: given = "", ...terms } = Object.fromEntries(url.searchParams);
  const expected = Buffer.from(signature(method, key, expires, terms));
  if (Buffer.byteLength(given) !== expected.length || !timingSafeEqual(Buffer.from(given), expected)) return undefined;
  if (!(Number(expires) * 1000 > clock.now().getTime())) return undefined;
  return { key, terms };
}
