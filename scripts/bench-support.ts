/** What the load benchmarks share: the runtime with its demo data, a staff sign-in, percentiles. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRuntime } from "../e2e/runtime";

export type Demo = { menu_urls: string[]; qr_links: string[]; logins: { role: string; email: string; password: string }[] };

/** Starts the local runtime on a fresh data folder with the demo data, runs `bench`, stops it. */
export async function withDemoRuntime(name: string, bench: (base: string, demo: Demo) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), `menu-${name}-`));
  console.log("Starting the local runtime with the demo data…");
  const runtime = await startRuntime(dataDir);
  try {
    await bench(runtime.baseUrl, JSON.parse(readFileSync(join(dataDir, "demo.json"), "utf8")) as Demo);
  } finally {
    await runtime.stop();
  }
}

/** The q-quantile (0…1) of sorted values, NaN when there are none. */
export const percentile = (sorted: readonly number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);

/** Signs a demo user in the way the SPA does (CSRF token, form post) and answers the cookie header. */
export async function signIn(base: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}`);
  keep(res);
  return cookie();
}
