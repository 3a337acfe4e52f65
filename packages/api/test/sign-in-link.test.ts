/**
 * An owner is never locked out (issue 49, point 4): when strangers' wrong passwords have limited the
 * account for unknown devices, a mailed one-time link (15 minutes, single use) signs the owner in on
 * the new device and gives it the account's device cookie, after which that device signs in with
 * the password as a known one. Using links counts like sign-in attempts.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock } from "@menu/core";
import { AUTH } from "@menu/core/auth/config";
import { createUser } from "@menu/core/auth/user";
import { PASSWORD, tenant, uniqueEmail } from "./support/accounts";
import { browser, captureMail } from "./support/browser-client";
import { atWindowStart, body, type Tenant } from "./support/session";

const app = createApp();
const mail = captureMail();
let t: Tenant;

beforeAll(async () => {
  t = await tenant("signinlink");
});
afterEach(() => clock.reset());

/** A confirmed account of its own, limited for unknown devices by strangers' wrong passwords. */
async function lockedAccount() {
  const email = uniqueEmail("owner");
  await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
  for (let i = 0; i < AUTH.limits.signInPerEmail.limit + 2; i++) await browser(app, { address: `10.8.1.${i}` }).signIn(email, `guess-${i}`);
  return email;
}

describe("the one-time sign-in link", () => {
  it("signs a new phone in when the account is limited, gives it the device cookie, and works once", async () => {
    atWindowStart(AUTH.limits.signInPerEmail.windowMs);
    const email = await lockedAccount();
    const phone = browser(app, { address: "10.8.2.1" });
    const refused = await phone.signIn(email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(await body(refused)).toMatchObject({ code: "tooManyAttempts" });

    const asked = await phone.send("POST", "/api/auth/signin-link", { email });
    expect(asked.status).toBe(200);
    expect(await body(asked)).toEqual({ email });
    const sent = mail.last(email)!;
    expect(sent.subject).toBe("Ссылка для входа — QR Menu");
    expect(sent.text).toMatch(/\/login\/link\?token=[A-Za-z0-9_-]{43}/);
    expect(sent.text).toContain("15 минут");

    const used = await phone.send("POST", "/api/auth/signin-link/use", { token: mail.tokenFor(email) });
    expect(used.status).toBe(200);
    expect(await body(used)).toEqual({ failed_sign_ins: AUTH.limits.signInPerEmail.limit });
    expect(phone.cookie("qrm_session")).toBeTruthy();
    expect(phone.cookie("qrm_device")).toBeTruthy();
    expect(await body(await phone.get("/api/me"))).toMatchObject({ email });

    // Once only: the same link again (from another device too) is refused with its message.
    const again = await browser(app, { address: "10.8.2.2" }).send("POST", "/api/auth/signin-link/use", { token: mail.tokenFor(email) });
    expect(again.status).toBe(400);
    expect(await body(again)).toEqual({ code: "signInLinkExpired", message: "The sign-in link is invalid, used or expired. Ask for a new one" });

    // The phone is a known device now: signed out, it signs in with the password while strangers are still limited.
    expect((await phone.signOut()).status).toBe(200);
    expect((await phone.signIn(email, PASSWORD)).status).toBe(200);
    expect((await browser(app, { address: "10.8.2.3" }).signIn(email, PASSWORD)).status).toBe(429);
  });

  it("expires after 15 minutes, and a newer link voids the older one", async () => {
    const email = uniqueEmail("owner");
    await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    const phone = browser(app, { address: "10.8.3.1" });
    expect((await phone.send("POST", "/api/auth/signin-link", { email })).status).toBe(200);
    const first = mail.tokenFor(email);
    expect((await phone.send("POST", "/api/auth/signin-link", { email })).status).toBe(200);
    const second = mail.tokenFor(email);
    expect(second).not.toBe(first);
    expect((await phone.send("POST", "/api/auth/signin-link/use", { token: first })).status).toBe(400);
    clock.set(new Date(Date.now() + 15 * 60_000 + 1_000));
    const late = await phone.send("POST", "/api/auth/signin-link/use", { token: second });
    expect(late.status).toBe(400);
    expect(phone.cookie("qrm_session")).toBeUndefined();
  });

  it("answers the same for an address without an account, mailing nothing; asking is limited per address and e-mail", async () => {
    const nobody = uniqueEmail("nobody");
    const before = mail.mails.length;
    const res = await browser(app, { address: "10.8.4.1" }).send("POST", "/api/auth/signin-link", { email: nobody });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ email: nobody });
    expect(mail.mails.length).toBe(before);
    atWindowStart(AUTH.limits.mailPerEmail.windowMs);
    const statuses = [];
    for (let i = 0; i <= AUTH.limits.mailPerEmail.limit; i++) statuses.push((await browser(app, { address: `10.8.4.${10 + i}` }).send("POST", "/api/auth/signin-link", { email: t.owner.email })).status);
    expect(statuses).toEqual([...Array<number>(AUTH.limits.mailPerEmail.limit).fill(200), 429]);
  });

  it("counts wrong links like wrong passwords: an address that guesses is limited, and its right link then waits too", async () => {
    atWindowStart(AUTH.limits.signInPerIp.windowMs);
    const address = "10.8.5.1";
    const guesses = [];
    for (let i = 0; i < AUTH.limits.signInPerIp.limit + 1; i++) {
      guesses.push((await browser(app, { address }).send("POST", "/api/auth/signin-link/use", { token: `${"g".repeat(40)}${String(i).padStart(3, "0")}` })).status);
    }
    expect(guesses).toEqual([...Array<number>(AUTH.limits.signInPerIp.limit).fill(400), 429]);
    // A right link from that address waits for the window like a right password would.
    const email = uniqueEmail("owner");
    await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    expect((await browser(app, { address: "10.8.5.2" }).send("POST", "/api/auth/signin-link", { email })).status).toBe(200);
    expect((await browser(app, { address }).send("POST", "/api/auth/signin-link/use", { token: mail.tokenFor(email) })).status).toBe(429);
    // The link itself is not used up by the refusal: from another address it signs in.
    expect((await browser(app, { address: "10.8.5.3" }).send("POST", "/api/auth/signin-link/use", { token: mail.tokenFor(email) })).status).toBe(200);
  });
});
