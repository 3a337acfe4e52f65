import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { UserForm, VALIDATION } from "@menu/core/shared/account-forms";
import { createStore } from "@menu/core/store/store";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, platformAdmin, tenant, uniqueEmail } from "./support/accounts";
import { body, signingIn, type Client, type Tenant } from "./support/session";

const app = createApp();
const mail = captureMail();
let t: Tenant;
let other: Tenant;
let owner: Client;
let admin: Client;

const signedIn = signingIn(app);

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("users"), tenant("others")]);
  const a = await platformAdmin();
  [owner, admin] = await Promise.all([signedIn(t.owner.email), signedIn(a.email)]);
});

const newUser = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Анна",
  last_name: "Смирнова",
  email: uniqueEmail("staff"),
  role: "store_manager",
  company_id: t.company_id,
  store_id: t.store_id,
  password: "",
  ...overrides,
});

describe("settings/users", () => {
  it("lists the company's users for its company manager, not for a store manager", async () => {
    const list = await body<{ email: string; role: string }[]>(await owner.get(`/api/users?companyId=${t.company_id}`));
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([t.owner.email, t.manager.email]));
    expect(list[0]!.role).toBe("company_manager");
    const manager = await signedIn(t.manager.email);
    expect((await manager.get(`/api/users?companyId=${t.company_id}`)).status).toBe(404);
  });

  it("creates a user, who is invited, confirms on /register/user and then signs in", async () => {
    const form = newUser();
    const res = await owner.send("POST", "/api/users", form);
    expect(res.status).toBe(201);
    const created = await body<{ id: string; email_confirmed: boolean; has_password: boolean }>(res);
    expect(created).toMatchObject({ email_confirmed: false, has_password: false, role: "store_manager", store_id: t.store_id });
    expect(mail.last(form.email)?.text).toContain("/register/user?token=");

    const guest = browser(app);
    const token = mail.tokenFor(form.email);
    expect(await body(await guest.get(`/api/auth/invitation?token=${token}`))).toMatchObject({
      email: form.email,
      first_name: "Анна",
      has_password: false,
      company_name: "users company",
    });
    const noPassword = await guest.send("POST", "/api/auth/accept-invitation", { token, first_name: "Аня", last_name: "С." });
    expect(noPassword.status).toBe(400);
    const accepted = await guest.send("POST", "/api/auth/accept-invitation", {
      token,
      first_name: "Аня",
      last_name: "С.",
      password: "Invited-pass-1",
      password_confirmation: "Invited-pass-1",
    });
    expect(accepted.status).toBe(200);
    expect((await guest.send("POST", "/api/auth/accept-invitation", { token, first_name: "x", last_name: "y", password: "Invited-pass-2", password_confirmation: "Invited-pass-2" })).status).toBe(400);
    const invited = await signedIn(form.email, "Invited-pass-1");
    expect(await body(await invited.get("/api/me"))).toMatchObject({ first_name: "Аня", email_confirmed: true, role: "store_manager" });
  });

  it("refuses a taken e-mail with the specification's message", async () => {
    const res = await owner.send("POST", "/api/users", newUser({ email: t.manager.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await body(res)).toEqual({ code: "emailExists", message: "This email address already exists" });
  });

  it("keeps at most 5 store managers per store, also under concurrent creation", async () => {
    const store = await createStore({ company_id: t.company_id, name: "Limits", url_key: "limits" });
    const attempts = await Promise.all(
      Array.from({ length: 7 }, () => owner.send("POST", "/api/users", newUser({ store_id: store.store_id, password: PASSWORD }))),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const refused = attempts.find((r) => r.status === 409)!;
    expect(await body(refused)).toMatchObject({ code: "storeManagersLimit", message: "A store can have at most 5 managers" });

    // Deleting one frees its seat; moving someone into the full store is refused.
    const list = await body<{ id: string; store_id: string; role: string }[]>(await owner.get(`/api/users?companyId=${t.company_id}`));
    const inStore = list.filter((u) => u.store_id === store.store_id && u.role === "store_manager");
    expect(inStore).toHaveLength(5);
    const move = await owner.send("PATCH", `/api/users/${t.manager.id}`, { store_id: store.store_id });
    expect(await body(move)).toMatchObject({ code: "storeManagersLimit" });
    expect((await owner.send("DELETE", `/api/users/${inStore[0]!.id}`)).status).toBe(200);
    expect((await owner.send("POST", "/api/users", newUser({ store_id: store.store_id }))).status).toBe(201);
  });

  it("a company manager can neither create an admin nor reach another company", async () => {
    const adminRole = await owner.send("POST", "/api/users", newUser({ role: "admin" }));
    expect(adminRole.status).toBe(403);
    const foreign = await owner.send("POST", "/api/users", newUser({ company_id: other.company_id, store_id: other.store_id }));
    expect(foreign.status).toBe(404);
    const foreignStore = await owner.send("POST", "/api/users", newUser({ store_id: other.store_id }));
    expect(foreignStore.status).toBe(404);
    expect((await owner.get(`/api/users/${other.manager.id}`)).status).toBe(404);
    expect((await owner.send("PATCH", `/api/users/${other.manager.id}`, { first_name: "X" })).status).toBe(404);
    expect((await owner.send("DELETE", `/api/users/${other.manager.id}`)).status).toBe(404);
  });

  it("an admin creates admins (in the platform) and manages any company", async () => {
    const res = await admin.send("POST", "/api/users", newUser({ role: "admin", store_id: "" }));
    expect(res.status).toBe(201);
    expect(await body(res)).toMatchObject({ role: "admin", company_id: "platform" });
    const list = await body<{ role: string }[]>(await admin.get("/api/users?companyId=platform"));
    expect(list.every((u) => u.role === "admin")).toBe(true);
    expect((await admin.get(`/api/users?companyId=${other.company_id}`)).status).toBe(200);
    expect((await owner.get("/api/users?companyId=platform")).status).toBe(404);
  });

  it("deactivation, a new password and deletion end the user's sessions at once", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const form = newUser({ password: PASSWORD, role: "company_manager", store_id: "" });
      const created = await body<{ id: string }>(await owner.send("POST", "/api/users", form));
      await browser(app).send("POST", "/api/auth/accept-invitation", { token: mail.tokenFor(form.email), first_name: "A", last_name: "B" });
      ids.push(created.id);
      const session = await signedIn(form.email);
      const change = [{ active: false }, { password: "Reset-by-owner-1" }, undefined][i];
      const res = change ? await owner.send("PATCH", `/api/users/${created.id}`, change) : await owner.send("DELETE", `/api/users/${created.id}`);
      expect(res.status).toBe(200);
      expect((await session.get("/api/me")).status).toBe(401);
      if (i === 0) expect((await browser(app).signIn(form.email, PASSWORD)).status).toBe(401);
      if (i === 2) expect((await owner.get(`/api/users/${created.id}`)).status).toBe(404);
    }
  });

  it("nobody changes their own role or access, or deletes themselves", async () => {
    expect((await owner.send("PATCH", `/api/users/${t.owner.id}`, { role: "store_manager", store_id: t.store_id })).status).toBe(403);
    expect((await owner.send("PATCH", `/api/users/${t.owner.id}`, { active: false })).status).toBe(403);
    expect((await owner.send("DELETE", `/api/users/${t.owner.id}`)).status).toBe(403);
    expect((await owner.send("PATCH", `/api/users/${t.owner.id}`, { first_name: "Ольга" })).status).toBe(200);
  });

  it("an e-mail changed by a manager waits for the new address's confirmation", async () => {
    const next = uniqueEmail("moved");
    const res = await owner.send("PATCH", `/api/users/${t.manager.id}`, { email: next });
    expect(await body(res)).toMatchObject({ email: t.manager.email, pending_email: next });
    expect(mail.last(next)?.text).toContain("/register/user-confirmation?token=");
  });
});

/** The message the users form shows for `field` set to `value` (the same schema validates the form). */
function formMessage(field: "first_name" | "last_name", value: string | undefined) {
  const { company_id: _company, ...form } = newUser({ [field]: value });
  const result = UserForm.safeParse(form);
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("names in the users form (issue 15)", () => {
  const blanks = [
    ["first_name", ""],
    ["last_name", "   "],
    ["first_name", "\u200B\u00A0"],
    ["last_name", "\t"],
  ] as const;

  it("are required when a user is created, with the message the form shows", async () => {
    for (const [field, value] of [...blanks, ["first_name", undefined] as const]) {
      expect(formMessage(field, value)).toBe(VALIDATION.required);
      const res = await owner.send("POST", "/api/users", newUser({ [field]: value }));
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(await body(res)).toEqual({ code: "valueIncorrect", message: `${field}: ${formMessage(field, value)}` });
    }
  });

  it("cannot be blanked on edit: the server refuses with the form's message and keeps the names", async () => {
    const form = newUser({ role: "company_manager", store_id: "" });
    const created = await body<{ id: string }>(await owner.send("POST", "/api/users", form));
    for (const [field, value] of blanks) {
      const res = await owner.send("PATCH", `/api/users/${created.id}`, { first_name: "Мария", last_name: "Кузнецова", [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(await body(res)).toEqual({ code: "valueIncorrect", message: `${field}: ${formMessage(field, value)}` });
    }
    expect(await body(await owner.get(`/api/users/${created.id}`))).toMatchObject({ first_name: "Анна", last_name: "Смирнова" });
    // Admins are held to the same rule, also for themselves.
    expect((await admin.send("PATCH", `/api/users/${created.id}`, { last_name: "" })).status).toBe(400);
    expect((await owner.send("PATCH", `/api/users/${t.owner.id}`, { first_name: " " })).status).toBe(400);

    const renamed = await owner.send("PATCH", `/api/users/${created.id}`, { first_name: "  Мария ", last_name: "Кузнецова" });
    expect(await body(renamed)).toMatchObject({ first_name: "Мария", last_name: "Кузнецова" });
  });

  it("a user without names (registered, or older data) is still edited field by field and listed with the e-mail", async () => {
    // The tenant's store manager was created without names, like a registered company's first manager.
    const before = await body<{ first_name: string; last_name: string }>(await owner.get(`/api/users/${t.manager.id}`));
    expect(before).toMatchObject({ first_name: "", last_name: "" });
    expect((await owner.send("PATCH", `/api/users/${t.manager.id}`, { active: true })).status).toBe(200);
    expect((await owner.send("PATCH", `/api/users/${t.manager.id}`, { first_name: "" })).status).toBe(400);
    const list = await body<{ id: string; email: string; first_name: string }[]>(await owner.get(`/api/users?companyId=${t.company_id}`));
    expect(list.find((u) => u.id === t.manager.id)).toMatchObject({ email: t.manager.email, first_name: "" });
  });
});

describe("operator view", () => {
  it("lists every company with its stores, newest first, page by page", async () => {
    const first = await body<{ companies: { id: string; stores: { url_key: string }[] }[]; cursor: string | null }>(
      await admin.get("/api/operator/companies?limit=1"),
    );
    expect(first.companies).toHaveLength(1);
    expect(first.cursor).toBeTruthy();
    const all = await body<{ companies: { id: string; stores: { url_key: string }[] }[] }>(await admin.get("/api/operator/companies?limit=100"));
    const ids = all.companies.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([t.company_id, other.company_id]));
    expect(ids.indexOf(other.company_id) >= 0 && ids.indexOf(t.company_id) >= 0).toBe(true);
    expect(all.companies.find((c) => c.id === t.company_id)!.stores.map((s) => s.url_key)).toContain("main");
    expect((await owner.get("/api/operator/companies")).status).toBe(404);
  });
});
