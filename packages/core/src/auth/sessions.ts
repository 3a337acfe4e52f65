import { randomUUID } from "node:crypto";
import { Db } from "../db/service";
import type { Actor } from "../shared/actor";
import { clock } from "../shared/clock";
import { cookieValue } from "../shared/cookie";
import { AUTH, SESSION_COOKIE } from "./config";
import { signJwt, verifyJwt } from "./jwt";

export type SessionRecord = {
  session_id: string;
  user_id: string;
  remember: boolean;
  expires_at: string;
};

/** A session cookie to set: the signed JWT and, with "remember me", its expiry (else a browser-session cookie). */
export type IssuedSession = { token: string; jti: string; remember: boolean; expires: Date };

const ttlOf = (remember: boolean) => (remember ? AUTH.rememberTtlMs : AUTH.sessionTtlMs);

/** Records a session and signs its JWT. */
export async function createSession(
  user_id: string,
  opts: { remember: boolean; ip?: string; user_agent?: string },
): Promise<IssuedSession> {
  const session_id = randomUUID();
  const expires = new Date(clock.now().getTime() + ttlOf(opts.remember));
  await Db()
    .entities.session.create({
      session_id,
      user_id,
      remember: opts.remember,
      expires_at: expires.toISOString(),
      expiresAt: Math.ceil(expires.getTime() / 1000),
      ip: opts.ip,
      user_agent: opts.user_agent?.slice(0, 300),
    })
    .go();
  return { token: await signJwt({ sub: user_id, jti: session_id, use: "session", expires }), jti: session_id, remember: opts.remember, expires };
}

/** The short-lived bearer token of the session (GET /api/me `accessToken`); ends with the session. */
export async function accessTokenFor(session: SessionRecord) {
  const expires = new Date(Math.min(clock.now().getTime() + AUTH.accessTokenTtlMs, Date.parse(session.expires_at)));
  return signJwt({ sub: session.user_id, jti: session.session_id, use: "access", expires });
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["user"]["get"]>["go"]>>["data"]>;
export type SignedIn = { session: SessionRecord; user: UserRow };

/**
 * The session and user behind a JWT, or undefined: the signature and expiry must be valid, the
 * session row must still exist (not signed out, not ended by a password change) and be unexpired by
 * the clock, and the user must exist, be active and have a confirmed e-mail.
 */
export async function sessionFromJwt(token: string, use: "session" | "access" = "session"): Promise<SignedIn | undefined> {
  const claims = await verifyJwt(token, use);
  if (!claims) return undefined;
  const [session, user] = await Promise.all([
    Db().entities.session.get({ session_id: claims.jti }).go(),
    Db().entities.user.get({ user_id: claims.sub }).go(),
  ]);
  const s = session.data;
  const u = user.data;
  if (!s || !u || s.user_id !== claims.sub || s.expires_at <= clock.now().toISOString()) return undefined;
  if (u.active === false || !u.email_confirmed) return undefined;
  return { session: s, user: u };
}


/** The session of a request: the session cookie, or an `Authorization: Bearer <accessToken>`. */
export async function sessionFromHeaders(headers: Headers): Promise<SignedIn | undefined> {
  const cookie = cookieValue(headers.get("cookie"), SESSION_COOKIE);
  if (cookie) {
    const found = await sessionFromJwt(cookie, "session");
    if (found) return found;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  return bearer ? sessionFromJwt(bearer, "access") : undefined;
}

export const actorOf = (user: SignedIn["user"]): Actor => ({
  type: "user",
  userId: user.user_id,
  role: user.role,
  companyId: user.company_id,
  storeId: user.store_id || undefined,
});

/** `resolveActor` for the API: the signed-in user of the request, else the public. */
export async function actorFromHeaders(headers: Headers): Promise<Actor> {
  const found = await sessionFromHeaders(headers);
  return found ? actorOf(found.user) : { type: "public" };
}

/**
 * Sliding renewal: when less than half of a session's lifetime is left, extend it and answer a
 * new JWT for the cookie (same jti).
 */
export async function renewIfDue(session: SessionRecord): Promise<IssuedSession | undefined> {
  const ttl = ttlOf(session.remember);
  const left = Date.parse(session.expires_at) - clock.now().getTime();
  if (left > ttl * AUTH.renewBelowShare) return undefined;
  const expires = new Date(clock.now().getTime() + ttl);
  try {
    await Db()
      .entities.session.patch({ session_id: session.session_id })
      .set({ expires_at: expires.toISOString(), expiresAt: Math.ceil(expires.getTime() / 1000) })
      .go();
  } catch {
    return undefined; // ended meanwhile (patch requires the row to exist)
  }
  const token = await signJwt({ sub: session.user_id, jti: session.session_id, use: "session", expires });
  return { token, jti: session.session_id, remember: session.remember, expires };
}

export async function endSession(session_id: string) {
  await Db().entities.session.delete({ session_id }).go();
}

/** Ends every session of a user (password change or reset, deactivation, deletion), but `except` one. */
export async function endUserSessions(user_id: string, except?: string) {
  const { data } = await Db().entities.session.query.byUser({ user_id }).go({ pages: "all" });
  const ids = data.filter((s) => s.session_id !== except).map((s) => ({ session_id: s.session_id }));
  if (ids.length) await Db().entities.session.delete(ids).go();
}
