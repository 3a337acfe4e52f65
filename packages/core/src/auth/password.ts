import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { promisify } from "node:util";
import { UserError } from "../shared/errors";

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, options: ScryptOptions) => Promise<Buffer>;

/** scrypt's cost: N = 2^ln, block size r, parallelism p. */
export type ScryptCost = { ln: number; r: number; p: number };

/** OWASP's recommendation for scrypt: N=2^17 (about 128 MiB of memory per hash), r=8, p=1. */
export const PASSWORD_COST: ScryptCost = { ln: 17, r: 8, p: 1 };

/** Node's defaults, which the first hashes ("scrypt$<salt>$<hash>", no parameters) were made with. */
const LEGACY_COST: ScryptCost = { ln: 14, r: 8, p: 1 };

let current = PASSWORD_COST;

/**
 * Sets the cost of new hashes and answers the one before. Only the domain tests lower it
 * (test/table-per-file.ts), so their many sign-ups and sign-ins stay fast; the runtime and the
 * Lambdas always hash at PASSWORD_COST.
 */
export function setPasswordCost(cost: ScryptCost) {
  const before = current;
  current = cost;
  return before;
}

/**
 * Hashes at once at most (each holds 128 MiB and one of libuv's 4 threads, which file and zlib
 * work share) and waiting at most per queue; beyond, a sign-in is answered 503 "busy" at once.
 * Two queues (issue 49, point 5): "first" (a known device, an account without recent failures,
 * new passwords) is always served before "later" (everything else: unknown devices of an account
 * that is getting wrong passwords, unknown e-mails), so a flood of wrong passwords from many
 * addresses waits behind the owner instead of in front.
 */
const HASHING_AT_ONCE = 2;
const HASHES_WAITING_MAX = 64;
export type HashPriority = "first" | "later";
let hashing = 0;
const waiting: Record<HashPriority, (() => void)[]> = { first: [], later: [] };

async function derive(password: string, salt: Buffer, length: number, { ln, r, p }: ScryptCost, priority: HashPriority = "first") {
  if (hashing < HASHING_AT_ONCE) hashing++;
  else if (waiting[priority].length >= HASHES_WAITING_MAX) throw new UserError("serviceBusy", 503);
  // A finished hash hands its place over to the first one waiting, the "first" queue before the other.
  else await new Promise<void>((resolve) => waiting[priority].push(resolve));
  try {
    // scrypt needs 128·N·r bytes; Node's default limit (32 MiB) is below that from N=2^15.
    return await scrypt(password, salt, length, { N: 2 ** ln, r, p, maxmem: 128 * 2 ** ln * r * 2 });
  } finally {
    const next = waiting.first.shift() ?? waiting.later.shift();
    if (next) next();
    else hashing--;
  }
}

/** "scrypt$ln=17,r=8,p=1$<salt>$<hash>" (salt and hash in base64): each hash carries its cost. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, 32, current);
  return `scrypt$ln=${current.ln},r=${current.r},p=${current.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

type Parsed = { cost: ScryptCost; salt: Buffer; hash: Buffer };

/** A damaged row may not make a sign-in take more than 512 MiB or run for minutes. */
const sane = ({ ln, r, p }: ScryptCost) => ln >= 1 && r >= 1 && p >= 1 && p <= 16 && 128 * 2 ** ln * r <= 2 ** 29;

function parse(stored: string): Parsed | undefined {
  const parts = stored.split("$");
  if (parts[0] !== "scrypt") return undefined;
  let cost = LEGACY_COST;
  if (parts.length === 4) {
    const m = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1]!);
    if (!m) return undefined;
    cost = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  } else if (parts.length !== 3) return undefined;
  const [salt, hash] = parts.slice(-2).map((s) => Buffer.from(s!, "base64"));
  if (!sane(cost) || !salt?.length || !hash?.length) return undefined;
  return { cost, salt, hash };
}

/** Whether a stored hash is one of ours (an invited user without a password has none). */
export const isPasswordHash = (stored: string) => parse(stored) !== undefined;

export async function verifyPassword(password: string, stored: string, priority: HashPriority = "first") {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost, priority);
  return timingSafeEqual(actual, parsed.hash);
}

/** True when the stored hash was made at a lower cost than new ones get: hash the password again. */
export function needsRehash(stored: string) {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { ln, r, p } = parsed.cost;
  return ln < current.ln || r < current.r || p < current.p;
}

/**
 * The work of verifying a password when there is no hash to verify against (unknown e-mail,
 * invited user without a password), so that answer is as slow as a wrong password's. Always false.
 */
export async function verifyNothing(password: string) {
  await derive(password, randomBytes(16), 32, current, "later");
  return false;
}
