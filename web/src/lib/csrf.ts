/**
 * The CSRF token of the session (SPEC section 3, auth session data): fetched once from
 * GET /api/auth/csrf (which also sets its httpOnly cookie) and sent back in `x-csrf-token` on every
 * state-changing call. Kept apart from api.ts so the root bundle can use it without the Hono client.
 */
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const CSRF_URL = "/api/auth/csrf";

let token: Promise<string> | undefined;

export function csrfToken({ keepalive = false } = {}): Promise<string> {
  token ??= fetch(CSRF_URL, { credentials: "same-origin", keepalive })
    .then(async (res) => {
      if (!res.ok) throw new Error(`CSRF token: ${res.status}`);
      return ((await res.json()) as { csrfToken: string }).csrfToken;
    })
    .catch((error: unknown) => {
      token = undefined;
      throw error;
    });
  return token;
}

/** Forget the token (its cookie may be gone, e.g. after the browser restarted). */
export function resetCsrfToken(): void {
  token = undefined;
}

async function isCsrfRefusal(res: Response) {
  if (res.status !== 403) return false;
  const body = (await res.clone().json().catch(() => undefined)) as { code?: string } | undefined;
  return body?.code === "csrfInvalid";
}

/** `fetch` that adds the CSRF header to state-changing calls, and retries once with a fresh token. */
export const csrfFetch: typeof fetch = async (input, init) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (SAFE.has(method)) return fetch(input, init);
  const send = async () => {
    const headers = new Headers(init?.headers);
    // A keepalive call (it must survive leaving the page) fetches its token the same way.
    headers.set("x-csrf-token", await csrfToken({ keepalive: init?.keepalive === true }));
    return fetch(input, { ...init, headers, credentials: "same-origin" });
  };
  const res = await send();
  if (!(await isCsrfRefusal(res))) return res;
  resetCsrfToken();
  return send();
};
