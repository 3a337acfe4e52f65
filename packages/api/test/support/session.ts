import { expect } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { browser, type App } from "./browser-client";
import { PASSWORD, platformAdmin, tenant } from "./accounts";

export type Tenant = Awaited<ReturnType<typeof tenant>>;
export type Client = ReturnType<typeof browser>;

/** The JSON answer, typed as the test expects it. */
export const body = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

/** `signedIn(email)` gives a browser signed in as that user; a failed sign-in fails the test. */
export const signingIn =
  (app: App) =>
  async (email: string, password = PASSWORD) => {
    const b = browser(app);
    expect((await b.signIn(email, password)).status).toBe(200);
    return b;
  };

/** Our company and another one, our owner and store manager, the other owner and a platform admin, all signed in. */
export async function signedInTenants(app: App, prefix: string, otherPrefix: string) {
  const [t, other] = await Promise.all([tenant(prefix), tenant(otherPrefix)]);
  const a = await platformAdmin();
  const signedIn = signingIn(app);
  const [owner, manager, stranger, admin] = await Promise.all([signedIn(t.owner.email), signedIn(t.manager.email), signedIn(other.owner.email), signedIn(a.email)]);
  return { t, other, owner, manager, stranger, admin };
}

/** How many publishes the store has asked for so far. */
export const publishRequests = async (ids: { company_id: string; store_id: string }) =>
  (await Db().entities.publication.get({ company_id: ids.company_id, store_id: ids.store_id }).go()).data?.requested ?? 0;

/** A JSON call made as `actor` (no session: the app is told who calls). */
export async function callAs(actor: Actor, method: string, path: string, body?: unknown) {
  const res = await createApp({ resolveActor: () => actor }).request(path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
}

/**
 * Moves the clock to one second into the next fixed window of `windowMs` (the rate limits'
 * windows), so a test that counts attempts is never split by a window boundary, however slowly
 * the machine runs it. Reset the clock after the test.
 */
export function atWindowStart(windowMs: number) {
  const now = clock.now().getTime();
  clock.set(new Date(now - (now % windowMs) + windowMs + 1000));
}

/**
 * Moves the clock to midday UTC of today, so no calendar day (of any store's time zone from UTC-11
 * to UTC+11) nor UTC month ends during the test. Reset the clock after it.
 */
export function atMiddayUtc() {
  clock.set(new Date(`${clock.now().toISOString().slice(0, 10)}T12:00:00Z`));
}
