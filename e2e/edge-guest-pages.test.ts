/**
 * The guest pages at CloudFront's edge (stacks/edge/guest-pages.js and guest-status.js) answer as the
 * local runtime does (packages/local/src/published.ts). A runtime with the demo data publishes the
 * stores; its publish job writes the edge's data through the GuestEdge port into the data folder
 * (fsGuestEdge: what the KeyValueStore and the menus bucket would hold). The edge code runs on that
 * data the way CloudFront runs it: viewer request (KeyValueStore reads, origin selection, rewrite or
 * own answer), the origin's object, viewer response. Both must give the same status, Location and body.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Demo } from "./demo";
import { copyOfTemplate, RUNTIME_START_MS, startRuntime, type Runtime } from "./runtime";
import { staffApi } from "./staff-api";

const root = resolve(import.meta.dirname, "..");
const webDist = join(root, "web/dist");

type Header = { value: string; multiValue?: { value: string }[] };
type EdgeRequest = { method: string; uri: string; querystring: Record<string, Header>; headers: Record<string, Header>; cookies: Record<string, Header> };
type EdgeResponse = { statusCode: number; statusDescription?: string; headers: Record<string, Header>; body?: { encoding: "text"; data: string } };
type Answer = { status: number; location?: string; body: string };

/**
 * The CloudFront Functions runtime's `cloudfront` module for one request: `kvs()` over the folder's
 * keys (get() rejects a missing key, as CloudFront's does), `selectRequestOriginById`.
 */
function cloudfrontModule(kvsDir: string) {
  const state: { origin?: string } = {};
  const cf = {
    kvs: () => ({
      async get(key: string, options?: { format?: "string" | "json" }) {
        const file = join(kvsDir, encodeURIComponent(key));
        if (!existsSync(file)) throw new Error(`The key ${key} does not exist`);
        const value = readFileSync(file, "utf8");
        return options?.format === "json" ? JSON.parse(value) : value;
      },
    }),
    selectRequestOriginById: (id: string) => {
      state.origin = id;
    },
  };
  return { cf, state };
}

/** A CloudFront Function's file as its handler (the runtime provides `cloudfront` as `cf`). */
function loadFunction(file: string, cf?: unknown) {
  const code = readFileSync(join(root, "stacks/edge", file), "utf8").replace(/^import cf from "cloudfront";$/m, "");
  return new Function("cf", `${code}\nreturn handler;`)(cf) as (event: unknown) => Promise<EdgeRequest | EdgeResponse> | EdgeResponse;
}

/** CloudFront's `querystring` and `cookies` objects (a repeated name gets `multiValue`). */
function fields(pairs: [string, string][]): Record<string, Header> {
  const out: Record<string, Header> = {};
  for (const [k, v] of pairs) {
    const seen = out[k];
    if (seen) seen.multiValue = [...(seen.multiValue ?? [{ value: seen.value }]), { value: v }];
    else out[k] = { value: v };
  }
  return out;
}

describe("guest pages at the edge", () => {
  let runtime: Runtime;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = copyOfTemplate(inject("templateDir"), "menu-edge-");
    runtime = await startRuntime(dataDir);
  }, RUNTIME_START_MS + 30_000);
  afterAll(async () => {
    await runtime?.stop();
  });

  /** The edge's answer to a GET of `path` with `cookie`: functions, then the selected origin's object. */
  async function edge(path: string, cookie = "", kvsDir = join(dataDir, "edge/kvs"), acceptLanguage = ""): Promise<Answer> {
    const { cf, state } = cloudfrontModule(kvsDir);
    const [uri, query = ""] = path.split("?") as [string, string?];
    const request: EdgeRequest = {
      method: "GET",
      uri,
      querystring: fields(query ? query.split("&").map((p) => [p.split("=")[0]!, p.split("=").slice(1).join("=")]) : []),
      headers: { host: { value: "menu.example.com" }, ...(acceptLanguage ? { "accept-language": { value: acceptLanguage } } : {}) },
      cookies: fields(cookie ? cookie.split("; ").map((c) => [c.split("=")[0]!, c.split("=").slice(1).join("=")]) : []),
    };
    const event = { version: "1.0", context: { eventType: "viewer-request" }, viewer: { ip: "198.51.100.7" }, request };
    const result = await loadFunction("guest-pages.js", cf)(event);
    if ("statusCode" in result) return { status: result.statusCode, location: result.headers.location?.value, body: result.body?.data ?? "" };
    // The origin: the SPA bucket when the function selected it, else this behaviour's, the menus bucket.
    const key = result.uri.slice(1);
    let file: string | undefined;
    const headers: Record<string, Header> = {};
    if (state.origin === "site") file = join(webDist, key);
    else if (key.startsWith("m/_not-found/")) {
      // Stored with S3 metadata by the cloud adapter (cloudfront-guest-edge.ts); S3 answers it as x-amz-meta-*.
      file = join(dataDir, "edge/not-found", key.slice("m/_not-found/".length));
      headers["x-amz-meta-guest-status"] = { value: "404" };
    } else file = join(dataDir, "objects", key);
    // The buckets are read through OAC/OAI without s3:ListBucket: a missing key is a 403.
    if (!existsSync(file)) return { status: 403, body: "" };
    const response: EdgeResponse = { statusCode: 200, headers: { ...headers, etag: { value: '"e"' } } };
    const answered = (await loadFunction("guest-status.js")({ version: "1.0", context: { eventType: "viewer-response" }, request, response })) as EdgeResponse;
    return { status: answered.statusCode, location: answered.headers.location?.value, body: readFileSync(file, "utf8") };
  }

  async function local(path: string, cookie = "", acceptLanguage = ""): Promise<Answer> {
    const headers = { ...(cookie ? { cookie } : {}), ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) };
    const res = await fetch(runtime.baseUrl + path, { headers, redirect: "manual" });
    return { status: res.status, location: res.headers.get("location") ?? undefined, body: res.status === 301 ? "" : await res.text() };
  }

  const manifest = (company: string, store: string) =>
    JSON.parse(readFileSync(join(dataDir, "objects/m", company, store, "manifest.json"), "utf8")) as {
      languages: string[];
      default_language: string;
      pages: string[];
      build: string;
    };
  const page = (company: string, store: string, lang: string, name: string) =>
    readFileSync(join(dataDir, "objects/m", company, store, lang, `${name}.html`), "utf8");

  /** Same status, Location and body from both; returns the edge's answer. */
  async function same(path: string, cookie = "", acceptLanguage = "") {
    const atEdge = await edge(path, cookie, undefined, acceptLanguage);
    const atLocal = await local(path, cookie, acceptLanguage);
    expect({ path, cookie, status: atEdge.status, location: atEdge.location }).toEqual({ path, cookie, status: atLocal.status, location: atLocal.location });
    expect(atEdge.body === atLocal.body, `${path} ${cookie} ${acceptLanguage}: same body`).toBe(true);
    return atEdge;
  }

  /**
   * Whether both answer `path` with the published page `lang/name`, as it is now. The runtime may
   * still be republishing after its start (the demo's translations, the whole-menu page), so
   * callers poll: a page rewritten between the two reads is read again.
   */
  async function published(path: string, cookie: string, acceptLanguage: string, company: string, store: string, lang: string, name: string) {
    const answer = await same(path, cookie, acceptLanguage);
    return answer.status === 200 && answer.body === page(company, store, lang, name);
  }

  it("serves the published page in the guest's language, as the local runtime does", async () => {
    const center = manifest("demo", "center");
    const park = manifest("demo", "park");
    const other = center.languages.find((l) => l !== center.default_language)!;
    expect(other, "the demo store offers a second language").toBeDefined();
    const unoffered = ["ru", "en", "zh", "ar", "tr", "fr"].find((l) => !center.languages.includes(l))!;

    const cases: [string, string, string, string][] = [
      // path, cookie, expected language, expected page
      ["/demo/center/menu", "", center.default_language, "menu"],
      ["/demo/center/menu", `menu_language=${other}`, other, "menu"],
      ["/demo/center/menu", `locale=${other}`, other, "menu"],
      ["/demo/center/menu", `menu_language=${unoffered}; locale=${other}`, other, "menu"],
      ["/demo/center/menu", `menu_language=${unoffered}`, center.default_language, "menu"],
      ["/demo/center/menu/", "", center.default_language, "menu"],
      ["/DEMO/Center/reviews", "", center.default_language, "reviews"],
      ["/demo/park/reviews", "", park.default_language, "reviews"],
    ];
    for (const position of center.pages.filter((p) => p.startsWith("promotions/"))) {
      cases.push([`/demo/center/${position}`, `menu_language=${other}`, other, position]);
    }
    expect(cases.some(([path]) => /promotions\/\d+$/.test(path)), "a demo promotions page").toBe(true);
    for (const [path, cookie, lang, name] of cases) {
      const [, company, store] = path.toLowerCase().split("/");
      await expect.poll(() => published(path, cookie, "", company!, store!, lang, name), { message: `${path} ${cookie} is ${lang}/${name}` }).toBe(true);
    }
  });

  it("answers an unknown company or store with the 404 page in the visitor's language, and bad encoding with 400", async () => {
    for (const [path, cookie, lang] of [
      ["/demo/nowhere/menu", "", "ru"],
      ["/nobody/center/reviews", "locale=en", "en"],
      ["/demo/nowhere/promotions/1", "menu_language=zh; locale=en", "zh"],
      ["/demo/nowhere/menu", "menu_language=xx", "ru"],
    ] as const) {
      const answer = await same(path, cookie);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain(`lang="${lang}"`);
    }
    expect((await same("/demo/%E0%A4%A/menu")).status).toBe(400);
  });

  it("answers a promotions address that names no position, or one the store does not have, with the 404 page in the visitor's language", async () => {
    const park = manifest("demo", "park");
    // Positions the store does not have (issue 48): one past its last, a far one, and its first written with a leading zero.
    const last = Math.max(...park.pages.filter((p) => p.startsWith("promotions/")).map((p) => Number(p.slice("promotions/".length))));
    for (const [path, cookie, acceptLanguage, lang] of [
      [`/demo/park/promotions/${last + 1}`, "", "", "ru"],
      ["/demo/park/promotions/99", "menu_language=ar", "", "ar"],
      ["/demo/park/promotions/9999/", "", "zh-CN,zh;q=0.9", "zh"],
      ["/demo/center/promotions/00", "locale=en", "", "en"],
      ["/demo/park/promotions/abc", "", "", "ru"],
      ["/demo/park/promotions/abc", "menu_language=ar", "", "ar"],
      ["/demo/park/promotions/1/2", "", "ar-SA,ar;q=0.9,en;q=0.8", "ar"],
      ["/demo/center/promotions/x1", "locale=en", "fr", "en"],
      ["/demo/nowhere/menu", "", "xx, tr;q=0.5", "tr"],
    ] as const) {
      const answer = await same(path, cookie, acceptLanguage);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain(`lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"`);
    }
  });

  it("opens a first visit in the first Accept-Language the store offers, as the local runtime does", async () => {
    const center = manifest("demo", "center");
    const other = center.languages.find((l) => l !== center.default_language)!;
    const unoffered = ["ru", "en", "zh", "ar", "tr", "fr"].find((l) => !center.languages.includes(l))!;
    for (const [cookie, acceptLanguage, lang] of [
      ["", `${other}-XX,${other};q=0.9`, other],
      ["", `${unoffered}, ${other};q=0.3`, other],
      ["", `${center.default_language};q=0.2, ${other};q=0.8`, other],
      ["", unoffered, center.default_language],
      ["", `${other};q=0`, center.default_language],
      [`menu_language=${center.default_language}`, other, center.default_language],
    ] as const) {
      await expect.poll(() => published("/demo/center/menu", cookie, acceptLanguage, "demo", "center", lang, "menu"), { message: `${cookie} ${acceptLanguage} is ${lang}` }).toBe(true);
    }
  });

  it("gives the SPA rather than the bucket's 403 for an unknown store before anything was published", async () => {
    const spa = readFileSync(join(webDist, "index.html"), "utf8");
    const fresh = await edge("/demo/no-such-store/menu", "", mkdtempSync(join(tmpdir(), "menu-edge-empty-")));
    expect(fresh.status).toBe(200);
    expect(fresh.body === spa, "the edge gives the SPA").toBe(true);
    // Once a publish stored the not-found pages, the same address is a 404.
    expect((await edge("/demo/no-such-store/menu")).status).toBe(404);
  });

  it("answers the reviews address of a store without a widget with its menu, at the edge as in the runtime", async () => {
    const demo = JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;
    const login = demo.logins.find((l) => l.role === "company_manager")!;
    const owner = await staffApi(runtime.baseUrl, login.email, login.password);
    const park = manifest("demo", "park") as ReturnType<typeof manifest> & { store_id: string };
    expect(park.pages).toContain("reviews");
    expect((await owner.send("DELETE", `/api/reviews-widget?storeId=${park.store_id}`, undefined)).status).toBe(200);
    await expect.poll(() => manifest("demo", "park").pages.includes("reviews"), { timeout: 30_000 }).toBe(false);
    // The edge route says so (`r: 0`), and the runtime sees the new manifest once its 2 s cache ends.
    await expect.poll(() => JSON.parse(readFileSync(join(dataDir, "edge/kvs", encodeURIComponent("demo/park")), "utf8")).r).toBe(0);
    await expect.poll(async () => (await local("/demo/park/reviews")).body === page("demo", "park", park.default_language, "menu")).toBe(true);
    const answer = await same("/demo/park/reviews");
    expect(answer.status).toBe(200);
    expect(answer.body === page("demo", "park", park.default_language, "menu"), "the menu page").toBe(true);
  });

  it("redirects a former URL name with 301, keeping the query", async () => {
    const demo = JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo;
    const login = demo.logins.find((l) => l.role === "store_manager")!;
    const api = await staffApi(runtime.baseUrl, login.email, login.password);
    const { store_id } = (await (await api.request("/api/me")).json()) as { store_id: string };
    const settings = (await (await api.request(`/api/store-settings?storeId=${store_id}`)).json()) as Record<string, unknown> & { url_key: string };
    const former = settings.url_key;
    const renamed = `${former}renamed`;
    const saved = await api.send("PUT", "/api/store-settings", { ...settings, storeId: store_id, url_key: renamed });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // The publish of the new name (queued by the save) writes its route.
    await expect.poll(() => existsSync(join(dataDir, "edge/kvs", encodeURIComponent(`demo/${renamed}`)))).toBe(true);
    // The runtime keeps published objects 2 s, as CloudFront keeps them seconds: wait for it to see the move.
    await expect.poll(async () => (await local(`/demo/${former}/menu`)).status).toBe(301);

    for (const path of [`/demo/${former}/menu?table=3&utm=qr`, `/demo/${former}/promotions/0`, `/Demo/${former}/reviews`]) {
      const answer = await same(path);
      expect(answer.status).toBe(301);
    }
    expect((await edge(`/demo/${former}/menu?table=3&utm=qr`)).location).toBe(`/demo/${renamed}/menu?table=3&utm=qr`);
    expect((await same(`/demo/${renamed}/menu`)).status).toBe(200);
  });

  it("gives the SPA for pages of an older web build", async () => {
    // As a publish by an older build left them: the manifest and the edge route name that build.
    const store = readdirSync(join(dataDir, "objects/m/demo")).find((s) => "build" in manifest("demo", s))!;
    const manifestFile = join(dataDir, "objects/m/demo", store, "manifest.json");
    writeFileSync(manifestFile, JSON.stringify({ ...manifest("demo", store), build: "an-older-build" }));
    const routeFile = join(dataDir, "edge/kvs", encodeURIComponent(`demo/${store}`));
    writeFileSync(routeFile, JSON.stringify({ ...JSON.parse(readFileSync(routeFile, "utf8")), b: "an-older-build" }));
    // The edge first: the local runtime republishes the store when it sees the old build.
    const spa = readFileSync(join(webDist, "index.html"), "utf8");
    const atEdge = await edge(`/demo/${store}/menu`);
    expect(atEdge.status).toBe(200);
    expect(atEdge.body === spa, "the edge gives the SPA").toBe(true);
    // The runtime sees the old manifest once its 2 s cache of the current one has expired.
    await expect.poll(async () => {
      const atLocal = await local(`/demo/${store}/menu`);
      return atLocal.status === 200 && atLocal.body === spa;
    }, { message: "the runtime gives the SPA" }).toBe(true);
  });
});
