/**
 * New-version reload and route rules (issue 15, point 14; SPEC sections 2, 7, 8, 9).
 *
 * Every build writes `builds/latest.json` (`{ id }`) and `builds/meta/{id}.json` (its route rules)
 * and puts its id into index.html (`<meta name="menu-build-id">`, the Vite plugin in
 * vite.config.ts). The SPA
 * - polls `builds/latest.json` every VERSION_POLL_MS, when the tab comes back into view or gets the
 *   focus, and once at start; an id other than its own means a new version was deployed;
 * - then does the next page change (a link, a `navigate`) as a full page load of its target, so
 *   the user gets the new version without losing anything mid-page. A forced load is remembered in
 *   sessionStorage, and within RELOAD_GUARD_MS of one no other is forced (no reload loops when a
 *   stale copy of the app is served, as during a deploy);
 * - fetches its own build's route rules once at start and applies their redirects on every page
 *   change (and to the address it started on): a path of this site by a client navigation, an
 *   external one by a full page load (`navigateExternal`);
 * - refuses to navigate the router to another site: that needs `navigateExternal(url, { external: true })`.
 * A failed fetch of either file is only logged. Only the admin/SPA entry (main.tsx) installs this;
 * the guest pages (features/menu/hydrate.tsx) do not.
 *
 * The decisions are pure functions (tested in new-version.test.ts); `installNewVersionReload`
 * wires them to the router, fetch, timers and the browser.
 */
import type { AnyRouter, BlockerFn } from "@tanstack/react-router";
import { BUILD_ID_META, BUILD_LATEST_PATH, buildMetaPath, isAbsoluteUrl, type RouteRedirect } from "../route-rules";

/** One small request a minute: a deploy reaches open tabs within a minute or at the next tab switch. */
export const VERSION_POLL_MS = 60_000;
/** SPEC section 9: "Reload guard 10000 ms". */
export const RELOAD_GUARD_MS = 10_000;
/** sessionStorage key of the time (ms since the epoch) of the last forced reload. */
export const RELOAD_AT_KEY = "menu:version-reload-at";

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

export class ExternalNavigationError extends Error {
  constructor(url: string) {
    super(`Navigating to an external URL needs an explicit flag (navigateExternal(url, { external: true })): ${url}`);
    this.name = "ExternalNavigationError";
  }
}

type Assignable = Pick<Location, "assign" | "replace">;

/**
 * A full page load of another site. Without `{ external: true }` it is an error (SPEC section 8:
 * "Navigating to an external URL without an explicit flag is an error"), so an address that came
 * from data cannot send the user away by accident.
 */
export function navigateExternal(url: string, options: { external?: boolean; replace?: boolean } = {}, location: Assignable = window.location): void {
  if (options.external !== true) throw new ExternalNavigationError(url);
  if (options.replace) location.replace(url);
  else location.assign(url);
}

/** What `installNewVersionReload` uses of the browser (tests pass fakes). */
export type NewVersionEnv = {
  buildId: string | undefined;
  origin: string;
  fetchJson: (path: string) => Promise<unknown>;
  now: () => number;
  readReloadAt: () => number | undefined;
  /** False when it could not be stored: then no reload is forced (the guard could not hold). */
  writeReloadAt: (at: number) => boolean;
  location: Assignable;
  /** Runs `check` on the poll interval and when the tab is shown or focused; returns a stop. */
  schedule: (check: () => void) => () => void;
  defer: (run: () => void) => void;
  log: Pick<Console, "info" | "warn" | "error">;
};

export function browserEnv(): NewVersionEnv {
  const base = import.meta.env.BASE_URL;
  return {
    buildId: document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META}"]`)?.content || undefined,
    origin: window.location.origin,
    fetchJson: async (path) => {
      const response = await fetch(`${base}${path}`, { cache: "no-store", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json();
    },
    now: () => Date.now(),
    readReloadAt: () => {
      try {
        const value = sessionStorage.getItem(RELOAD_AT_KEY);
        return value === null ? undefined : Number(value);
      } catch {
        return undefined;
      }
    },
    writeReloadAt: (at) => {
      try {
        sessionStorage.setItem(RELOAD_AT_KEY, String(at));
        return true;
      } catch {
        return false;
      }
    },
    location: window.location,
    schedule: (check) => {
      const timer = window.setInterval(() => {
        if (document.visibilityState === "visible") check();
      }, VERSION_POLL_MS);
      const onShow = () => {
        if (document.visibilityState === "visible") check();
      };
      document.addEventListener("visibilitychange", onShow);
      window.addEventListener("focus", onShow);
      return () => {
        window.clearInterval(timer);
        document.removeEventListener("visibilitychange", onShow);
        window.removeEventListener("focus", onShow);
      };
    },
    defer: (run) => void window.setTimeout(run, 0),
    log: console,
  };
}

export type NewVersionWatch = {
  /** Polls `builds/latest.json` now (one request at a time). */
  check: () => Promise<void>;
  /** The route rules of this build, once fetched (or failed). */
  rulesReady: Promise<void>;
  stop: () => void;
};

/**
 * Installs the poll, the route rules and the navigation guard on the router. Without a build id
 * of its own (`vite dev`) only the guard against external navigation is installed.
 */
export function installNewVersionReload(router: AnyRouter, env: NewVersionEnv = browserEnv()): NewVersionWatch {
  guardExternalNavigation(router, env.origin);
  const currentBuild = env.buildId;
  if (!currentBuild) return { check: async () => {}, rulesReady: Promise.resolve(), stop: () => {} };

  let latestBuild: string | undefined;
  let announced: string | undefined;
  let redirects: readonly RouteRedirect[] = [];
  let redirectedHref: string | undefined;
  let inFlight: Promise<void> | undefined;

  const check = () =>
    (inFlight ??= env
      .fetchJson(BUILD_LATEST_PATH)
      .then((json) => {
        const id = parseLatestBuild(json);
        if (!id) throw new Error(`${BUILD_LATEST_PATH} has no build id`);
        latestBuild = id;
        if (isNewVersion(currentBuild, id) && announced !== id) {
          announced = id;
          env.log.info(`A new version of the app is out (${id}, this is ${currentBuild}): the next page change loads it`);
        }
      })
      .catch((error: unknown) => env.log.warn("Could not check for a new version of the app", error))
      .finally(() => (inFlight = undefined)));

  /** A redirect of the address the app started on. */
  const redirectStart = () => {
    const { pathname, search, hash } = router.history.location;
    const rule = matchRedirect(redirects, pathname);
    if (!rule) return;
    const href = redirectHref(rule.to, search, hash);
    if (rule.external || isAbsoluteUrl(rule.to)) return followExternal(href, rule.external, true);
    redirectedHref = href;
    void router.navigate({ href, replace: true });
  };

  const rulesReady = env
    .fetchJson(buildMetaPath(currentBuild))
    .then((json) => {
      const rules = parseRouteRules(json);
      if (!rules) throw new Error(`${buildMetaPath(currentBuild)} has no redirects list`);
      redirects = rules;
      redirectStart();
    })
    .catch((error: unknown) => env.log.warn("Could not load the route rules of this version of the app", error));

  const followExternal = (href: string, external: boolean, replace: boolean) => {
    try {
      navigateExternal(href, { external, replace }, env.location);
    } catch (error) {
      env.log.error(error);
    }
  };

  const blockerFn: BlockerFn = ({ currentLocation, nextLocation, action }) => {
    // Back and forward have moved the address already: they stay in the page.
    if (action !== "PUSH" && action !== "REPLACE") return false;
    const redirected = redirectedHref !== undefined && nextLocation.href === redirectedHref;
    redirectedHref = undefined;
    const decision = decideNavigation({
      currentPath: currentLocation.pathname,
      target: nextLocation,
      redirects,
      currentBuild,
      latestBuild,
      lastReloadAt: env.readReloadAt(),
      now: env.now(),
      redirected,
    });
    const replace = action === "REPLACE";
    switch (decision.kind) {
      case "client":
        return false;
      case "external":
        followExternal(decision.href, decision.external, replace);
        return true;
      case "redirect":
        redirectedHref = decision.href;
        env.defer(() => void router.navigate({ href: decision.href, replace }));
        return true;
      case "reload":
        // Without a stored time the guard could not hold: then the version waits for a reload by the user.
        if (!env.writeReloadAt(env.now())) return false;
        // Through the router, so that other blockers (unsaved changes) are asked first.
        env.defer(() => void router.navigate({ href: decision.href, replace, reloadDocument: true }));
        return true;
    }
  };
  // Only in-app navigations: closing or leaving the tab is never held up here.
  const unblock = router.history.block({ blockerFn, enableBeforeUnload: false });

  const unschedule = env.schedule(() => void check());
  void check();
  return {
    check,
    rulesReady,
    stop: () => {
      unblock();
      unschedule();
    },
  };
}

/**
 * `router.navigate` (links, `useNavigate`, redirects of loaders) refuses addresses of another site:
 * the router would otherwise load them in full without asking (SPEC section 8).
 */
function guardExternalNavigation(router: AnyRouter, origin: string): void {
  const navigate = router.navigate.bind(router);
  router.navigate = ((options: { href?: unknown; to?: unknown }) => {
    for (const target of [options.href, options.to]) {
      if (typeof target === "string" && isExternalHref(target, origin)) throw new ExternalNavigationError(target);
    }
    return navigate(options as Parameters<typeof navigate>[0]);
  }) as typeof router.navigate;
}
