import { afterEach, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { clock, Db } from "@menu/core";
import { bindCsrf, csrfTokenOf, newCsrf, verifyCsrf } from "@menu/core/auth/csrf";
import { signJwt, verifyJwt } from "@menu/core/auth/jwt";
import { createSession, endSession, endUserSessions, sessionFromJwt } from "@menu/core/auth/sessions";
import { consumeToken, issueToken, peekToken, revokeTokens } from "@menu/core/auth/tokens";
import { createUser } from "@menu/core/auth/user";

afterEach(() => clock.reset());

const tamper = (s: string, at = s.length - 5) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);

describe("one-time link tokens", () => {
  it("work once", async () => {
    const token = await issueToken("reset", "user-1");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await peekToken(["reset"], token)).toMatchObject({ kind: "reset", user_id: "user-1" });
    expect(await consumeToken("reset", token)).toMatchObject({ user_id: "user-1" });
    expect(await consumeToken("reset", token)).toBeUndefined();
    expect(await peekToken(["reset"], token)).toBeUndefined();
  });

  it("only one of two concurrent uses succeeds", async () => {
    const token = await issueToken("confirm", "user-2");
    const uses = await Promise.all(Array.from({ length: 5 }, () => consumeToken("confirm", token)));
    expect(uses.filter(Boolean)).toHaveLength(1);
  });

  it("expire by the clock (even before DynamoDB's TTL removes the row)", async () => {
    const token = await issueToken("reset", "user-3");
    clock.advance(59 * 60_000);
    expect(await peekToken(["reset"], token)).toBeDefined();
    clock.advance(2 * 60_000);
    expect(await peekToken(["reset"], token)).toBeUndefined();
    expect(await consumeToken("reset", token)).toBeUndefined();
  });

  it("carry a TTL attribute in epoch seconds, and only the hash of the token", async () => {
    const token = await issueToken("invite", "user-4");
    const { data } = await Db().entities.oneTimeToken.query.byUser({ user_id: "user-4" }).go();
    expect(data).toHaveLength(1);
    expect(Math.abs(data[0]!.expiresAt - (Date.now() + 7 * 86400_000) / 1000)).toBeLessThan(60);
    expect(JSON.stringify(data)).not.toContain(token);
  });

  it("refuse tampered tokens, and tokens of another kind", async () => {
    const token = await issueToken("reset", "user-5");
    expect(await consumeToken("reset", tamper(token))).toBeUndefined();
    expect(await consumeToken("reset", token + "x")).toBeUndefined();
    expect(await consumeToken("confirm", token)).toBeUndefined();
    expect(await peekToken(["confirm", "invite"], token)).toBeUndefined();
    // The wrong-kind attempt did not use it up.
    expect(await consumeToken("reset", token)).toBeDefined();
  });

  it("a new token can void the older ones of the same kind", async () => {
    const old = await issueToken("reset", "user-6");
    const confirm = await issueToken("confirm", "user-6");
    const fresh = await issueToken("reset", "user-6", { replace: true });
    expect(await peekToken(["reset"], old)).toBeUndefined();
    expect(await peekToken(["reset"], fresh)).toBeDefined();
    expect(await peekToken(["confirm"], confirm)).toBeDefined();
    await revokeTokens("user-6");
    expect(await peekToken(["confirm"], confirm)).toBeUndefined();
  });
});

describe("session JWTs", () => {
  const user = () =>
    createUser({ email: `jwt-${Math.random().toString(36).slice(2)}@example.com`, password: "long-enough", role: "company_manager", company_id: "c", email_confirmed: true });

  it("are valid while their session row lives", async () => {
    const u = await user();
    const s = await createSession(u.id, { remember: false });
    expect((await sessionFromJwt(s.token))?.user.user_id).toBe(u.id);
    await endSession(s.jti);
    expect(await sessionFromJwt(s.token)).toBeUndefined();
  });

  it("end with all the user's sessions but the one kept", async () => {
    const u = await user();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createSession(u.id, { remember: true })));
    await endUserSessions(u.id, b!.jti);
    expect(await sessionFromJwt(a!.token)).toBeUndefined();
    expect(await sessionFromJwt(b!.token)).toBeDefined();
    expect(await sessionFromJwt(c!.token)).toBeUndefined();
  });

  it("expire: 12 hours without remember me, 30 days with it", async () => {
    const u = await user();
    const short = await createSession(u.id, { remember: false });
    const long = await createSession(u.id, { remember: true });
    clock.advance(12 * 3600_000 + 1000);
    expect(await sessionFromJwt(short.token)).toBeUndefined();
    expect(await sessionFromJwt(long.token)).toBeDefined();
    clock.advance(30 * 86400_000);
    expect(await sessionFromJwt(long.token)).toBeUndefined();
  });

  it("refuse tampering: a changed payload, a changed signature, another key, another use, alg none", async () => {
    const u = await user();
    const s = await createSession(u.id, { remember: false });
    const [header, payload, signature] = s.token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url");
    expect(await verifyJwt(`${header}.${forgedPayload}.${signature}`, "session")).toBeUndefined();
    expect(await verifyJwt(`${header}.${payload}.${tamper(signature, 3)}`, "session")).toBeUndefined();
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("x".repeat(32)));
    expect(await verifyJwt(otherKey, "session")).toBeUndefined();
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    expect(await verifyJwt(none, "session")).toBeUndefined();
    expect(await verifyJwt(s.token, "access")).toBeUndefined();
    expect(await verifyJwt("not.a.jwt", "session")).toBeUndefined();
    expect(await verifyJwt(s.token, "session")).toEqual({ sub: u.id, jti: s.jti });
  });

  it("refuse a JWT past its exp even if the row were still there", async () => {
    const token = await signJwt({ sub: "u", jti: "j", use: "session", expires: new Date(clock.now().getTime() + 1000) });
    expect(await verifyJwt(token, "session")).toBeDefined();
    clock.advance(2000);
    expect(await verifyJwt(token, "session")).toBeUndefined();
  });
});

describe("CSRF tokens", () => {
  it("match only their own signed cookie", async () => {
    const { token, cookie } = await newCsrf();
    expect(await csrfTokenOf(cookie)).toBe(token);
    expect(await verifyCsrf(cookie, token)).toBe(true);
    expect(await verifyCsrf(cookie, undefined)).toBe(false);
    expect(await verifyCsrf(cookie, tamper(token))).toBe(false);
    expect(await verifyCsrf(tamper(cookie), token)).toBe(false);
    // An attacker-chosen cookie without the server's signature is worthless.
    expect(await verifyCsrf(`${token}.forged`, token)).toBe(false);
    expect(await verifyCsrf(undefined, token)).toBe(false);
  });

  it("are bound to their session: a visitor's or another session's cookie is worthless in this one", async () => {
    const visitor = await newCsrf();
    expect(await verifyCsrf(visitor.cookie, visitor.token, "jti-1")).toBe(false);
    const mine = await newCsrf("jti-1");
    expect(await verifyCsrf(mine.cookie, mine.token, "jti-1")).toBe(true);
    expect(await verifyCsrf(mine.cookie, mine.token, "jti-2")).toBe(false);
    expect(await verifyCsrf(mine.cookie, mine.token)).toBe(false);
    // Moving a token to a new session (sign-in) keeps the token and changes only the cookie.
    const moved = await bindCsrf(visitor.token, "jti-3");
    expect(await csrfTokenOf(moved, "jti-3")).toBe(visitor.token);
    expect(await csrfTokenOf(moved)).toBeUndefined();
  });
});
