/// <reference lib="dom" />
/**
 * Issue 30, point 5: the security headers on every kind of answer of the local runtime, and the
 * pages (guest menu, admin panel, API docs) working under its CSP in Chromium without a single
 * violation, the guest page's inline starter included (the app wakes).
 */
import { createHash } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fileBrowser } from "./browser";
import { demo, getJson, path, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { signInAs } from "./sign-in";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc=|application\/json/.test(attrs!)).map((m) => m[2]!);
const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const directive = (csp: string, name: string) => csp.split(/;\s*/).find((d) => d.startsWith(`${name} `))?.split(" ").slice(1);

describe("security headers of the local runtime", () => {
  it("are on every answer, the same CSP everywhere, with no HSTS over plain HTTP", async () => {
    const menu = await publishedMenu("demo", "center", "ru");
    const media = menu.items.find((i) => i.photo)!.photo!;
    const answers: [string, Promise<Response>, number][] = [
      ["SPA page", fetch(`${base}/login`), 200],
      ["build file", fetch(`${base}/favicon.svg`), 200],
      ["guest page", fetch(`${base}/demo/center/menu`), 200],
      ["guest not-found page", fetch(`${base}/no-such-company/no-store/menu`), 404],
      ["published JSON", fetch(`${base}/m/demo/center/ru/index.json`), 200],
      ["missing published file", fetch(`${base}/m/demo/center/xx/index.json`), 404],
      ["media", fetch(`${base}/${media}`), 200],
      ["QR redirect", fetch(`${base}${path(demo().qr_links[0]!)}`, { redirect: "manual" }), 302],
      ["API JSON", fetch(`${base}/api/health`), 200],
      ["API error", fetch(`${base}/api/me`), 401],
      ["API 404", fetch(`${base}/api/no-such-call`), 404],
      ["API 413", fetch(`${base}/api/products/several-get`, { method: "POST", headers: { "content-type": "application/json" }, body: "a".repeat(300 * 1024) }), 413],
      ["API docs", fetch(`${base}/api/docs`), 200],
    ];
    const csps = new Set<string>();
    for (const [what, pending, status] of answers) {
      const res = await pending;
      await res.arrayBuffer();
      expect(res.status, what).toBe(status);
      const h = res.headers;
      csps.add(h.get("content-security-policy") ?? `none on ${what}`);
      expect(h.get("x-frame-options"), what).toBe("DENY");
      expect(h.get("x-content-type-options"), what).toBe("nosniff");
      expect(h.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
      expect(h.get("permissions-policy"), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(h.get("strict-transport-security"), what).toBeNull();
    }
    expect(csps.size).toBe(1);
    const [csp] = [...csps] as [string];
    expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(csp, "script-src")).not.toContain("'unsafe-inline'");
    expect(directive(csp, "script-src")).not.toContain("'unsafe-eval'");
    expect(directive(csp, "frame-src")).toEqual(["https://yandex.ru"]);
  });

  it("names by hash exactly the build's inline scripts: the sign-in form's and the guest starter, the same on every guest page", async () => {
    const csp = (await fetch(`${base}/api/health`)).headers.get("content-security-policy")!;
    const spa = inlineScripts(await (await fetch(`${base}/login`)).text());
    const pages = await Promise.all(["/demo/center/menu", "/demo/center/reviews", "/demo/park/menu"].map(async (p) => inlineScripts(await (await fetch(base + p)).text())));
    expect(spa).toHaveLength(1);
    for (const scripts of pages) expect(scripts).toEqual(pages[0]);
    expect(pages[0]).toHaveLength(1);
    expect(directive(csp, "script-src")!.sort()).toEqual(["'self'", hashSource(spa[0]!), hashSource(pages[0]![0]!)].sort());
  });
});

/** A page that records every CSP violation (and Chromium's console reports of them). */
async function watched(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __violations: string[] }).__violations = []);
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  page.on("pageerror", (e) => violations.push(`page error: ${e.message}`));
  return { page, violations };
}
const recorded = async (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

describe("pages under the CSP in Chromium", () => {
  it("the guest menu: its inline starter runs (the app wakes) and the reviews widget's frame loads, no violation", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    // The widget's site is not reached from here: Chromium gets a stand-in answer (the CSP is checked before any request).
    await context.route("https://yandex.ru/**", (route) => route.fulfill({ contentType: "text/html", body: "<p>reviews widget</p>" }));
    const { page, violations } = await watched(context);
    await page.goto(`${base}/demo/center/menu`);
    await guestReady(page);
    expect(await recorded(page)).toEqual([]);

    // A store whose published menu has the widget.
    const store = await firstStoreWithWidget();
    await page.goto(`${base}/demo/${store}/reviews`);
    const frame = page.locator("[data-testid=reviews-page] iframe");
    await frame.scrollIntoViewIfNeeded();
    await expect.poll(() => page.frames().find((f) => f.url().startsWith("https://yandex.ru/"))?.locator("p").textContent() ?? null).toBe("reviews widget");
    expect(await recorded(page)).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("the admin panel: sign-in form, a rich text editor with a picked photo, printable QR codes, no violation", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, violations } = await watched(context);
    await page.goto(`${base}/login`);
    // The sign-in form of index.html is shown by its inline script before the app takes over.
    await page.locator('input[name="email"]').waitFor();
    expect(await recorded(page)).toEqual([]);
    await signInAs(page, "company_manager");
    expect(await recorded(page)).toEqual([]);

    const cs = await page.evaluate(async () => (await (await fetch("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as { store_id: string });
    type Category = { id: string; parent_id?: string | null };
    const categories = await page.evaluate(async (id) => (await (await fetch(`/api/categories?storeId=${id}&section=kitchen`)).json()) as Category[], cs.store_id);
    const leaf = categories.find((c) => !categories.some((x) => x.parent_id === c.id))!;
    await page.goto(`${base}/demo/center/admin-panel/kitchen/${leaf.id}`);
    await page.getByTestId("add-item").click();
    const dialog = page.getByTestId("item-dialog");
    await dialog.locator(".ql-editor").click();
    await page.keyboard.type("Под CSP");
    await expect.poll(() => dialog.locator(".ql-editor").textContent()).toBe("Под CSP");
    // The preview is a blob: picture; the file goes to its presigned link on this origin.
    await dialog.locator('input[type="file"]').setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
    await dialog.locator("img").first().waitFor();
    expect(await recorded(page)).toEqual([]);

    await page.goto(`${base}/demo/center/admin-panel/tables/print`);
    await page.locator(".print-card__qr img").first().waitFor();
    expect(await page.locator(".print-card__qr img").first().getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(await recorded(page)).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("the API docs: Swagger UI from this origin renders the API's operations, no violation", async () => {
    const context = await browser.newContext();
    const requests: string[] = [];
    context.on("request", (r) => requests.push(r.url()));
    const { page, violations } = await watched(context);
    await page.goto(`${base}/api/docs`);
    await page.locator(".swagger-ui .info .title").filter({ hasText: "QR Menu API" }).waitFor();
    await page.locator(".opblock").first().waitFor();
    expect(await recorded(page)).toEqual([]);
    expect(violations).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(base) && !url.startsWith("data:"))).toEqual([]);

    // The watch sees what the CSP refuses: an inline script added by someone else, and a frame of this page.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    });
    await expect.poll(() => recorded(page)).toEqual([expect.stringMatching(/^script-src-elem inline /)]);
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
  });
});

async function firstStoreWithWidget() {
  for (const url of demo().menu_urls) {
    const [company, store] = path(url).split("/").filter(Boolean) as [string, string];
    if (company !== "demo") continue;
    const menu = await getJson<{ store: { reviews_org_id?: string } }>(`/m/${company}/${store}/ru/index.json`).catch(() => undefined);
    if (menu?.store.reviews_org_id) return store;
  }
  throw new Error("No demo store shows the reviews widget");
}

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
