import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { clock } from "../shared/clock";

/**
 * The local runtime's stand-in for S3 presigned URLs: a link to `/files/{key}` signed with a key
 * of this process (HMAC-SHA256 over the method, object key, expiry and file name). Like a presigned
 * URL, the link is the permission: whoever holds it may use it until it expires, and it names one
 * object only. Links die when the process restarts, as they would after their expiry.
 */
const SECRET = randomBytes(32);
export const LOCAL_FILES_PATH = "/files/";

const signature = (method: string, key: string, expires: string, name: string) =>
  createHmac("sha256", SECRET).update([method, key, expires, name].join("\n")).digest("base64url");

export function signLocalLink(method: "GET", key: string, { expiresInSeconds, fileName }: { expiresInSeconds: number; fileName: string }) {
  const expires = String(Math.floor(clock.now().getTime() / 1000) + expiresInSeconds);
  const query = new URLSearchParams({ expires, name: fileName, signature: signature(method, key, expires, fileName) });
  return `${LOCAL_FILES_PATH}${key.split("/").map(encodeURIComponent).join("/")}?${query}`;
}

/** The object a link names, if its signature holds for this method and it has not expired. */
export function verifyLocalLink(method: string, url: URL): { key: string; fileName: string } | undefined {
  if (!url.pathname.startsWith(LOCAL_FILES_PATH)) return undefined;
  const key = decodeURIComponent(url.pathname.slice(LOCAL_FILES_PATH.length));
  const expires = url.searchParams.get("expires") ?? "";
  const fileName = url.searchParams.get("name") ?? "";
  const given = Buffer.from(url.searchParams.get("signature") ?? "");
  const expected = Buffer.from(signature(method, key, expires, fileName));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!(Number(expires) * 1000 > clock.now().getTime())) return undefined;
  return { key, fileName };
}
