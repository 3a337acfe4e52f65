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
 * the guest pages (features/guest-menu/hydrate.tsx) do not.
 *
 * The decisions are pure functions (navigation-decision.ts, tested in new-version.test.ts);
 * `installNewVersionReload` wires them to the router, fetch, timers and the browser
 * (new-version-env.ts).
 */
import type { AnyRouter, BlockerFn } from "@tanstack/react-router";
import { BUILD_LATEST_PATH, buildMetaPath, isAbsoluteUrl, type RouteRedirect } from "../route-rules";
import { guardExternalNavigation, navigateExternal } from "./external-navigation";
import { decideNavigation, isNewVersion, matchRedirect, parseLatestBuild, parseRouteRules, redirectHref } from "./navigation-decision";
import { browserEnv, type NewVersionEnv } from "./new-version-env";

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
