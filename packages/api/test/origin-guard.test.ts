/**
 * Issue 34, point 2: with an origin secret (the cloud: CloudFront adds it, stacks/Web.ts) a request
 * without it, or with another value, gets 403 on every path, the API's and the QR redirects'; with it
 * the request goes through as before. Without a secret (the local runtime) nothing changes.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { ORIGIN_SECRET_HEADER } from "../src/origin-guard";

const SECRET = "s3cr3t-from-secrets-manager-0123456789abcdef";
const guarded = createApp({ originSecret: SECRET });

describe("origin guard", () => {
  it.each(["/api/health", "/api/me", "/api/openapi.json", "/t/abcdef", "/api/no-such-path"])("answers 403 to %s without CloudFront's header", async (path) => {
    for (const headers of [{} as Record<string, string>, { [ORIGIN_SECRET_HEADER]: "wrong" }, { [ORIGIN_SECRET_HEADER]: `${SECRET}x` }, { [ORIGIN_SECRET_HEADER]: "" }]) {
      const res = await guarded.request(path, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ code: "forbidden", message: "Access denied" });
      // Still with the security headers: the refusal is an answer like any other.
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const post = await guarded.request("/api/events", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(post.status).toBe(403);
  });

  it("lets CloudFront's requests through", async () => {
    const res = await guarded.request("/api/health", { headers: { [ORIGIN_SECRET_HEADER]: SECRET } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    const unknown = await guarded.request("/api/no-such-path", { headers: { [ORIGIN_SECRET_HEADER]: SECRET } });
    expect(unknown.status).toBe(404);
  });

  it("checks nothing without a secret (the local runtime)", async () => {
    const res = await createApp().request("/api/health");
    expect(res.status).toBe(200);
  });
});
