import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db } from "@menu/core";
import { AUTH } from "@menu/core/auth/config";
import { PASSWORD_COST, setPasswordCost, verifyPassword } from "@menu/core/auth/password";
import { createUser } from "@menu/core/auth/user";
import { legacyHash } from "../../core/test/support/passwords";
import { PASSWORD, tenant, uniqueEmail } from "./support/accounts";
import { browser } from "./support/browser-client";
import { atWindowStart, body, type Tenant } from "./support/session";

const app = createApp();
let t: Tenant;
const testCost = setPasswordCost(PASSWORD_COST);
setPasswordCost(testCost);

beforeAll(async () => {
  t = await tenant("lockout");
});
afterEach(() => {
  clock.reset();
  setPasswordCost(testCost);
});

/** A confirmed account of its own, so no other test's attempts count against it. */
async function account() {
  const email = uniqueEmail("owner");
  const user = await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
  return { email, user_id: user.id };
}

/** A browser that has signed in to the account before (so it holds its device cookie), signed out since. */
async function knownBrowser(email: string, address: string) {
  const b = browser(app, { address });
  expect((await b.signIn(email, PASSWORD)).status).toBe(200);
  expect(b.cookie("qrm_device")).toBeTruthy();
  expect((await b.signOut()).status).toBe(200);
  return b;
}

/** A browser of its own that carries this device cookie. */
function withDeviceCookie(value: string, address: string) {
  const b = browser(app, { address });
  b.jar.set("qrm_device", value);
  return b;
}

describe("sign-in lockout", () => {
  it("a stranger's failed sign-ins, from however many addresses, never stop a browser that signed in to the account before", async () => {
    atWindowStart(AUTH.limits.signInPerEmail.windowMs);
    const { email } = await account();
    const owner = await knownBrowser(email, "10.9.0.1");

    // 40 guesses, each from an address of its own: 5 are checked, then the account is closed to unknown browsers.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await browser(app, { address: `10.9.1.${i}` }).signIn(email, `guess-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(35).fill(429)]);
    // And 30 guesses at other accounts from the owner's own address close that address to unknown browsers.
    for (let i = 0; i < 30; i++) expect((await browser(app, { address: "10.9.0.1" }).signIn(uniqueEmail("spray"), "guess")).status).toBe(401);

    // Without the account's device cookie the right password is refused: a new browser, one that
    // signed in to another account, a forged cookie, and one from the owner's address.
    const other = await knownBrowser(t.manager.email, "10.9.2.1");
    const ownCookie = owner.cookie("qrm_device")!;
    const forged = ownCookie.slice(0, ownCookie.indexOf(".") + 1) + "A".repeat(43);
    for (const stranger of [
      browser(app, { address: "10.9.2.2" }),
      withDeviceCookie(other.cookie("qrm_device")!, "10.9.2.3"),
      withDeviceCookie(forged, "10.9.2.4"),
    ]) {
      const res = await stranger.signIn(email, PASSWORD);
      expect(res.status).toBe(429);
      expect(await body(res)).toMatchObject({ code: "tooManyAttempts" });
    }
    expect((await browser(app, { address: "10.9.0.1" }).signIn(uniqueEmail("spray"), PASSWORD)).status).toBe(429);

    // The owner's browser signs in, and hears once of the 5 wrong passwords that were checked.
    const signedIn = await owner.signIn(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(await body(signedIn)).toEqual({ url: "/", failed_sign_ins: 5 });
    await owner.signOut();
    expect(await body(await owner.signIn(email, PASSWORD))).toEqual({ url: "/" });
  });

  it("a known browser has its own allowance of 10 failures, after which that browser alone waits for the window's end", async () => {
    atWindowStart(AUTH.limits.signInPerDevice.windowMs);
    const { email } = await account();
    const phone = await knownBrowser(email, "10.9.3.1");
    const laptop = await knownBrowser(email, "10.9.3.2");

    for (let i = 0; i < AUTH.limits.signInPerDevice.limit; i++) expect((await phone.signIn(email, `typo-${i}`)).status).toBe(401);
    expect((await phone.signIn(email, PASSWORD)).status).toBe(429);

    // Its failures are its own: another known browser and an unknown one still sign in.
    expect(await body(await laptop.signIn(email, PASSWORD))).toEqual({ url: "/", failed_sign_ins: 10 });
    expect((await browser(app, { address: "10.9.3.3" }).signIn(email, PASSWORD)).status).toBe(200);

    clock.advance(AUTH.limits.signInPerDevice.windowMs);
    expect(await body(await phone.signIn(email, PASSWORD))).toEqual({ url: "/" });
  });

  it("counts attempts sent all at once before checking any of them: no more than the limit get a verdict, and a right password afterwards still signs in", async () => {
    atWindowStart(AUTH.limits.signInPerEmail.windowMs);
    const { email } = await account();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => browser(app, { address: `10.9.4.${i}` }).signIn(email, `guess-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH.limits.signInPerEmail.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - AUTH.limits.signInPerEmail.limit);
    // The owner's known browser is not held back; a right password takes back only its own count.
    clock.advance(AUTH.limits.signInPerEmail.windowMs);
    const owner = browser(app, { address: "10.9.4.100" });
    expect((await owner.signIn(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < AUTH.limits.signInPerEmail.limit; i++) expect((await browser(app, { address: "10.9.4.101" }).signIn(email, `again-${i}`)).status).toBe(401);
    expect((await browser(app, { address: "10.9.4.102" }).signIn(email, PASSWORD)).status).toBe(429);
  });

  it("gives a new httpOnly device cookie, sent to the auth calls only, at each successful sign-in", async () => {
    const b = browser(app);
    expect((await b.signIn(t.owner.email, "wrong-password")).status).toBe(401);
    expect(b.lastSetCookie("qrm_device")).toBeUndefined();
    await b.signIn(t.owner.email, PASSWORD);
    const first = b.lastSetCookie("qrm_device")!;
    expect(first).toMatch(/HttpOnly/);
    expect(first).toMatch(/Path=\/api\/auth(;|$)/);
    expect(first).toMatch(/SameSite=Strict/);
    expect(Number(/Max-Age=(\d+)/.exec(first)?.[1])).toBe(AUTH.deviceTtlMs / 1000);
    await b.signOut();
    await b.signIn(t.owner.email, PASSWORD);
    expect(b.lastSetCookie("qrm_device")).not.toBe(first);
  });
});

describe("password hashes at sign-in", () => {
  it("an old hash (Node's default scrypt, no parameters) signs in and is hashed again at N=2^17", async () => {
    const { email, user_id } = await account();
    const old = legacyHash(PASSWORD);
    await Db().entities.user.patch({ user_id }).set({ password_hash: old }).go();
    const stored = async () => (await Db().entities.user.get({ user_id }).go()).data!.password_hash;
    setPasswordCost(PASSWORD_COST);

    expect((await browser(app).signIn(email, "wrong-password")).status).toBe(401);
    expect(await stored()).toBe(old);

    expect((await browser(app).signIn(email, PASSWORD)).status).toBe(200);
    const rehashed = await stored();
    expect(rehashed).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword(PASSWORD, rehashed)).toBe(true);

    expect((await browser(app).signIn(email, PASSWORD)).status).toBe(200);
    expect(await stored()).toBe(rehashed);
  });
});
