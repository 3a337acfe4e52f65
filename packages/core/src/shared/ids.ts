import { randomBytes, randomUUID } from "node:crypto";

export const newId = () => randomUUID();

const ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Short unguessable token (about 59 bits for 10 chars) for printed QR codes. */
export function newToken(length = 10) {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}
