/// <reference lib="dom" />
/**
 * Issue 15, point 14 in the browser: the build's id and route rules (`builds/latest.json`,
 * `builds/meta/{id}.json`) are served as uncached JSON; after a new id is announced the next page
 * change is a full page load, and another one within the reload guard (10000 ms) is not; a failed
 * poll is only logged; the build's redirects apply (in the page, external ones in full, an external
 * one without the flag is an error); a failed start says "Error while mounting app" and shows the
 * error screen. A new version is simulated by answering `builds/latest.json` with another id.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
/** The same server under another origin: an "external" site for the redirects. */
const otherSite = base.replace("127.0.0.1", "localhost");
const builtId = (JSON.parse(readFileSync(new URL("../web/dist/builds/latest.json", import.meta.url), "utf8")) as { id: string }).id;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

type Tab = {
  page: Page;
  /** Console messages as "type: text". */
  console: string[];
  errors: string[];
  /** Full page loads of the tab (main-frame document requests), as URLs. */
  documents: string[];
};

async function newTab(): Promise<Tab> {
  const context = await browser.newContext();
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: "en", url: base }]);
  const page = await context.newPage();
  const tab: Tab = { page, console: [], errors: [], documents: [] };
  page.on("console", (m) => tab.console.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => tab.errors.push(e.message));
  page.on("request", (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) tab.documents.push(r.url());
  });
  return tab;
}

const count = (tab: Tab, pattern: RegExp) => tab.console.filter((m) => pattern.test(m)).length;
const NEW_VERSION = /^info: A new version of the app is out/;
/** A mark in the page's window: gone after a full page load, kept by a navigation in the page. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark?: string }).mark = "kept"));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: string }).mark ?? "reloaded").catch(() => "navigating");
/** What the app does when the tab comes back into view: a poll of builds/latest.json. */
const showTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
const footerLink = (page: Page, path: string) => page.locator(`footer a[href="${path}"]`);

describe("build files", () => {
  it("serves builds/latest.json and the build's route rules as uncached JSON, other /builds files as 404", async () => {
    expect(builtId).toMatch(/^[0-9a-f]{16}$/);
    const latest = await fetch(`${base}/builds/latest.json`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("content-type")).toMatch(/^application\/json/);
    expect(latest.headers.get("cache-control")).toBe("no-cache");
    expect(await latest.json()).toEqual({ id: builtId });

    const meta = await fetch(`${base}/builds/meta/${builtId}.json`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get("content-type")).toMatch(/^application\/json/);
    expect(meta.headers.get("cache-control")).toBe("no-cache");
    expect(await meta.json()).toEqual({ id: builtId, redirects: expect.arrayContaining([{ from: "/register", to: "/register/organization" }]) });

    // The app knows its own id from index.html.
    expect(await (await fetch(`${base}/offer`)).text()).toContain(`<meta name="menu-build-id" content="${builtId}">`);

    for (const path of ["/builds/meta/0000000000000000.json", "/builds/other.json", "/builds/meta/", "/builds/", "/builds/latest"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).not.toMatch(/html/);
    }
  });
});

describe("new version", () => {
  it("after a new id the next page change loads in full, not again within 10 s, and again after", async () => {
    const tab = await newTab();
    const { page } = tab;
    // Date.now() is fixed (timers run): the reload guard's 10 s pass only when the test says so.
    const t0 = Date.UTC(2030, 0, 15, 10, 0, 0);
    await page.clock.setFixedTime(t0);
    // The id builds/latest.json answers with (undefined: the served one).
    let latest: string | undefined = undefined;
    let polls = 0;
    await page.route("**/builds/latest.json", async (route) => {
      polls += 1;
      if (latest) await route.fulfill({ json: { id: latest }, headers: { "Cache-Control": "no-cache" } });
      else await route.continue();
    });

    await page.goto(`${base}/offer`);
    await footerLink(page, "/privacy").waitFor();
    await expect.poll(() => polls).toBeGreaterThanOrEqual(1); // the check at start: the same id
    await mark(page);
    await footerLink(page, "/privacy").click();
    await page.waitForURL(`${base}/privacy`);
    expect(await marked(page)).toBe("kept");
    expect(count(tab, NEW_VERSION)).toBe(0);

    // A deploy: the poll (here on showing the tab) sees another id.
    latest = "0123456789abcdef";
    await showTab(page);
    await expect.poll(() => count(tab, NEW_VERSION)).toBe(1);
    expect(await marked(page)).toBe("kept"); // nothing happens until the next page change
    await footerLink(page, "/offer").click();
    await page.waitForURL(`${base}/offer`);
    await expect.poll(() => marked(page)).toBe("reloaded");
    expect(tab.documents).toEqual([`${base}/offer`, `${base}/offer`]);

    // The loaded page is still the old build (the answer says otherwise): it sees the new id again...
    await expect.poll(() => count(tab, NEW_VERSION)).toBe(2);
    await footerLink(page, "/user-agreement").waitFor();
    await mark(page);
    // ...but within 10 s of the forced reload the next page change stays in the page.
    await footerLink(page, "/user-agreement").click();
    await page.waitForURL(`${base}/user-agreement`);
    expect(await marked(page)).toBe("kept");
    expect(tab.documents).toHaveLength(2);

    // 10 s after the forced reload the guard is over: the next page change loads in full again.
    await page.clock.setFixedTime(t0 + 10_000);
    await footerLink(page, "/privacy").click();
    await page.waitForURL(`${base}/privacy`);
    await expect.poll(() => marked(page)).toBe("reloaded");
    expect(tab.documents).toEqual([`${base}/offer`, `${base}/offer`, `${base}/privacy`]);
    expect(tab.errors).toEqual([]);
  });

  it("a failed poll is only logged", async () => {
    const tab = await newTab();
    const { page } = tab;
    await page.route("**/builds/latest.json", (route) => route.abort());
    await page.goto(`${base}/offer`);
    await footerLink(page, "/privacy").waitFor();
    const failed = /^warning: Could not check for a new version of the app/;
    await expect.poll(() => count(tab, failed)).toBe(1);
    await showTab(page);
    await expect.poll(() => count(tab, failed)).toBe(2);
    await mark(page);
    await footerLink(page, "/privacy").click();
    await page.waitForURL(`${base}/privacy`);
    expect(await marked(page)).toBe("kept");
    expect(tab.documents).toHaveLength(1);
    expect(tab.errors).toEqual([]);
    // Nothing is shown: no error screen, no notification; the only errors are the browser's own about the request.
    expect(await page.getByTestId("error-screen").count()).toBe(0);
    expect(await page.locator("[data-sonner-toast]").count()).toBe(0);
    expect(tab.console.filter((m) => m.startsWith("error:") && !/Failed to load resource/.test(m))).toEqual([]);
  });
});

describe("route rules", () => {
  it("redirects the bare /register of the build's rules in the page, keeping the query", async () => {
    const tab = await newTab();
    const response = await tab.page.goto(`${base}/register?plan=year`);
    expect(response?.status()).toBe(200);
    await tab.page.waitForURL(`${base}/register/organization?plan=year`);
    expect(tab.documents).toEqual([`${base}/register?plan=year`]);
  });

  it("applies the build's redirects: in the page, an external one in full, one without the flag is an error", async () => {
    const tab = await newTab();
    const { page } = tab;
    const redirects = [
      { from: "/privacy", to: "/offer" },
      { from: "/privacy-policy", to: `${otherSite}/user-agreement`, external: true },
      { from: "/service-contacts", to: `${otherSite}/user-agreement` },
    ];
    await page.route("**/builds/meta/*.json", (route) => route.fulfill({ json: { id: builtId, redirects } }));

    // The address the app starts on is redirected once the rules are in.
    await page.goto(`${base}/privacy`);
    await page.waitForURL(`${base}/offer`);
    await footerLink(page, "/service-contacts").waitFor();
    await mark(page);

    // An external target without the flag: an error, and the user stays.
    await footerLink(page, "/service-contacts").click();
    await expect.poll(() => count(tab, /^error: .*Navigating to an external URL needs an explicit flag/)).toBe(1);
    expect(page.url()).toBe(`${base}/offer`);
    expect(await marked(page)).toBe("kept");

    // With the flag: a full page load of the other site.
    await footerLink(page, "/privacy-policy").click();
    await page.waitForURL(`${otherSite}/user-agreement`);
    await expect.poll(() => marked(page)).toBe("reloaded");
    expect(tab.documents).toEqual([`${base}/privacy`, `${otherSite}/user-agreement`]);
    expect(tab.errors).toEqual([]);
  });
});

describe("startup", () => {
  it("a failed start is logged as 'Error while mounting app' and shows the error screen", async () => {
    const tab = await newTab();
    const { page } = tab;
    // The interface catalog cannot be loaded: the app cannot mount.
    await page.route(/\/assets\/en-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${base}/offer`);
    await page.getByTestId("error-screen").waitFor();
    expect(tab.console.filter((m) => m.startsWith("error: Error while mounting app"))).toHaveLength(1);
  });
});
