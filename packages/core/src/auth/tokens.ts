import { createHash, randomBytes } from "node:crypto";
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { AUTH } from "./config";
import type { TokenKind } from "../records/token.entity";
import { isConditionFailure } from "../shared/conflict";

export type OneTimeToken = { kind: TokenKind; user_id: string; email?: string; expires_at: string };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Issues a single-use link token for a user (32 random bytes, base64url). Only its hash is stored.
 * `replace` revokes the user's earlier tokens of the same kind (a new reset link voids the old one).
 */
export async function issueToken(kind: TokenKind, user_id: string, opts: { email?: string; replace?: boolean } = {}) {
  if (opts.replace) await revokeTokens(user_id, kind);
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(clock.now().getTime() + AUTH.tokenTtlMs[kind]);
  await Db()
    .entities.oneTimeToken.create({
      token_hash: hashToken(token),
      kind,
      user_id,
      email: opts.email,
      expires_at: expires.toISOString(),
      expiresAt: Math.ceil(expires.getTime() / 1000),
    })
    .go();
  return token;
}

const fresh = (record: OneTimeToken | undefined | null) =>
  record && record.expires_at > clock.now().toISOString() ? record : undefined;

/** The token's record if it exists, is of one of `kinds` and has not expired; it stays usable. */
export async function peekToken(kinds: readonly TokenKind[], token: string): Promise<OneTimeToken | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const { data } = await Db().entities.oneTimeToken.get({ token_hash: hashToken(token) }).go();
  return data && kinds.includes(data.kind) ? fresh(data) : undefined;
}

/**
 * Uses a token: deletes its row if it is of `kind` (one conditional delete, so of two concurrent
 * uses only one succeeds) and answers its record, or undefined when it is unknown, of another kind,
 * already used or expired.
 */
export async function consumeToken(kind: TokenKind, token: string): Promise<OneTimeToken | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  try {
    const { data } = await Db()
      .entities.oneTimeToken.delete({ token_hash: hashToken(token) })
      .where((attr, op) => op.eq(attr.kind, kind))
      .go({ response: "all_old" });
    return fresh(data as OneTimeToken | null);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Voids a user's outstanding tokens (of one kind, or all). */
export async function revokeTokens(user_id: string, kind?: TokenKind) {
  const query = Db().entities.oneTimeToken.query.byUser(kind ? { user_id, kind } : { user_id });
  const { data } = await query.go({ pages: "all" });
  if (data.length) await Db().entities.oneTimeToken.delete(data.map((t) => ({ token_hash: t.token_hash }))).go();
}
