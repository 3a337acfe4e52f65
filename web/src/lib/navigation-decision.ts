/**
 * The pure decisions of the new-version reload (see new-version.ts): reading the build files,
 * the reload guard, redirect matching and what a page change becomes. Tested in new-version.test.ts.
 */
import { isAbsoluteUrl, type RouteRedirect } from "../route-rules";

/** SPEC section 9: "Reload guard 10000 ms". */
export const RELOAD_GUARD_MS = 10_000;

/** The id of `builds/latest.json`, or undefined when the answer is not such a manifest. */
export function parseLatestBuild(json: unknown): string | undefined {
  const id = (json as { id?: unknown } | null)?.id;
  return typeof id === "string" && id.trim() !== "" ? id : undefined;
}

/** The redirects of `builds/meta/{id}.json` (entries of the wrong shape are left out), or undefined. */
export function parseRouteRules(json: unknown): RouteRedirect[] | undefined {
  const redirects = (json as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(redirects)) return undefined;
  return redirects.flatMap((r: unknown) => {
    const { from, to, external } = (r ?? {}) as Record<string, unknown>;
    if (typeof from !== "string" || !from.startsWith("/") || typeof to !== "string" || to === "") return [];
    return [external === true ? { from, to, external: true as const } : { from, to }];
  });
}

/** A newer build is out: both ids are known and differ (no id of its own, as in `vite dev`: never). */
export function isNewVersion(current: string | undefined, latest: string | undefined): boolean {
  return !!current && !!latest && current !== latest;
}

/** Within RELOAD_GUARD_MS after a forced reload (at `lastReloadAt`) no other is forced. */
export function isReloadGuarded(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt !== undefined && Number.isFinite(lastReloadAt) && now >= lastReloadAt && now - lastReloadAt < RELOAD_GUARD_MS;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * The redirect for a path (trailing slashes ignored): an exact `from`, or a `from` ending in "/**"
 * for the path and everything under it (the rest replaces a "/**" at the end of `to`). The first
 * matching rule wins.
 */
export function matchRedirect(redirects: readonly RouteRedirect[], pathname: string): { to: string; external: boolean } | undefined {
  const path = trimSlash(pathname);
  for (const rule of redirects) {
    if (rule.from.endsWith("/**")) {
      const base = trimSlash(rule.from.slice(0, -3)) || "/";
      const rest = path === base ? "" : base === "/" ? path : path.startsWith(`${base}/`) ? path.slice(base.length) : undefined;
      if (rest === undefined) continue;
      const to = rule.to.endsWith("/**") ? `${rule.to.slice(0, -3)}${rest}` || "/" : rule.to;
      return { to, external: rule.external === true };
    }
    if (trimSlash(rule.from) === path) return { to: rule.to, external: rule.external === true };
  }
  return undefined;
}

/** The redirect's address keeps the query and hash of the original one unless it has its own. */
export function redirectHref(to: string, search: string, hash: string): string {
  const hasQuery = to.includes("?");
  const hasHash = to.includes("#");
  if (hasHash) return to;
  if (hasQuery) return `${to}${hash}`;
  return `${to}${search}${hash}`;
}

/** An address of another site (an absolute URL whose origin is not `origin`). */
export function isExternalHref(href: string, origin: string): boolean {
  if (!isAbsoluteUrl(href)) return false;
  try {
    return new URL(href, origin).origin !== origin;
  } catch {
    return true;
  }
}

export type NavigationTarget = { pathname: string; search: string; hash: string; href: string };

export type NavigationDecision =
  /** Let the router navigate in the page. */
  | { kind: "client" }
  /** Navigate in the page to another address of this site instead (a redirect rule). */
  | { kind: "redirect"; href: string }
  /** A full page load of another site (`external: false`: a rule without the flag, an error). */
  | { kind: "external"; href: string; external: boolean }
  /** A full page load of this address: a new version is out. */
  | { kind: "reload"; href: string };

/**
 * What a page change (from `currentPath` to `target`) becomes. Redirect rules first (of the build
 * that runs); then, when a newer build is out and no forced reload happened within the guard, a
 * full page load of the (redirected) target. A change of the query or hash only stays in the page.
 */
export function decideNavigation(input: {
  currentPath: string;
  target: NavigationTarget;
  redirects: readonly RouteRedirect[];
  currentBuild: string | undefined;
  latestBuild: string | undefined;
  lastReloadAt: number | undefined;
  now: number;
  /** Skip the redirect rules (the target is itself the result of one). */
  redirected?: boolean;
}): NavigationDecision {
  const { target } = input;
  if (trimSlash(target.pathname) === trimSlash(input.currentPath)) return { kind: "client" };
  const rule = input.redirected ? undefined : matchRedirect(input.redirects, target.pathname);
  const href = rule ? redirectHref(rule.to, target.search, target.hash) : target.href;
  if (rule && (rule.external || isAbsoluteUrl(rule.to))) return { kind: "external", href, external: rule.external };
  if (isNewVersion(input.currentBuild, input.latestBuild) && !isReloadGuarded(input.lastReloadAt, input.now)) {
    return { kind: "reload", href };
  }
  return rule ? { kind: "redirect", href } : { kind: "client" };
}
