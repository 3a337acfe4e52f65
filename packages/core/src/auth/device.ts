import { randomBytes } from "node:crypto";
import { hmac, safeEqual } from "./keys";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets `<nonce>.<mac>`, where the MAC (the app's signing key) covers the
 * login and the nonce. So the cookie names its account without showing it, and a stranger can
 * neither forge one nor use one issued for another login. Its failures are counted per nonce.
 */
const mac = (login: string, nonce: string) => hmac(`device:${login}:${nonce}`);

export async function newDeviceCookie(login: string) {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${await mac(login, nonce)}`;
}

/** The nonce of a device cookie issued for `login`, or undefined for anything else. */
export async function deviceOf(cookie: string | undefined, login: string) {
  if (!cookie || cookie.length > 200) return undefined;
  const [nonce, signature, ...rest] = cookie.split(".");
  if (!nonce || !signature || rest.length) return undefined;
  return safeEqual(signature, await mac(login, nonce)) ? nonce : undefined;
}
