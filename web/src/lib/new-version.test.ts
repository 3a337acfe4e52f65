/**
 * The new-version reload and route rules (issue 15, point 14) without a browser: the version
 * comparison, the 10 s reload guard, redirect matching, what a page change becomes, the refusal of
 * external addresses without the flag, and the wiring to a router (a fake with the router's
 * `navigate` and `history.block`). The browser side is e2e/new-version.test.ts.
 * Run by the root vitest config (project "web").
 */
import type { AnyRouter, BlockerFn, HistoryLocation } from "@tanstack/react-router";
import { describe, expect, it, vi } from "vitest";
import { BUILD_LATEST_PATH, buildMetaPath, routeRules, routeRulesProblems, type RouteRedirect } from "../route-rules";
import { ExternalNavigationError, navigateExternal } from "./external-navigation";
import { decideNavigation, isNewVersion, isReloadGuarded, matchRedirect, parseLatestBuild, parseRouteRules, RELOAD_GUARD_MS, redirectHref } from "./navigation-decision";
import { installNewVersionReload } from "./new-version";
import type { NewVersionEnv } from "./new-version-env";

const at = (href: string) => {
  const url = new URL(href, "http://menu.test");
  return { pathname: url.pathname, search: url.search, hash: url.hash, href: `${url.pathname}${url.search}${url.hash}` };
};

describe("build ids", () => {
  it("reads the id of builds/latest.json and nothing else", () => {
    expect(parseLatestBuild({ id: "abc123" })).toBe("abc123");
    for (const bad of [{}, { id: "" }, { id: " " }, { id: 7 }, null, "abc", []]) expect(parseLatestBuild(bad)).toBeUndefined();
  });

  it("sees a new version only when both ids are known and differ", () => {
    expect(isNewVersion("a", "b")).toBe(true);
    expect(isNewVersion("a", "a")).toBe(false);
    expect(isNewVersion(undefined, "b")).toBe(false);
    expect(isNewVersion("a", undefined)).toBe(false);
  });
});

describe("reload guard (10000 ms)", () => {
  it("holds from a forced reload for 10 s, then lets the next one through", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    const t = 1_700_000_000_000;
    expect(isReloadGuarded(undefined, t)).toBe(false);
    expect(isReloadGuarded(t, t)).toBe(true);
    expect(isReloadGuarded(t, t + 9_999)).toBe(true);
    expect(isReloadGuarded(t, t + 10_000)).toBe(false);
    // A stored time in the future (clock changed) or garbage does not hold the reload back for ever.
    expect(isReloadGuarded(t + 60_000, t)).toBe(false);
    expect(isReloadGuarded(Number.NaN, t)).toBe(false);
  });
});

describe("redirect rules", () => {
  const redirects: RouteRedirect[] = [
    { from: "/register", to: "/register/organization" },
    { from: "/old-docs/**", to: "/docs/**" },
    { from: "/help", to: "https://help.example.com/menu", external: true },
    { from: "/flat/**", to: "/flat-target" },
  ];

  it("matches exact paths, trailing slash or not, and never a mere prefix", () => {
    expect(matchRedirect(redirects, "/register")).toEqual({ to: "/register/organization", external: false });
    expect(matchRedirect(redirects, "/register/")).toEqual({ to: "/register/organization", external: false });
    expect(matchRedirect(redirects, "/registers")).toBeUndefined();
    expect(matchRedirect(redirects, "/register/user")).toBeUndefined();
    expect(matchRedirect(redirects, "/")).toBeUndefined();
  });

  it("maps a '/**' source with its rest, and flags external targets", () => {
    expect(matchRedirect(redirects, "/old-docs/a/b")?.to).toBe("/docs/a/b");
    expect(matchRedirect(redirects, "/old-docs")?.to).toBe("/docs");
    expect(matchRedirect(redirects, "/old-docsx")).toBeUndefined();
    expect(matchRedirect(redirects, "/flat/x/y")?.to).toBe("/flat-target");
    expect(matchRedirect(redirects, "/help")).toEqual({ to: "https://help.example.com/menu", external: true });
  });

  it("keeps the query and hash unless the target has its own", () => {
    expect(redirectHref("/a", "?x=1", "#h")).toBe("/a?x=1#h");
    expect(redirectHref("/a?y=2", "?x=1", "#h")).toBe("/a?y=2#h");
    expect(redirectHref("/a#top", "?x=1", "#h")).toBe("/a#top");
  });

  it("reads the manifest's redirects, leaving out malformed entries", () => {
    expect(parseRouteRules({ id: "x", redirects: [{ from: "/a", to: "/b" }, { from: "a", to: "/b" }, { from: "/c" }, { from: "/d", to: "https://x.test", external: true }] })).toEqual([
      { from: "/a", to: "/b" },
      { from: "/d", to: "https://x.test", external: true },
    ]);
    expect(parseRouteRules({ id: "x" })).toBeUndefined();
    expect(parseRouteRules(null)).toBeUndefined();
  });

  it("the shipped rules pass the build's check; an absolute target needs the external flag", () => {
    expect(routeRulesProblems(routeRules)).toEqual([]);
    expect(routeRulesProblems({ redirects: [{ from: "/a", to: "https://x.test/" }] }).join()).toMatch(/external: true/);
    expect(routeRulesProblems({ redirects: [{ from: "/a", to: "//x.test/" }] }).join()).toMatch(/external/);
    expect(routeRulesProblems({ redirects: [{ from: "a", to: "/b" }] }).join()).toMatch(/path of this site/);
    expect(routeRulesProblems({ redirects: [{ from: "/a", to: "/b" }, { from: "/b", to: "/c" }] }).join()).toMatch(/itself redirected/);
  });
});

describe("what a page change becomes", () => {
  const base = { currentPath: "/offer", redirects: [] as RouteRedirect[], currentBuild: "a", latestBuild: "a", lastReloadAt: undefined, now: 1_000_000 };

  it("stays in the page without a new version or a rule", () => {
    expect(decideNavigation({ ...base, target: at("/privacy") })).toEqual({ kind: "client" });
  });

  it("loads the target in full when a new version is out, unless a forced reload was under 10 s ago", () => {
    const newer = { ...base, latestBuild: "b", target: at("/privacy?x=1#h") };
    expect(decideNavigation(newer)).toEqual({ kind: "reload", href: "/privacy?x=1#h" });
    expect(decideNavigation({ ...newer, lastReloadAt: base.now - 9_000 })).toEqual({ kind: "client" });
    expect(decideNavigation({ ...newer, lastReloadAt: base.now - 10_000 })).toEqual({ kind: "reload", href: "/privacy?x=1#h" });
    // Only the query or hash of the same page: stays in the page.
    expect(decideNavigation({ ...newer, target: at("/offer?tab=2") })).toEqual({ kind: "client" });
    // Without an id of its own (vite dev) there is nothing to compare.
    expect(decideNavigation({ ...newer, currentBuild: undefined })).toEqual({ kind: "client" });
  });

  it("applies redirects: in the page, in full with a new version, external ones always in full", () => {
    const redirects: RouteRedirect[] = [
      { from: "/register", to: "/register/organization" },
      { from: "/help", to: "https://help.example.com/", external: true },
      { from: "/bad", to: "https://evil.example.com/" },
    ];
    const rules = { ...base, redirects };
    expect(decideNavigation({ ...rules, target: at("/register?plan=2") })).toEqual({ kind: "redirect", href: "/register/organization?plan=2" });
    expect(decideNavigation({ ...rules, latestBuild: "b", target: at("/register") })).toEqual({ kind: "reload", href: "/register/organization" });
    expect(decideNavigation({ ...rules, target: at("/help") })).toEqual({ kind: "external", href: "https://help.example.com/", external: true });
    expect(decideNavigation({ ...rules, target: at("/bad") })).toEqual({ kind: "external", href: "https://evil.example.com/", external: false });
    // The result of a redirect is not redirected again.
    expect(decideNavigation({ ...rules, target: at("/register"), redirected: true })).toEqual({ kind: "client" });
  });
});

describe("navigateExternal", () => {
  it("refuses an external address without the explicit flag", () => {
    const location = { assign: vi.fn(), replace: vi.fn() };
    expect(() => navigateExternal("https://x.test/", {}, location)).toThrow(ExternalNavigationError);
    expect(() => navigateExternal("https://x.test/", { external: false }, location)).toThrow(/explicit flag/);
    expect(location.assign).not.toHaveBeenCalled();
    navigateExternal("https://x.test/", { external: true }, location);
    expect(location.assign).toHaveBeenCalledWith("https://x.test/");
    navigateExternal("https://x.test/r", { external: true, replace: true }, location);
    expect(location.replace).toHaveBeenCalledWith("https://x.test/r");
  });
});

describe("installNewVersionReload", () => {
  function setup({ latest = { id: "b" } as unknown, meta = { id: "a", redirects: [] } as unknown, start = "/offer" } = {}) {
    let blocker: BlockerFn | undefined;
    let check: (() => void) | undefined;
    let now = 1_700_000_000_000;
    let stored: number | undefined;
    const navigate = vi.fn(async (_options: Record<string, unknown>) => {});
    const router = { navigate, history: { location: at(start), block: (b: { blockerFn: BlockerFn }) => ((blocker = b.blockerFn), () => {}) } };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const location = { assign: vi.fn(), replace: vi.fn() };
    const env: NewVersionEnv = {
      buildId: "a",
      origin: "http://menu.test",
      fetchJson: async (path) => {
        const answer = path === BUILD_LATEST_PATH ? latest : path === buildMetaPath("a") ? meta : undefined;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      now: () => now,
      readReloadAt: () => stored,
      writeReloadAt: (t) => ((stored = t), true),
      location,
      schedule: (run) => ((check = run), () => {}),
      defer: (run) => run(),
      log,
    };
    const watch = installNewVersionReload(router as unknown as AnyRouter, env);
    const go = (from: string, to: string, action: "PUSH" | "REPLACE" | "BACK" = "PUSH") =>
      blocker!({ currentLocation: at(from) as HistoryLocation, nextLocation: at(to) as HistoryLocation, action });
    return { watch, go, navigate, router: router as unknown as AnyRouter, log, location, tick: (ms: number) => (now += ms), poll: () => check!() };
  }

  it("after a new id, the next page change is a full load; another within 10 s is not", async () => {
    const s = setup();
    await s.watch.check();
    await s.watch.rulesReady;
    expect(s.log.info).toHaveBeenCalledWith(expect.stringContaining("new version"));
    expect(await s.go("/offer", "/privacy")).toBe(true);
    expect(s.navigate).toHaveBeenLastCalledWith({ href: "/privacy", replace: false, reloadDocument: true });
    s.navigate.mockClear();
    s.tick(9_999);
    expect(await s.go("/privacy", "/offer")).toBe(false);
    expect(s.navigate).not.toHaveBeenCalled();
    s.tick(1);
    expect(await s.go("/offer", "/privacy", "REPLACE")).toBe(true);
    expect(s.navigate).toHaveBeenLastCalledWith({ href: "/privacy", replace: true, reloadDocument: true });
    // Back and forward stay in the page.
    s.tick(20_000);
    expect(await s.go("/privacy", "/offer", "BACK")).toBe(false);
  });

  it("the same id, or a failed poll, changes nothing and is only logged", async () => {
    const same = setup({ latest: { id: "a" } });
    await same.watch.check();
    expect(await same.go("/offer", "/privacy")).toBe(false);
    const failed = setup({ latest: new Error("offline") });
    failed.poll();
    await failed.watch.check();
    expect(failed.log.warn).toHaveBeenCalledWith("Could not check for a new version of the app", expect.any(Error));
    expect(failed.log.error).not.toHaveBeenCalled();
    expect(await failed.go("/offer", "/privacy")).toBe(false);
  });

  it("applies the build's redirects: to the start address, in the page, and external ones in full", async () => {
    const meta = {
      id: "a",
      redirects: [
        { from: "/register", to: "/register/organization" },
        { from: "/help", to: "https://help.example.com/", external: true },
        { from: "/bad", to: "https://evil.example.com/" },
      ],
    };
    const s = setup({ latest: { id: "a" }, meta, start: "/register?plan=1" });
    await s.watch.rulesReady;
    expect(s.navigate).toHaveBeenCalledWith({ href: "/register/organization?plan=1", replace: true });
    // The redirect's own navigation passes.
    expect(await s.go("/register", "/register/organization?plan=1", "REPLACE")).toBe(false);
    s.navigate.mockClear();
    expect(await s.go("/offer", "/register")).toBe(true);
    expect(s.navigate).toHaveBeenCalledWith({ href: "/register/organization", replace: false });
    expect(await s.go("/offer", "/help")).toBe(true);
    expect(s.location.assign).toHaveBeenCalledWith("https://help.example.com/");
    // Without the flag: an error, and the user stays.
    expect(await s.go("/offer", "/bad")).toBe(true);
    expect(s.location.assign).toHaveBeenCalledTimes(1);
    expect(s.log.error).toHaveBeenCalledWith(expect.any(ExternalNavigationError));
  });

  it("a failed route-rules fetch is only logged", async () => {
    const s = setup({ latest: { id: "a" }, meta: new Error("404") });
    await s.watch.rulesReady;
    expect(s.log.warn).toHaveBeenCalledWith("Could not load the route rules of this version of the app", expect.any(Error));
    expect(await s.go("/offer", "/register")).toBe(false);
  });

  it("the router refuses an external address (it needs navigateExternal with the flag)", async () => {
    const s = setup({ latest: { id: "a" } });
    expect(() => s.router.navigate({ href: "https://evil.example.com/x" })).toThrow(ExternalNavigationError);
    expect(() => s.router.navigate({ to: "//evil.example.com/x" } as never)).toThrow(ExternalNavigationError);
    expect(s.navigate).not.toHaveBeenCalled();
    await s.router.navigate({ href: "/privacy" });
    await s.router.navigate({ href: "http://menu.test/privacy" });
    expect(s.navigate).toHaveBeenCalledTimes(2);
  });
});
