import { randomBytes, scryptSync } from "node:crypto";

/** A hash as the first version stored them: Node's default scrypt (N=16384, r=8, p=1), no parameters. */
export function legacyHash(password: string) {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64")}$${scryptSync(password, salt, 32).toString("base64")}`;
}
