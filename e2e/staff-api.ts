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
