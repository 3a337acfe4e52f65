/**
 * URL names no company or store may take (issue 49, point 3). A company's name is the first segment
 * of its guest pages (`/{company}/{store}/menu`), so one named like a path the site answers itself
 * would never be reached: `m` is shadowed by the published files (`/m/…`), `api` by the API behind
 * CloudFront. Store names share the list (a store page is one segment further, but a name that
 * misleads there misleads too).
 */

/**
 * The first path segments the site answers itself that could be URL names (letters, digits and
 * hyphens: decision 105): the CDN's and the local server's prefixes and the SPA's top-level pages.
 * Each source is checked against this list by a test reading it (the API's routes, the SPA's route
 * files, the CloudFront behaviours), so a new top-level route fails the tests until its name is here.
 */
export const ROUTE_NAMES = [
  "api", "assets", "builds", "change-password", "files", "forgot-password", "login", "m", "media", "offer", "operator", "privacy",
  "privacy-policy", "register", "service-contacts", "t", "user-agreement",
] as const;

/** Words that would pose as the service or mislead a guest. */
export const MISLEADING_NAMES = [
  "account", "accounts", "admin", "administrator", "auth", "billing", "docs", "help", "logout", "mail", "official",
  "qrmenu", "root", "security", "settings", "signin", "signup", "staff", "static", "status", "support", "system", "www",
] as const;

const RESERVED = new Set<string>([...ROUTE_NAMES, ...MISLEADING_NAMES]);

/** Whether a URL name (lowercase) is reserved. */
export const isReservedUrlName = (name: string) => RESERVED.has(name.toLowerCase());
