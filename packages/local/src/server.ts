import { readFile } from "node:fs/promises";
import { createServer, STATUS_CODES, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApp, type AppOptions } from "@menu/api";
import { unrouted } from "@menu/api/methods";
import { cameOverHttps, securityHeaderSets, type SecurityPolicy } from "@menu/api/security-headers";
import { MESSAGES, usePorts } from "@menu/core";
import { LOCAL_FILES_PATH, verifyLocalLink } from "@menu/core/adapters/local-links";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import type { NotFoundPage } from "./not-found";

/**
 * Everything on one port, the way CloudFront routes it in the cloud: the API (/api/*, /t/*),
 * uploaded media (/media/*) from the object store, signed file links (/files/*, where S3 presigned
 * URLs point in the cloud), and the built SPA with its index.html fallback.
 * The published guest menus are answered in front of it (`publishedHandler`, `frontServer` below).
 * The app's security headers (`options.security`, the web build's script hashes) cover all of it.
 */
const refused = (c: Context) => c.json({ code: "forbidden", message: "The link is invalid or has expired" }, 403, { "Cache-Control": "no-store" });

export function createLocalApp(options: AppOptions & { webDist: string; notFound?: NotFoundPage; spaRoute?: (path: string) => string | undefined }) {
  const app = new Hono();
  app.use("*", compress());
  const api = createApp(options);
  app.route("/", api);
  // A path of the API's asked with a method it has no route for: 405 with Allow, as the app answers it.
  const answer = unrouted(api.routes);
  app.notFound(answer);

  app.get("/media/*", async (c) => {
    const object = await usePorts().objects.get(c.req.path.slice(1));
    if (!object) return c.notFound();
    const headers = {
      ETag: object.etag,
      // Media keys are generated per upload and never rewritten, so they can be cached forever.
      "Cache-Control": "public, max-age=31536000, immutable",
    };
    if (c.req.header("if-none-match") === object.etag) return c.body(null, 304, headers);
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Type": object.contentType });
  });

  // The local stand-in for S3 presigned URLs (export downloads, uploads): the signed link is the permission.
  app.get(`${LOCAL_FILES_PATH}*`, async (c) => {
    const link = verifyLocalLink("GET", new URL(c.req.url));
    // S3 answers a bad or expired signature with 403 too.
    if (!link) return refused(c);
    const object = await usePorts().objects.get(link.key);
    if (!object) return c.json({ code: "notFound", message: "Page not found" }, 404, { "Cache-Control": "no-store" });
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": object.contentType,
      "Content-Disposition": `attachment; filename="${link.terms.name}"`,
      "Cache-Control": "private, no-store",
    });
  });
  // Presigned uploads (the browser PUTs the file itself): exactly the signed type and size, as S3 checks them.
  app.put(`${LOCAL_FILES_PATH}*`, async (c) => {
    const link = verifyLocalLink("PUT", new URL(c.req.url));
    if (!link || c.req.header("content-type") !== link.terms.type || c.req.header("content-length") !== link.terms.size) return refused(c);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (String(body.byteLength) !== link.terms.size) return refused(c);
    await usePorts().objects.put(link.key, body, link.terms.type!);
    return c.body(null, 200);
  });

  app.use(
    "/assets/*",
    serveStatic({
      root: options.webDist,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The build's id (polled by open tabs) and route rules: always revalidated, never the SPA's page.
  const buildFiles = serveStatic({
    root: options.webDist,
    onFound: (_path, c) => c.header("Cache-Control", "no-cache"),
  });
  app.use("/builds/*", async (c) => {
    const known = c.req.path === "/builds/latest.json" || /^\/builds\/meta\/[\w-]+\.json$/.test(c.req.path);
    const found = known && (c.req.method === "GET" || c.req.method === "HEAD") ? await buildFiles(c, async () => {}) : undefined;
    return found ?? c.json({ code: "notFound", message: `Page Not Found: ${c.req.path}` }, 404, { "Cache-Control": "no-cache" });
  });

  // Files of the build (favicon and the like); paths without an extension are SPA routes.
  const files = serveStatic({ root: options.webDist });
  // A missing file is a 404 (as from the SPA bucket), never index.html in place of a script.
  app.use("*", async (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path)) return next();
    return (await files(c, async () => {})) ?? c.text("Not Found", 404);
  });

  // As behind CloudFront (/api/* goes to the API only): an unknown API path is the API's 404, not the SPA's page.
  app.all("/api/*", answer);

  let indexHtml: Promise<string> | undefined;
  let redirectSources: Promise<string[]> | undefined;
  app.get("*", async (c) => {
    // An address no SPA route matches, or a bare /{company}/{store} that is not published: 404 in the visitor's language.
    // The source of a redirect of the build's route rules is the SPA's (it redirects), as behind CloudFront.
    const { notFound, spaRoute } = options;
    const route = spaRoute ? spaRoute(c.req.path) : "*";
    const [, company = "", store = ""] = c.req.path.toLowerCase().split("/");
    const unknownStore = route === "/$company/$store" && !(await usePorts().objects.get(`m/${company}/${store}/manifest.json`));
    redirectSources ??= readRedirectSources(options.webDist);
    if (notFound && (route === undefined || unknownStore) && !isRedirectSource(await redirectSources, c.req.path)) {
      const headers = { cookie: c.req.header("cookie"), "accept-language": c.req.header("accept-language") };
      return c.html(notFound.html(headers), 404, { "Cache-Control": "no-cache", Vary: "Cookie, Accept-Language" });
    }
    indexHtml ??= readFile(join(options.webDist, "index.html"), "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(await indexHtml);
  });
  return app;
}

/** The `from` of the redirects in the route rules of the build in `webDist` (none if it has no rules). */
async function readRedirectSources(webDist: string): Promise<string[]> {
  try {
    const { id } = JSON.parse(await readFile(join(webDist, "builds/latest.json"), "utf8")) as { id: string };
    const meta = JSON.parse(await readFile(join(webDist, `builds/meta/${id}.json`), "utf8")) as { redirects?: { from: string }[] };
    return (meta.redirects ?? []).map((r) => r.from);
  } catch {
    return [];
  }
}

/** An exact `from`, or one ending in "/**" for its path and everything under it (trailing slashes ignored). */
function isRedirectSource(sources: string[], pathname: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  const path = trim(pathname);
  return sources.some((from) => {
    if (!from.endsWith("/**")) return trim(from) === path;
    const base = trim(from.slice(0, -3)) || "/";
    return base === "/" || path === base || path.startsWith(`${base}/`);
  });
}

/**
 * The runtime's one HTTP server: the published guest pages first (like the CDN edge), everything
 * else through the app. Sockets buffer 64 KB (Node's default is 16 KB): the menu JSON (18 KB
 * compressed) is then written in one go instead of waiting for the socket to drain; under wrk
 * 15-17k → 26k requests/s. Every answer carries the security headers, as CloudFront adds them to
 * every behaviour's (the app sets the same ones on its own).
 */
export function frontServer(
  published: (req: IncomingMessage, res: ServerResponse, security: OutgoingHttpHeaders) => boolean | Promise<boolean>,
  app: RequestListener,
  security: SecurityPolicy = { scriptHashes: [] },
) {
  const headers = securityHeaderSets(security);
  const server = createServer({ highWaterMark: 64 * 1024 }, (req, res) => {
    const https = cameOverHttps("encrypted" in req.socket ? "https:" : "http:", req.headers["x-forwarded-proto"]?.toString());
    const set = headers(https);
    // A published file's head holds them (built once per file); anything else gets them here. A warm
    // published file is answered synchronously: no promise or closure per guest request.
    let answered: boolean | Promise<boolean>;
    try {
      answered = published(req, res, set);
    } catch (error) {
      return failed(res, set, error);
    }
    if (answered instanceof Promise) answered.then((done) => (done ? undefined : toApp(app, req, res, set))).catch((error: unknown) => failed(res, set, error));
    else if (!answered) toApp(app, req, res, set).catch((error: unknown) => failed(res, set, error));
  });
  server.on("clientError", refuseUnparsed);
  // Node closes an idle kept-alive socket after 5 s; a client that sends on it at that moment gets
  // ECONNRESET (seen in CI: Playwright's request client reused a socket idle for 5 s). Idle sockets
  // stay open a minute, like the load balancers in front of Lambda, so the race needs a minute's pause.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

async function toApp(app: RequestListener, req: IncomingMessage, res: ServerResponse, set: OutgoingHttpHeaders) {
  for (const name in set) res.setHeader(name, set[name]!);
  await app(req, res);
}

function failed(res: ServerResponse, set: OutgoingHttpHeaders, error: unknown) {
  console.error("Serving a published page failed", error);
  if (!res.headersSent) res.writeHead(500, set).end();
}

/**
 * A request Node's parser refused (its head over 16 KB, a malformed line) never reaches the app:
 * Node would answer a bare 431/400 without a body. It gets the API's error shape instead, as any
 * refusal does, and the connection is closed.
 */
function refuseUnparsed(error: Error & { code?: string }, socket: Duplex) {
  // Anything else (a reset, a request timeout): the connection is only closed.
  if (!socket.writable || !error.code?.startsWith("HPE_")) return void socket.destroy();
  const [status, code] = error.code === "HPE_HEADER_OVERFLOW" ? ([431, "payloadTooLarge"] as const) : ([400, "valueIncorrect"] as const);
  const body = JSON.stringify({ code, message: MESSAGES[code] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
