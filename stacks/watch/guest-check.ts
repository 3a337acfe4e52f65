/**
 * The guest path, loaded from outside as a guest's phone loads it (stacks/GuestWatch.ts runs this every
 * 5 minutes from us-east-1): the store's menu page, its index, and a table's QR redirect, all through the
 * public domain, so CloudFront, its functions, the key-value store, the WAF, S3 and the API are all on it.
 * A failed check throws, naming every failure: the function's Errors metric is what the alarm watches.
 */
export type GuestCheckTarget = { baseUrl: string; store: string; lang: string; qrKey: string };

/** Each check's failure as a sentence, none when the guest path works. */
export async function checkGuestPath(target: GuestCheckTarget, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  const base = target.baseUrl.replace(/\/$/, "");
  const failures: string[] = [];
  const get = async (path: string) => {
    try {
      // A hung origin must not hold the run past its timeout; the redirect is judged, not followed.
      return await fetchImpl(`${base}${path}`, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS), headers: { "user-agent": USER_AGENT } });
    } catch (error) {
      failures.push(`${path}: no answer (${(error as Error).message})`);
      return undefined;
    }
  };

  const pagePath = `/${target.store}/menu`;
  const page = await get(pagePath);
  if (page) {
    const body = await page.text();
    if (page.status !== 200 || !/text\/html/.test(page.headers.get("content-type") ?? "") || !/<html/i.test(body)) {
      failures.push(`${pagePath}: ${page.status} ${page.headers.get("content-type") ?? ""}, not the menu page`);
    }
  }

  const indexPath = `/m/${target.store}/${target.lang}/index.json`;
  const index = await get(indexPath);
  if (index) {
    const body = await index.text();
    let json = false;
    try {
      json = typeof JSON.parse(body) === "object";
    } catch {
      json = false;
    }
    if (index.status !== 200 || !json) failures.push(`${indexPath}: ${index.status}, not the menu's index`);
  }

  const qrPath = `/t/${target.qrKey}`;
  const qr = await get(qrPath);
  if (qr) {
    const location = qr.headers.get("location") ?? "";
    await qr.arrayBuffer();
    if (qr.status < 300 || qr.status > 308 || !location.includes(`/${target.store}/`)) {
      failures.push(`${qrPath}: ${qr.status} to "${location}", not a redirect to the store's menu`);
    }
  }
  return failures;
}

const TIMEOUT_MS = 10_000;
/** The WAF's common rules block requests without a User-Agent; this one also tells the check apart in the edge logs. */
export const USER_AGENT = "qr-menu-guest-check/1";

export async function handler() {
  const target: GuestCheckTarget = {
    baseUrl: process.env.GUEST_CHECK_BASE_URL!,
    store: process.env.GUEST_CHECK_STORE!,
    lang: process.env.GUEST_CHECK_LANG!,
    qrKey: process.env.GUEST_CHECK_QR!,
  };
  const failures = await checkGuestPath(target);
  if (failures.length) throw new Error(`Guest path check failed: ${failures.join("; ")}`);
  return { ok: true };
}
