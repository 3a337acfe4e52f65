/**
 * The local runtime's HTTP front (issue 16): the published handler in front of the app, as
 * main.ts composes them, driven by a real node:http client over loopback.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { Agent, request, type Server } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { configureDb, setPorts, usePorts } from "@menu/core";
import { db } from "@menu/core/db/client";
import { venue } from "../../core/test/fixtures";
import { securityHeaders, type SecurityPolicy } from "../../api/src/security-headers";
import { publishedHandler } from "../src/published";
import { createLocalApp, frontServer } from "../src/server";

let server: Server;
let port: number;
let v: Awaited<ReturnType<typeof venue>>;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
// As main.ts passes the web build's script hashes to both.
const security: SecurityPolicy = { scriptHashes: ["sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="] };

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), "menu-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>spa</title>");
  const app = getRequestListener(createLocalApp({ webDist, security }).fetch);
  const published = publishedHandler();
  server = frontServer(published, app, security).listen(0, "127.0.0.1");
  await new Promise((ok) => server.once("listening", ok));
  port = (server.address() as { port: number }).port;
  v = await venue("localsrv");
  const objects = usePorts().objects;
  await objects.put("m/localsrv/main/ru/menu.json", JSON.stringify({ format: 1, items: [] }), "application/json; charset=utf-8");
  await objects.put(`media/${v.company_id}/${v.store_id}/photo-1.webp`, new Uint8Array([82, 73, 70, 70]), "image/webp");
  const manifest = { format: 1, version: "1", languages: ["ru"], default_language: "ru", pages: ["menu"], published_at: "", store_id: v.store_id, company_id: v.company_id, build: "b" };
  await objects.put("m/localsrv/main/manifest.json", JSON.stringify(manifest), "application/json; charset=utf-8");
  await objects.put("m/localsrv/main/ru/menu.html", "<!doctype html><title>menu</title>", "text/html; charset=utf-8");
});
afterAll(async () => {
  agent.destroy();
  await new Promise((ok) => server.close(ok));
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string; socket: unknown };

/** One request over the keep-alive agent (one socket at most, so a reused connection shows). */
function send(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => ok({ status: res.statusCode!, headers: res.headers, body: text, socket: req.socket }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

describe("the local server", () => {
  it("answers QR scans in front of the app from the published link, without the database", async () => {
    const { table } = db();
    configureDb({ table, endpoint: "http://127.0.0.1:9" }); // nothing listens there
    try {
      for (const method of ["GET", "HEAD"]) {
        const res = await send(method, `/t/${v.table.qr_key}`);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(`/${v.company.url_key}/main/menu?table=7`);
        expect(res.headers["cache-control"]).toBe("no-store");
      }
      expect((await send("GET", "/t/NoSuchKey1")).headers.location).toBe("/");
    } finally {
      configureDb({ table, endpoint: inject("dynamoEndpoint") });
    }
  });

  it("never answers 500 to bad percent-encoding or odd paths, published handler and app alike", async () => {
    const expected: [string, number[]][] = [
      ["/m/%ff", [400]],
      ["/m/%zz/menu.json", [400]],
      ["/t/%zz", [400]],
      ["/%zz/%ff/menu", [400]],
      ["/m/localsrv", [404]],
      ["/m/localsrv/main", [404]],
      ["/m/%00", [404]],
      ["/m/a%2f..%2f..%2fsecret", [404]],
      ["/media/%ff", [404]],
      // Dot segments are resolved by the URL parser (to /etc/passwd: the SPA's page), never read from disk.
      ["/media/%2e%2e/%2e%2e/etc/passwd", [200, 404]],
      ["/media/..%2f..%2fetc%2fpasswd", [404]],
      // Signed file links: a malformed or unsigned one is refused like a bad signature.
      ["/files/%ff?expires=1&signature=x", [403]],
      ["/files/exports/..%2f..%2fetc%2fpasswd", [403]],
      ["/api/users/%zz", [400, 401, 404]],
      ["/api/%zz", [404]],
      ["/assets/%ff.js", [400, 404]],
      ["/%ff.js", [400, 404]],
    ];
    for (const [path, statuses] of expected) {
      const res = await send("GET", path);
      expect(statuses, `GET ${path}: ${res.status} ${res.body.slice(0, 200)}`).toContain(res.status);
      expect(res.body).not.toContain("root:");
    }
    // And the server is still there.
    expect((await send("GET", "/api/health")).status).toBe(200);
  });

  it("answers a known path asked with another method 405 with Allow, as the app does; an unknown one 404", async () => {
    for (const [method, path, allow] of [
      ["DELETE", "/api/health", "GET, HEAD"],
      ["PUT", "/api/me", "GET, HEAD, PATCH"],
      ["GET", "/api/products/several-get", "POST"],
      ["DELETE", `/t/${v.table.qr_key}`, "GET, HEAD"],
    ] as const) {
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      expect(JSON.parse(res.body)).toEqual({ code: "requestFailed", message: "Method Not Allowed" });
    }
    const unknown = await send("DELETE", "/api/no-such-call");
    expect([unknown.status, unknown.headers.allow]).toEqual([404, undefined]);
  });

  it("answers a JSON body over the limit with 413 and its message; the next request on the same client works", async () => {
    for (const chunked of [false, true]) {
      const big = Buffer.alloc(300 * 1024, "a");
      const headers: Record<string, string> = { "content-type": "application/json", ...(chunked ? {} : { "content-length": String(big.length) }) };
      const res = await send("POST", "/api/products/several-get", big, headers);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ code: "payloadTooLarge", message: "Request is too large" });
      // The rest of the body is not read, so the server says it closes the connection, and does.
      expect(res.headers.connection).toBe("close");
      const next = await send("GET", "/api/health");
      expect(next.status).toBe(200);
      // A small body on a kept-alive connection: answered, and the connection is reused.
      const a = await send("POST", "/api/products/several-get", Buffer.from(JSON.stringify({ ids: [v.items.visible] })), { "content-type": "application/json" });
      const b = await send("GET", "/api/health");
      expect(a.status).toBe(200);
      expect(b.socket).toBe(a.socket);
      // Idle kept-alive sockets live a minute, not Node's 5 s (a client reusing one as it closed got ECONNRESET).
      expect(b.headers["keep-alive"]).toBe("timeout=65");
    }
  });

  it("answers a request head Node refuses (over 16 KB, malformed) with the API's error shape, then closes; the next request works", async () => {
    const long = await send("GET", `/api/companies/single?id=${"x".repeat(17_000)}`);
    expect(long.status).toBe(431);
    expect(JSON.parse(long.body)).toEqual({ code: "payloadTooLarge", message: "Request is too large" });
    expect(long.headers.connection).toBe("close");
    // A header line without a colon, as no client library would send it: over a raw socket.
    const raw = await new Promise<string>((ok, fail) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () => socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n"));
      socket.on("data", (d: Buffer) => (text += d.toString())).on("end", () => ok(text)).on("error", fail);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: "valueIncorrect" });
    expect((await send("GET", "/api/health")).status).toBe(200);
  });

  it("sends the security headers with every answer: published, app, API, errors; HSTS only over HTTPS", async () => {
    const json = await send("GET", "/m/localsrv/main/ru/menu.json");
    const answers: [string, Answer, number][] = [
      ["SPA page", await send("GET", "/tables"), 200],
      ["guest page", await send("GET", "/localsrv/main/menu"), 200],
      ["published JSON", json, 200],
      ["published JSON revalidated", await send("GET", "/m/localsrv/main/ru/menu.json", undefined, { "if-none-match": String(json.headers.etag) }), 304],
      ["missing published file", await send("GET", "/m/localsrv/none.json"), 404],
      ["bad percent-encoding", await send("GET", "/m/%ff"), 400],
      ["QR redirect", await send("GET", `/t/${v.table.qr_key}`), 302],
      ["media", await send("GET", `/media/${v.company_id}/${v.store_id}/photo-1.webp`), 200],
      ["missing build file", await send("GET", "/assets/none.js"), 404],
      ["refused file link", await send("GET", "/files/exports/x?expires=1&signature=x"), 403],
      ["API JSON", await send("GET", "/api/health"), 200],
      ["API error", await send("GET", "/api/me"), 401],
      ["API validation error", await send("POST", "/api/products/several-get", Buffer.from("{}"), { "content-type": "application/json" }), 400],
      ["API 404", await send("GET", "/api/no-such-call"), 404],
      ["API 413", await send("POST", "/api/products/several-get", Buffer.alloc(300 * 1024, "a"), { "content-type": "application/json" }), 413],
      ["API docs", await send("GET", "/api/docs"), 200],
    ];
    const expected = Object.entries(securityHeaders(security, { https: false })).map(([name, value]) => [name.toLowerCase(), value] as const);
    expect(expected.find(([name]) => name === "content-security-policy")![1]).toContain(`script-src 'self' '${security.scriptHashes[0]}';`);
    for (const [what, res, status] of answers) {
      expect(res.status, what).toBe(status);
      for (const [name, value] of expected) expect(res.headers[name], `${what}: ${name}`).toBe(value);
      expect(res.headers["strict-transport-security"], what).toBeUndefined();
    }
    // Behind a proxy that took the request over HTTPS (browsers ignore HSTS received over plain HTTP).
    for (const path of ["/m/localsrv/main/ru/menu.json", "/tables", "/api/health"]) {
      const res = await send("GET", path, undefined, { "x-forwarded-proto": "https" });
      expect(res.headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("serves the API docs page's Swagger UI itself, under the same CSP (no CDN, no inline script)", async () => {
    const page = await send("GET", "/api/docs");
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attrs, text]) => [/src="(\/api\/docs\/[\w.-]+)"/.exec(attrs!)?.[1], text])).toEqual([
      ["/api/docs/swagger-ui-bundle.js", ""],
      ["/api/docs/init.js", ""],
    ]);
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const [path, type] of [
      ["/api/docs/swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
      ["/api/docs/init.js", "text/javascript; charset=utf-8"],
      ["/api/docs/swagger-ui.css", "text/css; charset=utf-8"],
    ]) {
      const res = await send("GET", path!);
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"], path).toBe(type);
      expect(res.headers["content-security-policy"], path).toBeDefined();
    }
    expect((await send("GET", "/api/docs/init.js")).body).toContain('url: "/api/openapi.json"');
    expect((await send("GET", "/api/docs/swagger-ui-bundle.js")).body).toContain("SwaggerUIBundle");
    for (const other of ["package.json", "constructor", "__proto__", "toString"]) expect((await send("GET", `/api/docs/${other}`)).status, other).toBe(404);
  });

  it("reads a published file once for many guests at once, and its new version after the edge's moment", async () => {
    const key = "m/localsrv/main/en/menu.json";
    const ports = usePorts();
    await ports.objects.put(key, JSON.stringify({ version: 1 }), "application/json; charset=utf-8");
    let reads = 0;
    setPorts({ ...ports, objects: { ...ports.objects, get: (k) => ((reads += Number(k === key)), ports.objects.get(k)) } });
    try {
      const guests = async () => Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/${key}`).then((r) => r.json())));
      expect(await guests()).toEqual(Array(20).fill({ version: 1 }));
      expect(reads).toBe(1);
      await ports.objects.put(key, JSON.stringify({ version: 2 }), "application/json; charset=utf-8");
      const now = Date.now();
      vi.spyOn(Date, "now").mockReturnValue(now + 2_500);
      expect(await guests()).toEqual(Array(20).fill({ version: 2 }));
      expect(reads).toBe(2);
    } finally {
      vi.restoreAllMocks();
      setPorts(ports);
    }
  });
});
