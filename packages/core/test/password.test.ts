import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, needsRehash, PASSWORD_COST, setPasswordCost, verifyPassword } from "../src/auth/password";
import { legacyHash } from "./support/passwords";

/** These tests hash at the production cost; the others at the lower one of test/table-per-file.ts. */
const testCost = setPasswordCost(PASSWORD_COST);
afterEach(() => void setPasswordCost(PASSWORD_COST));

describe("password hashes", () => {
  it("hash at OWASP's scrypt cost (N=2^17, r=8, p=1) with the cost and salt in the hash", async () => {
    const started = performance.now();
    const hash = await hashPassword("Correct-horse-42");
    console.log(`one hash at N=2^17: ${Math.round(performance.now() - started)} ms`);
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword("Correct-horse-42", hash)).toBe(true);
    expect(await verifyPassword("Correct-horse-43", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(await hashPassword("Correct-horse-42")).not.toBe(hash);
  });

  it("verify hashes of the old form, which need hashing again at the current cost", async () => {
    const old = legacyHash("Correct-horse-42");
    expect(await verifyPassword("Correct-horse-42", old)).toBe(true);
    expect(await verifyPassword("wrong", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // A hash is redone when any of its parameters is below the current one, never to lower it.
    expect(needsRehash("scrypt$ln=17,r=4,p=1$c2FsdA==$aGFzaA==")).toBe(true);
    expect(needsRehash("scrypt$ln=18,r=8,p=1$c2FsdA==$aGFzaA==")).toBe(false);
    setPasswordCost(testCost);
    expect(needsRehash(old)).toBe(false);
  });

  it("take nothing else for a hash: no password, damaged rows, a cost beyond 512 MiB", async () => {
    for (const stored of ["!", "", "scrypt$", "scrypt$$", "bcrypt$x$y", "scrypt$ln=x,r=8,p=1$c2FsdA==$aGFzaA==", "scrypt$ln=22,r=8,p=1$c2FsdA==$aGFzaA==", "scrypt$a$b$c$d"]) {
      expect(isPasswordHash(stored), stored).toBe(false);
      expect(await verifyPassword("anything", stored)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    }
  });
});

describe("hashing order under a flood (issue 49, point 5)", () => {
  // Cheap hashes (the file's afterEach puts the production cost back): what is tested is the order, not the cost.
  beforeEach(() => void setPasswordCost(testCost));

  it("starts a known device's or quiet account's check before every guess already waiting", async () => {
    const stored = await hashPassword("Owners-own-pass-1");
    const done: string[] = [];
    // 2 guesses take the two hashing places, 20 more wait in the "later" queue.
    const guesses = Array.from({ length: 22 }, (_, i) => verifyPassword(`guess-${i}`, stored, "later").then(() => done.push(`guess-${i}`)));
    const owner = verifyPassword("Owners-own-pass-1", stored, "first").then((ok) => {
      done.push("owner");
      return ok;
    });
    expect(await owner).toBe(true);
    await Promise.all(guesses);
    // The owner's check starts as soon as one of the two guesses in progress ends; guesses that run
    // beside it may still end first (a loaded machine: seen at index 3). In one queue it would end last (22).
    expect(done.indexOf("owner")).toBeLessThan(8);
    expect(done).toHaveLength(23);
  });

  it("answers 503 busy only when a queue is full: a full queue of guesses leaves the owner's queue open", async () => {
    const stored = await hashPassword("Owners-own-pass-1");
    const waits = Array.from({ length: 2 + 64 }, (_, i) => verifyPassword(`guess-${i}`, stored, "later"));
    // The later queue is full: one more guess is refused at once, the owner still gets in.
    await expect(verifyPassword("guess-x", stored, "later")).rejects.toMatchObject({ code: "serviceBusy", status: 503 });
    expect(await verifyPassword("Owners-own-pass-1", stored, "first")).toBe(true);
    expect(await Promise.all(waits)).toEqual(waits.map(() => false));
  });
});
