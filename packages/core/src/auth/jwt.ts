import { errors, jwtVerify, SignJWT } from "jose";
import { clock } from "../shared/clock";
import { signingKey } from "./keys";

/** `session`: the cookie; `access`: the short-lived bearer token of GET /api/me. */
export type TokenUse = "session" | "access";

export async function signJwt(claims: { sub: string; jti: string; use: TokenUse; expires: Date }) {
  const now = Math.floor(clock.now().getTime() / 1000);
  return new SignJWT({ use: claims.use })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(now)
    .setExpirationTime(Math.floor(claims.expires.getTime() / 1000))
    .sign(await signingKey());
}

/** The subject and jti of a valid, unexpired JWT of the given use; undefined for anything else. */
export async function verifyJwt(token: string, use: TokenUse): Promise<{ sub: string; jti: string } | undefined> {
  if (!token || token.length > 2048) return undefined;
  try {
    const { payload } = await jwtVerify(token, await signingKey(), {
      algorithms: ["HS256"],
      currentDate: clock.now(),
      requiredClaims: ["sub", "jti", "exp"],
    });
    if (payload.use !== use || typeof payload.sub !== "string" || typeof payload.jti !== "string") return undefined;
    return { sub: payload.sub, jti: payload.jti };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
