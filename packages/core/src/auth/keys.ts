import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Db } from "../db/service";

let cached: Promise<Uint8Array> | undefined;

/**
 * The key that signs session JWTs and CSRF tokens: AUTH_SECRET when set (at least 32 characters),
 * otherwise a random key generated once and kept in the table, so every Lambda and the local
 * runtime share it without configuration.
 */
export function signingKey(): Promise<Uint8Array> {
  cached ??= load().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(): Promise<Uint8Array> {
  const configured = process.env.AUTH_SECRET;
  if (configured && configured.length >= 32) return new TextEncoder().encode(configured);
  const secrets = Db().entities.secret;
  const existing = await secrets.get({ name: "auth" }).go();
  if (existing.data) return Buffer.from(existing.data.value, "base64url");
  const value = randomBytes(32).toString("base64url");
  try {
    await secrets.create({ name: "auth", value }).go();
    return Buffer.from(value, "base64url");
  } catch {
    // Another process created it first: use theirs.
    const again = await secrets.get({ name: "auth" }).go();
    if (!again.data) throw new Error("Could not create the signing key");
    return Buffer.from(again.data.value, "base64url");
  }
}

export async function hmac(value: string) {
  return createHmac("sha256", await signingKey()).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
