/**
 * The security headers of every response, one policy wherever it is served: the app's middleware
 * (the API in Lambda and locally, and the local runtime's SPA, media and files), the local runtime's
 * front server (published pages, QR redirects) and CloudFront's response headers policies
 * (stacks/Web.ts), which the synth test compares with `securityHeaders` below.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WIDGET_ORIGIN } from "@menu/core/reviews/widget";
import type { MiddlewareHandler } from "hono";

export type SecurityPolicy = {
  /**
   * The build's inline scripts as CSP hash sources ("sha256-…"): index.html's sign-in form script
   * and the guest pages' starter, the same text on every page of a build (web/vite.ssr.config.ts
   * writes them to SCRIPT_HASHES_FILE).
   */
  scriptHashes: readonly string[];
  /** Other origins the browser sends requests to: the uploads bucket of presigned uploads in the cloud. */
  connectSources?: readonly string[];
};

/** Written by the web build into web/dist, read by the local runtime and the Web stack. */
export const SCRIPT_HASHES_FILE = ".vite/script-hashes.json";

export const FRAME_OPTIONS = "DENY";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/** Powerful features nothing of ours uses, for the pages and every frame in them. */
export const PERMISSIONS_POLICY = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";
/** Two years, subdomains too; sent only over HTTPS (always behind CloudFront). */
export const HSTS_MAX_AGE = 63_072_000;

export function contentSecurityPolicy({ scriptHashes, connectSources = [] }: SecurityPolicy): string {
  const directives: string[][] = [
    ["default-src", "'self'"],
    // Our own files and the build's inline scripts by hash; no eval, no other inline script.
    ["script-src", "'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    // The guest pages inline the styles their markup uses, which differ per page, and React,
    // Quill, sonner and Swagger UI set style attributes and elements: inline styles stay allowed.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Uploaded pictures are under /media on this origin; data: for icons in CSS and QR codes, blob: for previews of a picked file.
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    // The guest reviews page probes the widget's address to learn whether its frame can load at all.
    ["connect-src", "'self'", WIDGET_ORIGIN, ...connectSources],
    // The guest reviews page frames the maps service's reviews widget (packages/core/src/reviews/widget.ts).
    ["frame-src", WIDGET_ORIGIN],
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The headers of every response; HSTS only for a request that came over HTTPS. */
export function securityHeaders(policy: SecurityPolicy, { https }: { https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(policy),
    "X-Frame-Options": FRAME_OPTIONS,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(https ? { "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
  };
}

/**
 * Whether a request came over HTTPS: its own URL (TLS, API Gateway), or the proxy in front saying so.
 * A forged X-Forwarded-Proto over plain HTTP gains nothing: browsers ignore HSTS received over HTTP.
 */
export const cameOverHttps = (url: string, forwardedProto: string | undefined) =>
  url.startsWith("https:") || forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";

/** Both variants of a policy's headers, built once. */
export function securityHeaderSets(policy: SecurityPolicy) {
  const plain = securityHeaders(policy, { https: false });
  const secure = securityHeaders(policy, { https: true });
  return (https: boolean) => (https ? secure : plain);
}

/** Hono middleware: the headers on whatever the app answers, errors, 404s and 413s included. */
export function securityHeadersMiddleware(policy: SecurityPolicy): MiddlewareHandler {
  const sets = securityHeaderSets(policy);
  return async (c, next) => {
    await next();
    const headers = sets(cameOverHttps(c.req.url, c.req.header("x-forwarded-proto")));
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}

/** The hash sources of the inline scripts of the web build in `webDist`. */
export function readScriptHashes(webDist: string): string[] {
  const file = join(webDist, SCRIPT_HASHES_FILE);
  // A build from before the hashes were written: its inline scripts would all be refused.
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app again (pnpm --filter @menu/web build)`);
  return JSON.parse(readFileSync(file, "utf8")) as string[];
}
