/**
 * The route rules of a build (SPEC section 2, QR links: "Redirect rules come from a build
 * route-rules manifest"). The Vite plugin in vite.config.ts checks them and writes them, with the
 * build's id, to `dist/builds/meta/{buildId}.json`; the SPA fetches that file once at start and
 * applies the redirects on every navigation (src/lib/new-version.ts). Nothing here is bundled into
 * the app: it reads the manifest of the build it belongs to.
 *
 * `from` is a path of this site: exact ("/register"), or a prefix ending in "/**" ("/old/**"),
 * whose rest is appended to a `to` that also ends in "/**". `to` is a path of this site, or an
 * absolute URL of another one, which needs `external: true` (and is opened with a full page load).
 * The query string and hash of the address are kept unless `to` has its own.
 */
export type RouteRedirect = { from: string; to: string; external?: true };
export type RouteRules = { redirects: RouteRedirect[] };
/** The manifest as written to `builds/meta/{id}.json`. */
export type RouteRulesManifest = RouteRules & { id: string };

export const routeRules: RouteRules = {
  redirects: [
    // There is no page at the bare /register: registration starts with the organization (a company
    // with its first store); /register/user is reached from an invitation.
    { from: "/register", to: "/register/organization" },
  ],
};

/** The build's files, relative to the site's root (served uncached). */
export const BUILD_LATEST_PATH = "builds/latest.json";
export const buildMetaPath = (buildId: string) => `builds/meta/${buildId}.json`;
/** The `<meta name=…>` of index.html that carries the build's id. */
export const BUILD_ID_META = "menu-build-id";

const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** An address with a scheme ("https:", "mailto:") or protocol-relative ("//host"): not a path of this site. */
export function isAbsoluteUrl(to: string): boolean {
  return ABSOLUTE_URL.test(to);
}

/** The problems of a rule set (empty when it is fine): the build fails on any. */
export function routeRulesProblems(rules: RouteRules): string[] {
  const problems: string[] = [];
  const sources = new Set<string>();
  for (const [i, rule] of rules.redirects.entries()) {
    const at = `redirects[${i}] (${rule.from} -> ${rule.to})`;
    if (!rule.from.startsWith("/") || rule.from.startsWith("//")) problems.push(`${at}: "from" must be a path of this site`);
    if (rule.from.includes("**") && !/^\/.*\/\*\*$/.test(rule.from)) problems.push(`${at}: "**" may only end "from" as "/**"`);
    if (sources.has(rule.from)) problems.push(`${at}: "from" is listed twice`);
    sources.add(rule.from);
    if (isAbsoluteUrl(rule.to)) {
      if (rule.external !== true) problems.push(`${at}: an absolute "to" is external and needs "external: true"`);
      if (!/^https?:\/\//i.test(rule.to)) problems.push(`${at}: an external "to" must be an http(s) URL`);
    } else {
      if (!rule.to.startsWith("/")) problems.push(`${at}: "to" must be a path starting with "/" or an absolute URL`);
      if (rule.external) problems.push(`${at}: "external" is only for absolute URLs`);
    }
    if (rule.to.endsWith("/**") && !rule.from.endsWith("/**")) problems.push(`${at}: "to" ends in "/**" but "from" does not`);
  }
  // A redirect to the source of another would chain (and could loop).
  for (const rule of rules.redirects) {
    if (!isAbsoluteUrl(rule.to) && sources.has(rule.to)) problems.push(`${rule.from} -> ${rule.to}: "to" is itself redirected`);
  }
  return problems;
}
