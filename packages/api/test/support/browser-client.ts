import type { Mail } from "@menu/core";
import { setPorts, usePorts } from "@menu/core";

export type App = { request: (input: string, init?: RequestInit, env?: Record<string, unknown>) => Response | Promise<Response> };

/** The environment the Node server gives the app: the client's address is the socket's peer. */
export const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/**
 * A tiny browser for API tests: keeps cookies between calls (like a browser on one origin) and
 * sends the CSRF token the way the SPA does. `fresh()` is another browser (no cookies). `address`
 * is its network address as the Node server would see it (headers cannot set it).
 */
export function browser(app: App, opts: { headers?: Record<string, string>; address?: string } = {}) {
  const jar = new Map<string, string>();
  const setCookies: string[] = [];
  let csrf: string | undefined;

  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

  async function request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers.set(k, v);
    if (jar.size) headers.set("cookie", cookieHeader());
    const res = await app.request(path, { ...init, headers }, opts.address ? fromAddress(opts.address) : undefined);
    for (const line of res.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  async function csrfToken() {
    csrf ??= ((await (await request("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
    return csrf;
  }

  const self = {
    jar,
    setCookies,
    request,
    csrfToken,
    get: (path: string) => request(path),
    /** JSON call with the CSRF header. */
    async send(method: string, path: string, body?: unknown, { csrf: withCsrf = true } = {}) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (withCsrf) headers["x-csrf-token"] = await csrfToken();
      return request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    },
    /** Form-encoded call (the auth calls), with csrfToken in the form unless told otherwise. */
    async form(path: string, fields: Record<string, string>, { csrf: withCsrf = true } = {}) {
      const body = new URLSearchParams({ ...(withCsrf ? { csrfToken: await csrfToken() } : {}), ...fields });
      return request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    },
    async signIn(email: string, password: string, remember = false) {
      return self.form("/api/auth/callback/credentials", {
        email,
        password,
        json: "true",
        callbackUrl: "/",
        ...(remember ? { remember: "true" } : {}),
      });
    },
    async signOut() {
      return self.form("/api/auth/signout", { json: "true", callbackUrl: "/" });
    },
    cookie: (name: string) => jar.get(name),
    lastSetCookie: (name: string) => [...setCookies].reverse().find((l) => l.startsWith(`${name}=`)),
  };
  return self;
}

/** Captures the mails of this test file (the account mails carry their link token). */
export function captureMail() {
  const mails: Mail[] = [];
  setPorts({ ...usePorts(), mailer: { send: async (mail) => void mails.push(mail) } });
  return {
    mails,
    last: (to: string) => [...mails].reverse().find((m) => m.to === to),
    tokenFor(to: string) {
      const mail = [...mails].reverse().find((m) => m.to === to);
      const token = mail && /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      if (!token) throw new Error(`No link mailed to ${to}: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
      return token;
    },
  };
}
