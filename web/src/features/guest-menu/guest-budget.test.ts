/**
 * The guest first view's weight, held by the suite (issue 35): reads the web build (web/dist and
 * web/dist-ssr, which `pnpm test` makes first) and fails when the page's inline starter, the early
 * script or the guest app grow past their budgets, or when the guest entry pulls in a module it
 * must not. Budgets sit a little above the build's sizes when they were set (in the comments);
 * raising one is a decision to write down (docs/decisions.md), not a fix.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/** Bytes, gzip level 9. */
const BUDGET = {
  /** The inline script of every pre-rendered page (starter.ts and its beacon): 3,063 bytes, 1,568 gzip. */
  starter: { raw: 3_400, gzip: 1_750 },
  /** The early script (early.ts), run once the first view is shown: 2,759 gzip. */
  early: 3_100,
  /**
   * The guest app (hydrate.tsx and what it imports, with its largest language catalog): 104,004
   * bytes gzip (the guest id in each event batch, and the API's messages the guest pages share);
   * 104,792 with the search of every language and its loading state (issue 48, decision 095: +628);
   * 105,502 with the call bar's undo, live region, focus moves and their messages (issue 48,
   * decision 098: the lazy calls chunk 2,254 -> 2,945, the catalog about +100); 105,660 with one
   * cookie reader shared with the server (it also survives a malformed value) and the page's hooks
   * in their own module (issue 51).
   */
  app: 105_800,
};

/** What the guest entry must not contain: the staff app's libraries and the server's. */
const FORBIDDEN_PACKAGES = [
  "quill",
  "qrcode",
  "@tanstack/react-query",
  "@tanstack/react-router",
  "jotai",
  "react-intl",
  "zod",
  "hono",
  "sonner",
  "pdfkit",
  "sharp",
  "electrodb",
  "@aws-sdk",
];
/**
 * …and no source outside the guest menu but these shared pieces (no other feature, route or API
 * client). Core's modules may move between its folders: any may come (`pnpm lint` keeps web from
 * its server modules, the app budget holds their weight).
 */
const ALLOWED_SOURCES = [
  /^src\/features\/guest-menu\//,
  /^src\/components\/(icon|mark-pictogram|photo-placeholder-art)\.tsx$/,
  /^src\/i18n\/(languages|document-language)\.ts$/,
  /^src\/lib\/decimal\.ts$/,
  /^packages\/core\/src\//,
];

const web = resolve(import.meta.dirname, "../../..");
const dist = join(web, "dist");
const ssr = join(web, "dist-ssr/ssr.js");
const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };

function readBuild() {
  const manifestFile = join(dist, ".vite/manifest.json");
  if (!existsSync(manifestFile) || !existsSync(ssr)) throw new Error("No web build: run `pnpm --filter @menu/web build` first (pnpm test does).");
  return JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, Chunk>;
}

/** The chunks the guest entry loads, statically or later (the catalogs). */
function guestChunks(manifest: Record<string, Chunk>) {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) walk(next);
  };
  walk("src/features/guest-menu/hydrate.tsx");
  return [...seen].map((key) => ({ key, ...manifest[key]! }));
}

/** The modules bundled into a chunk, from its source map: packages by name, sources by path from web/ (core's from the repository). */
function modulesOf(file: string) {
  const { sources } = JSON.parse(readFileSync(join(dist, `${file}.map`), "utf8")) as { sources: string[] };
  const packages = new Set<string>();
  const files = new Set<string>();
  for (const source of sources) {
    const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (pkg) packages.add(pkg[1]!);
    else files.add(source.replace(/^(\.\.\/)+/, "").replace(/^web\//, ""));
  }
  return { packages, files };
}

describe("the guest first view's budget", () => {
  const manifest = readBuild();
  const chunks = guestChunks(manifest);

  it("keeps the page's inline script within its budget", () => {
    // Run in node, not through vitest's transform: the renderer is a built bundle.
    const script = `const { inlineScripts } = await import(${JSON.stringify(pathToFileURL(ssr).href)}); process.stdout.write(JSON.stringify(inlineScripts));`;
    const [starter] = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as string[];
    expect(starter).toContain("/api/events");
    expect(Buffer.byteLength(starter!)).toBeLessThanOrEqual(BUDGET.starter.raw);
    expect(gzip(starter!)).toBeLessThanOrEqual(BUDGET.starter.gzip);
  });

  it("renders the pages with React's production build, whatever NODE_ENV the publish job runs with", () => {
    // A bundle that reads NODE_ENV at run time picks React's development build where it is unset
    // (the runtime, the Lambda): several times slower per page.
    expect(readFileSync(ssr, "utf8")).not.toContain("process.env.NODE_ENV");
  });

  it("keeps the early script small and free of imports", () => {
    const early = manifest["src/features/guest-menu/early.ts"]!;
    expect(early.imports ?? []).toEqual([]);
    expect(gzip(readFileSync(join(dist, early.file)))).toBeLessThanOrEqual(BUDGET.early);
  });

  it("keeps the guest app within its budget", () => {
    const catalogs = chunks.filter((c) => c.key.startsWith("virtual:guest-messages/"));
    expect(catalogs.length).toBeGreaterThan(0);
    const sizeOf = (c: Chunk) => gzip(readFileSync(join(dist, c.file)));
    const app = chunks.filter((c) => !catalogs.includes(c)).reduce((sum, c) => sum + sizeOf(c), 0);
    expect(app + Math.max(...catalogs.map(sizeOf))).toBeLessThanOrEqual(BUDGET.app);
  });

  it("pulls in none of the forbidden modules", () => {
    const packages = new Set<string>();
    const files = new Set<string>();
    for (const chunk of chunks) {
      const modules = modulesOf(chunk.file);
      modules.packages.forEach((p) => packages.add(p));
      modules.files.forEach((f) => files.add(f));
    }
    // The maps name what they hold: react-dom at least, and the guest app's own files.
    expect(packages).toContain("react-dom");
    expect(files).toContain("src/features/guest-menu/guest-app.tsx");
    expect([...packages].filter((p) => FORBIDDEN_PACKAGES.some((f) => p === f || p.startsWith(`${f}/`)))).toEqual([]);
    expect([...files].filter((f) => !f.startsWith("\0") && !ALLOWED_SOURCES.some((allowed) => allowed.test(f)))).toEqual([]);
  });
});
