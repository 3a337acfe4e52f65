import { defaultLocale, isInterfaceLocale, type InterfaceLocale } from "./languages";
import { pageCookie } from "@menu/core/shared/cookie";

export const LOCALE_COOKIE = "locale";
export const LOCALE_STORAGE_KEY = "locale";
/** Section 9: the locale cookie lasts 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;


function readLocalStorage(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed iframe)
  }
}

/** The interface language chosen earlier: cookie first (the server can read it too), then localStorage. */
export function readStoredLocale(): InterfaceLocale {
  const fromCookie = pageCookie(LOCALE_COOKIE);
  if (isInterfaceLocale(fromCookie)) return fromCookie;
  const fromStorage = readLocalStorage(LOCALE_STORAGE_KEY);
  if (isInterfaceLocale(fromStorage)) return fromStorage;
  return defaultLocale;
}

export function persistLocale(locale: InterfaceLocale): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // storage disabled: the cookie alone is enough
  }
}
