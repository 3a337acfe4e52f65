import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db } from "@menu/core";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, tenant, uniqueEmail } from "./support/accounts";
import { letters } from "../../core/test/fixtures";
import { urlNameFrom } from "@menu/core/shared/url-name-suggest";
import { AUTH } from "@menu/core/auth/config";
import { atWindowStart } from "./support/session";

const app = createApp();
const mail = captureMail();
type Tenant = Awaited<ReturnType<typeof tenant>>;
let t: Tenant;

beforeAll(async () => {
  t = await tenant("auth");
});
afterEach(() => clock.reset());

const body = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    company_name: "Кафе Тест",
    store_name: "Центр",
    company_url_key: letters("reg"),
    store_url_key: "center",
    email: uniqueEmail("reg"),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ui_locale: "en",
    ...overrides,
  };
}

describe("registration and e-mail confirmation", () => {
  it("creates company, store in preparation and company manager; the user signs in only after confirming", async () => {
    const b = browser(app);
    const form = registration();
    const started = Date.now();
    const res = await b.send("POST", "/api/auth/register", form);
    expect(res.status).toBe(201);
    const registered = await body<{ preparation_ends_at: string }>(res);
    const prep = Date.parse(registered.preparation_ends_at) - started;
    expect(prep).toBeGreaterThan(3 * 86400_000 - 60_000);
    expect(prep).toBeLessThan(3 * 86400_000 + 60_000);

    const cs = await body<{ company_id: string; store_id: string }>(
      await b.get(`/api/cs-object?companyKey=${form.company_url_key}&storeKey=center`),
    );
    const store = await Db().entities.store.get({ company_id: cs.company_id, store_id: cs.store_id }).go();
    expect(store.data?.preparation_ends_at).toBe(registered.preparation_ends_at);
    expect(mail.last(form.email)?.subject).toMatch(/Confirm your e-mail/);

    const early = await b.signIn(form.email, PASSWORD);
    expect(early.status).toBe(403);
    expect(await body(early)).toMatchObject({ code: "emailNotConfirmed" });

    const token = mail.tokenFor(form.email);
    const confirmed = await b.send("POST", "/api/auth/confirm-email", { token });
    expect(await body(confirmed)).toEqual({ kind: "registration", email: form.email });
    const again = await b.send("POST", "/api/auth/confirm-email", { token });
    expect(again.status).toBe(400);
    expect(await body(again)).toEqual({ code: "confirmationExpired", message: "Email confirmation session has expired or is missing" });

    expect((await b.signIn(form.email, PASSWORD)).status).toBe(200);
    const me = await body(await b.get("/api/me"));
    expect(me).toMatchObject({
      email: form.email,
      role: "company_manager",
      company_id: cs.company_id,
      store_id: "",
      ui_locale: "en",
      setup_welcome_message: false,
    });
    expect(typeof me.accessToken).toBe("string");
    expect(typeof me.jti).toBe("string");
    expect(me).not.toHaveProperty("password_hash");
    const stores = await body<{ store_url_key: string }[]>(await b.get("/api/me/stores"));
    expect(stores.map((s) => s.store_url_key)).toEqual(["center"]);

    const welcomed = await b.send("PATCH", "/api/me", { setup_welcome_message: true });
    expect(await body(welcomed)).toMatchObject({ setup_welcome_message: true });
  });

  it("leaves nothing behind when one of the names is taken", async () => {
    const b = browser(app);
    const first = registration();
    expect((await b.send("POST", "/api/auth/register", first)).status).toBe(201);
    const second = registration({ email: first.email });
    const res = await b.send("POST", "/api/auth/register", second);
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ code: "emailExists", message: "This email address already exists" });
    const free = await body(await b.get(`/api/auth/availability?field=company_url_key&value=${second.company_url_key}`));
    expect(free).toEqual({ available: true });
    const taken = await b.send("POST", "/api/auth/register", registration({ company_url_key: first.company_url_key }));
    expect(await body(taken)).toMatchObject({ code: "companyUrlExists" });
  });

  it("validates URL names (Latin letters, digits, hyphens) and matching passwords", async () => {
    const b = browser(app);
    const res = await b.send("POST", "/api/auth/register", registration({ store_url_key: "центр1", password_confirmation: "other-pass" }));
    expect(res.status).toBe(400);
    const { message } = await body<{ message: string }>(res);
    expect(message).toContain("Only Latin letters are allowed");
    expect(message).toContain("Passwords do not match");
  });

  it("answers live availability of e-mails and URL names", async () => {
    const b = browser(app);
    const check = async (q: string) => body(await b.get(`/api/auth/availability?${q}`));
    expect(await check(`field=email&value=${encodeURIComponent(t.owner.email.toUpperCase())}`)).toEqual({ available: false, code: "emailExists" });
    expect(await check(`field=email&value=${uniqueEmail("free")}`)).toEqual({ available: true });
    expect(await check("field=email&value=not-an-email")).toEqual({ available: false, code: "valueIncorrect" });
    expect(await check(`field=company_url_key&value=${t.company.url_key}`)).toEqual({ available: false, code: "companyUrlExists", suggestion: `${t.company.url_key}-2` });
    expect(await check("field=company_url_key&value=1abc")).toEqual({ available: false, code: "valueIncorrect" });
    expect(await check(`field=store_url_key&value=main&companyKey=${t.company.url_key}`)).toEqual({ available: false, code: "storeUrlExists", suggestion: "main-2" });
    expect(await check(`field=store_url_key&value=other&companyKey=${t.company.url_key}`)).toEqual({ available: true });
    expect(await check("field=store_url_key&value=main")).toEqual({ available: true });
  });

  it("offers a numbered variant of a taken URL name (decision 105), which registration then takes", async () => {
    const b = browser(app);
    const check = async (q: string) => body<{ available: boolean; suggestion?: string }>(await b.get(`/api/auth/availability?${q}`));
    // What the form proposes from "Кафе «Ромашка» на …": transliterated, no filler words, hyphens.
    const base = urlNameFrom(`Кафе «Ромашка» на ${letters("")}`);
    expect(base).toMatch(/^romashka-[a-p]{8}$/);
    expect(await check(`field=company_url_key&value=${base}`)).toEqual({ available: true });
    expect((await b.send("POST", "/api/auth/register", registration({ company_url_key: base }))).status).toBe(201);
    const first = await check(`field=company_url_key&value=${base.toUpperCase()}`);
    expect(first).toEqual({ available: false, code: "companyUrlExists", suggestion: `${base}-2` });
    expect((await b.send("POST", "/api/auth/register", registration({ company_url_key: first.suggestion }))).status).toBe(201);
    // Taken too: the next one, and the suggestion is itself available and well formed.
    const second = await check(`field=company_url_key&value=${base}`);
    expect(second.suggestion).toBe(`${base}-3`);
    expect(await check(`field=company_url_key&value=${second.suggestion}`)).toEqual({ available: true });
    // A 40-character name keeps within the limit.
    const long = letters("x").padEnd(40, "q");
    expect((await b.send("POST", "/api/auth/register", registration({ company_url_key: long }))).status).toBe(201);
    expect(await check(`field=company_url_key&value=${long}`)).toMatchObject({ suggestion: `${long.slice(0, 38)}-2` });
  });
});

describe("sign-in", () => {
  it("sets an httpOnly SameSite browser-session cookie, or a 30-day one with remember me", async () => {
    const b = browser(app);
    const res = await b.signIn(t.manager.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ url: "/" });
    const cookie = b.lastSetCookie("qrm_session")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    expect(cookie).not.toMatch(/Secure/);

    const r = browser(app);
    await r.signIn(t.manager.email, PASSWORD, true);
    const remembered = r.lastSetCookie("qrm_session")!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(remembered)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86400);
  });

  it("marks cookies Secure over HTTPS", async () => {
    const b = browser(app, { headers: { "x-forwarded-proto": "https" } });
    await b.signIn(t.manager.email, PASSWORD);
    expect(b.lastSetCookie("qrm_session")).toMatch(/Secure/);
    expect(b.lastSetCookie("qrm_csrf")).toMatch(/Secure/);
  });

  it("answers the same for an unknown e-mail and a wrong password", async () => {
    const b = browser(app, { address: "10.0.0.1" });
    const unknown = await b.signIn(uniqueEmail("nobody"), PASSWORD);
    const wrong = await b.signIn(t.owner.email, "wrong-password");
    const malformed = await b.signIn("not-an-email", "");
    for (const res of [unknown, wrong, malformed]) {
      expect(res.status).toBe(401);
      expect(await body(res)).toEqual({ code: "incorrectLogin", message: "Incorrect login or password" });
    }
    expect(b.cookie("qrm_session")).toBeUndefined();
  });

  it("redirects a plain form post (no json) to the callback, or back to the sign-in page", async () => {
    const b = browser(app);
    const ok = await b.form("/api/auth/callback/credentials", { email: t.manager.email, password: PASSWORD, callbackUrl: "/x/y/admin-panel" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/x/y/admin-panel");
    const bad = await browser(app).form("/api/auth/signin/credentials", { email: t.manager.email, password: "nope", callbackUrl: "https://evil.example/" });
    expect(bad.headers.get("location")).toBe("/login?error=incorrectLogin&redirect=%2F");
  });

  it("limits failed attempts per account, whatever the address", async () => {
    atWindowStart(AUTH.limits.signInPerEmail.windowMs);
    const email = uniqueEmail("limited");
    const { createUser } = await import("@menu/core/auth/user");
    await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    for (let i = 0; i < 5; i++) {
      const res = await browser(app, { address: `10.1.0.${i}` }).signIn(email, "wrong-password");
      expect(res.status).toBe(401);
    }
    const blocked = await browser(app, { address: "10.1.1.1" }).signIn(email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(await body(blocked)).toMatchObject({ code: "tooManyAttempts" });
    clock.advance(16 * 60_000);
    expect((await browser(app).signIn(email, PASSWORD)).status).toBe(200);
  });

  it("limits failed attempts per address, whatever the account and whatever X-Forwarded-For says", async () => {
    atWindowStart(AUTH.limits.signInPerIp.windowMs);
    // The address is the connection's (the socket here); a client-set X-Forwarded-For changes nothing.
    const spray = (i: number) => browser(app, { address: "10.2.0.1", headers: { "x-forwarded-for": `203.0.113.${i}, 172.16.0.${i}` } });
    for (let i = 0; i < 30; i++) expect((await spray(i).signIn(uniqueEmail("spray"), "guess")).status).toBe(401);
    const blocked = await spray(99).signIn(t.manager.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(await body(blocked)).toMatchObject({ code: "tooManyAttempts" });
    expect((await browser(app, { address: "10.2.0.2" }).signIn(t.manager.email, PASSWORD)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("GET /api/me needs a session; the session call answers {} when signed out", async () => {
    const b = browser(app);
    expect((await b.get("/api/me")).status).toBe(401);
    expect(await body(await b.get("/api/auth/session"))).toEqual({});
    await b.signIn(t.manager.email, PASSWORD);
    const s = await body<{ user: { id: string; role: string; store_id: string }; expires: string }>(await b.get("/api/auth/session"));
    expect(s.user).toMatchObject({ id: t.manager.id, role: "store_manager", store_id: t.store_id });
  });

  it("sign-out is a POST with the CSRF token; without it: 400 'Could not fetch CSRF Token for signing out'", async () => {
    const b = browser(app);
    await b.signIn(t.manager.email, PASSWORD);
    const jwt = b.cookie("qrm_session")!;
    const missing = await b.form("/api/auth/signout", { json: "true" }, { csrf: false });
    expect(missing.status).toBe(400);
    expect(await body(missing)).toEqual({ code: "csrfSignOut", message: "Could not fetch CSRF Token for signing out" });
    expect((await b.get("/api/me")).status).toBe(200);

    expect(await body(await b.signOut())).toEqual({ url: "/" });
    expect((await b.get("/api/me")).status).toBe(401);
    // The JWT itself is still well signed and unexpired, but its session is gone.
    const replay = await app.request("/api/me", { headers: { cookie: `qrm_session=${jwt}` } });
    expect(replay.status).toBe(401);
  });

  it("refuses state-changing calls with the session cookie but without the CSRF token", async () => {
    const b = browser(app);
    await b.signIn(t.manager.email, PASSWORD);
    const res = await b.send("PATCH", "/api/me", { first_name: "Eve" }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ code: "csrfInvalid" });
    const forged = await b.request("/api/me", {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-csrf-token": "forged" },
      body: JSON.stringify({ first_name: "Eve" }),
    });
    expect(forged.status).toBe(403);
    expect((await b.send("PATCH", "/api/me", { first_name: "Max" })).status).toBe(200);
    // Sign-in needs it too (login CSRF).
    expect((await browser(app).form("/api/auth/callback/credentials", { email: t.manager.email, password: PASSWORD }, { csrf: false })).status).toBe(403);
  });

  it("gives the same CSRF token for the same cookie", async () => {
    const b = browser(app);
    const first = await body<{ csrfToken: string }>(await b.get("/api/auth/csrf"));
    const second = await body<{ csrfToken: string }>(await b.get("/api/auth/csrf"));
    expect(second.csrfToken).toBe(first.csrfToken);
  });

  it("accepts the accessToken of /api/me as a bearer token until the session ends", async () => {
    const b = browser(app);
    await b.signIn(t.manager.email, PASSWORD);
    const { accessToken } = await body<{ accessToken: string }>(await b.get("/api/me"));
    const bearer = () => app.request("/api/me/stores", { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await bearer()).status).toBe(200);
    await b.signOut();
    expect((await bearer()).status).toBe(401);
  });

  it("expires by the clock and renews when half used", async () => {
    const b = browser(app);
    await b.signIn(t.manager.email, PASSWORD);
    const first = b.cookie("qrm_session");
    clock.advance(7 * 3600_000);
    expect((await b.get("/api/auth/session")).status).toBe(200);
    expect(b.cookie("qrm_session")).not.toBe(first);
    clock.advance(11 * 3600_000);
    expect((await b.get("/api/me")).status).toBe(200);
    clock.advance(13 * 3600_000);
    expect((await b.get("/api/me")).status).toBe(401);
  });

  it("a password change ends the other sessions and keeps this browser signed in", async () => {
    const email = uniqueEmail("pw");
    const { createUser } = await import("@menu/core/auth/user");
    await createUser({ email, password: PASSWORD, role: "store_manager", company_id: t.company_id, store_id: t.store_id, email_confirmed: true });
    const here = browser(app);
    const there = browser(app);
    await here.signIn(email, PASSWORD);
    await there.signIn(email, PASSWORD);
    const wrong = await here.send("POST", "/api/me/password", { current_password: "nope", password: "New-password-1", password_confirmation: "New-password-1" });
    expect(await body(wrong)).toMatchObject({ code: "currentPasswordIncorrect" });
    const ok = await here.send("POST", "/api/me/password", { current_password: PASSWORD, password: "New-password-1", password_confirmation: "New-password-1" });
    expect(ok.status).toBe(200);
    expect((await here.get("/api/me")).status).toBe(200);
    expect((await there.get("/api/me")).status).toBe(401);
    expect((await browser(app).signIn(email, PASSWORD)).status).toBe(401);
    expect((await browser(app).signIn(email, "New-password-1")).status).toBe(200);
  });
});

describe("password reset", () => {
  it("mails a single-use link that sets a new password and ends all sessions", async () => {
    const email = uniqueEmail("reset");
    const { createUser } = await import("@menu/core/auth/user");
    await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    const signedIn = browser(app);
    await signedIn.signIn(email, PASSWORD);

    const b = browser(app);
    const missing = await b.send("POST", "/api/auth/forgot-password", { email: uniqueEmail("nobody") });
    expect(missing.status).toBe(404);
    expect(await body(missing)).toEqual({ code: "userNotFoundByEmail", message: "A user with this email does not exist" });

    expect((await b.send("POST", "/api/auth/forgot-password", { email })).status).toBe(200);
    const stale = mail.tokenFor(email);
    expect((await b.send("POST", "/api/auth/forgot-password", { email })).status).toBe(200);
    const token = mail.tokenFor(email);
    expect(token).not.toBe(stale);

    const reset = (tk: string, password = "Brand-new-pass-1") =>
      b.send("POST", "/api/auth/reset-password", { token: tk, password, password_confirmation: password });
    expect(await body(await reset(stale))).toEqual({ code: "passwordResetExpired", message: "Password reset session has expired or is missing" });
    expect((await reset(token)).status).toBe(200);
    expect((await reset(token, "Another-pass-22")).status).toBe(400);
    expect((await signedIn.get("/api/me")).status).toBe(401);
    expect((await browser(app).signIn(email, "Brand-new-pass-1")).status).toBe(200);
  });

  it("a reset link expires after an hour", async () => {
    const b = browser(app);
    await b.send("POST", "/api/auth/forgot-password", { email: t.manager.email });
    const token = mail.tokenFor(t.manager.email);
    clock.advance(61 * 60_000);
    const res = await b.send("POST", "/api/auth/reset-password", { token, password: "Late-password-1", password_confirmation: "Late-password-1" });
    expect(res.status).toBe(400);
  });
});

describe("e-mail change", () => {
  it("keeps the old address in use until the new one is confirmed", async () => {
    const oldEmail = uniqueEmail("old");
    const newEmail = uniqueEmail("new");
    const { createUser } = await import("@menu/core/auth/user");
    await createUser({ email: oldEmail, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    const b = browser(app);
    await b.signIn(oldEmail, PASSWORD);
    expect((await b.send("POST", "/api/me/email", { email: t.owner.email, current_password: PASSWORD })).status).toBe(409);
    expect((await b.send("POST", "/api/me/email", { email: newEmail, current_password: "wrong" })).status).toBe(400);
    const res = await b.send("POST", "/api/me/email", { email: newEmail, current_password: PASSWORD });
    expect(await body(res)).toEqual({ pending_email: newEmail });
    expect(mail.last(oldEmail)?.subject).toMatch(/Смена адреса/);
    expect(await body(await b.get("/api/me"))).toMatchObject({ email: oldEmail, pending_email: newEmail });
    expect((await browser(app).signIn(newEmail, PASSWORD)).status).toBe(401);
    expect((await browser(app).signIn(oldEmail, PASSWORD)).status).toBe(200);

    const confirmed = await b.send("POST", "/api/auth/confirm-email", { token: mail.tokenFor(newEmail) });
    expect(await body(confirmed)).toEqual({ kind: "email_change", email: newEmail });
    expect((await browser(app).signIn(oldEmail, PASSWORD)).status).toBe(401);
    expect((await browser(app).signIn(newEmail, PASSWORD)).status).toBe(200);
    const me = await body(await b.get("/api/me"));
    expect(me.email).toBe(newEmail);
    expect(me.pending_email).toBeUndefined();
    // The old address is free again.
    expect(await body(await b.get(`/api/auth/availability?field=email&value=${oldEmail}`))).toEqual({ available: true });
  });
});

describe("NextAuth-shaped calls", () => {
  it("lists the credentials provider", async () => {
    const res = await body(await app.request("/api/auth/providers"));
    expect(res).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: "/api/auth/signin/credentials",
        callbackUrl: "/api/auth/callback/credentials",
      },
    });
  });
});

describe("behind CloudFront", () => {
  // What the API receives through the distribution: API Gateway's host, the viewer's in X-Forwarded-Host (stacks/Web.ts).
  const viaCloudFront = { "x-forwarded-host": "menu.example.com", "x-forwarded-proto": "https" };

  it("takes redirects to the viewer's own host as its own, not API Gateway's", async () => {
    const b = browser(app, { headers: viaCloudFront });
    const ok = await b.form("/api/auth/callback/credentials", {
      email: t.manager.email,
      password: PASSWORD,
      callbackUrl: "https://menu.example.com/x/y/admin-panel?tab=1",
    });
    expect(ok.headers.get("location")).toBe("/x/y/admin-panel?tab=1");
    const elsewhere = await browser(app, { headers: viaCloudFront }).form("/api/auth/callback/credentials", {
      email: t.manager.email,
      password: PASSWORD,
      callbackUrl: "https://abc123.execute-api.eu-central-1.amazonaws.com/x",
    });
    expect(elsewhere.headers.get("location")).toBe("/");
  });

  it("mails links to the site's address (PUBLIC_BASE_URL), whatever host the request names", async () => {
    const email = uniqueEmail("edge-reset");
    const { createUser } = await import("@menu/core/auth/user");
    await createUser({ email, password: PASSWORD, role: "company_manager", company_id: t.company_id, email_confirmed: true });
    const before = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = "https://menu.example.com";
    try {
      const forged = browser(app, { headers: { ...viaCloudFront, "x-forwarded-host": "evil.example" } });
      expect((await forged.send("POST", "/api/auth/forgot-password", { email })).status).toBe(200);
      expect(mail.last(email)!.text).toMatch(/https:\/\/menu\.example\.com\/[^\s]*\?token=/);
      expect(mail.last(email)!.text).not.toContain("evil.example");
    } finally {
      if (before === undefined) delete process.env.PUBLIC_BASE_URL;
      else process.env.PUBLIC_BASE_URL = before;
    }
  });
});
