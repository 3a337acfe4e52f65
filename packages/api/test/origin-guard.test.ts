/**
 * Issue 34, point 2: with an origin secret (the cloud: CloudFront adds it, stacks/Web.ts) a request
 * without it, or with another value, gets 403 on every path, the API's and the QR redirects'; with it
 * the request goes through as before. Without a secret (the local runtime) nothing changes.
 */
import { describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { acceptedOriginSecrets, ORIGIN_SECRET_HEADER } from "../src/origin-guard";

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

  // Issue 47, point 2: the secret is Secrets Manager's JSON; during a rotation both values get in.
  it("accepts the current and the previous value of a rotating secret, and nothing else", async () => {
    const rotating = createApp({ originSecret: JSON.stringify({ current: "new-value-0123456789", previous: SECRET }) });
    for (const value of ["new-value-0123456789", SECRET]) {
      expect((await rotating.request("/api/health", { headers: { [ORIGIN_SECRET_HEADER]: value } })).status, value).toBe(200);
    }
    for (const value of ["", "new-value-012345678", `${SECRET}x`, JSON.stringify({ current: "new-value-0123456789" })]) {
      expect((await rotating.request("/api/health", { headers: { [ORIGIN_SECRET_HEADER]: value } })).status, value).toBe(403);
    }
    // After the rotation's second deploy the previous value is gone.
    const rotated = createApp({ originSecret: JSON.stringify({ current: "new-value-0123456789" }) });
    expect((await rotated.request("/api/health", { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(403);
  });

  it("reads a plain secret as one value and refuses a JSON secret without any", () => {
    expect(acceptedOriginSecrets(SECRET)).toEqual([SECRET]);
    expect(acceptedOriginSecrets(JSON.stringify({ current: "a", previous: "a" }))).toEqual(["a"]);
    expect(acceptedOriginSecrets(undefined)).toEqual([]);
    expect(() => acceptedOriginSecrets(JSON.stringify({ current: "" }))).toThrow(/no value/);
  });
});
