/**
 * One cookie's value from a Cookie header (the server's requests) or `document.cookie` (the
 * browser's): the same "name=value; …" list. Undefined when it is missing or cannot be decoded.
 */
export function cookieValue(cookies: string | null | undefined, name: string): string | undefined {
  if (!cookies) return undefined;
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** One cookie of the page, in a browser (undefined where there is no document, as in the SSR). */
export const pageCookie = (name: string) => cookieValue((globalThis as { document?: { cookie: string } }).document?.cookie, name);
