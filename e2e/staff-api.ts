import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { expect } from "vitest";

/** A loopback address (127.0.x.y) of a key's own: the runtime counts each as another client. */
const loopbackOf = (key: string) => {
  const [a, b] = createHash("sha256").update(key).digest();
  return `127.0.${1 + (a! % 254)}.${1 + (b! % 254)}`;
};

/** One HTTP call from `localAddress` (the runtime takes the socket's address: each is another client): its status, cookies (name=value) and text. */
export function callFrom(base: string, localAddress: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; cookies: string[]; text: string }>((ok, fail) => {
    const req = httpRequest(`${base}${path}`, { method, headers, localAddress }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => ok({ status: res.statusCode!, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!), text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

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
  // Each owner registers from a loopback address of its own, as owners come from their own
  // networks: registrations are limited per address (10 an hour), and a worker's runtime serves many.
  const localAddress = loopbackOf(key);
  const anonymous = async (method: string, path: string, body?: unknown) => {
    const csrf = await callFrom(base, localAddress, "GET", "/api/auth/csrf", {});
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    return callFrom(base, localAddress, method, path, { cookie: csrf.cookies.join("; "), "content-type": "application/json", "x-csrf-token": csrfToken }, JSON.stringify(body));
  };
  const registered = await anonymous("POST", "/api/auth/register", { company_name: `Компания ${key}`, store_name: "Main", company_url_key: key, store_url_key: "main", email, password, password_confirmation: password });
  expect(registered.status, registered.text).toBe(201);
  const link = await linkMailedTo(email, "/register/user-confirmation");
  expect((await anonymous("POST", "/api/auth/confirm-email", { token: new URL(base + link).searchParams.get("token") })).status).toBe(200);
  return { email, password, api: await staffApi(base, email, password) };
}
