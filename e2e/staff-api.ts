import { expect } from "vitest";

/** A signed-in API client of the runtime (cookies and the CSRF token, as the SPA sends them). */
export async function staffApi(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(base + path, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  };
  const { csrfToken } = (await (await request("/api/auth/csrf")).json()) as { csrfToken: string };
  const signIn = await request("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  expect(signIn.status).toBe(200);
  const send = (method: string, path: string, body: unknown) =>
    request(path, { method, headers: { "content-type": "application/json", "x-csrf-token": csrfToken }, body: JSON.stringify(body) });
  return { request, send };
}

/** A freshly registered and confirmed owner of a company of its own (store `main`, in preparation), signed in through the API. */
export async function registeredOwner(base: string, key: string) {
  const { linkMailedTo } = await import("./outbox");
  const email = `${key}@example.com`;
  const password = "Registered-pass-2";
  const anonymous = async (method: string, path: string, body: unknown) => {
    const csrf = await fetch(`${base}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return fetch(base + path, { method, headers: { cookie, "content-type": "application/json", "x-csrf-token": csrfToken }, body: JSON.stringify(body) });
  };
  const registered = await anonymous("POST", "/api/auth/register", { company_name: `Компания ${key}`, store_name: "Main", company_url_key: key, store_url_key: "main", email, password, password_confirmation: password });
  expect(registered.status).toBe(201);
  const link = await linkMailedTo(email, "/register/user-confirmation");
  expect((await anonymous("POST", "/api/auth/confirm-email", { token: new URL(base + link).searchParams.get("token") })).status).toBe(200);
  return { email, password, api: await staffApi(base, email, password) };
}
