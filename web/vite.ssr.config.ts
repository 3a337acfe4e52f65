import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import { defineConfig, type Manifest, type Plugin, type UserConfig } from "vite";
import { GUEST_LANGUAGES } from "./guest-catalogs";
import base from "./vite.config";

/**
 * The server renderer of the guest pages (src/features/guest-menu/ssr.tsx) for the publish job:
 * web/dist-ssr/ssr.js with every dependency bundled, so it runs in the local runtime and in the
 * publish Lambda alike. Run after the client build: it embeds the guest entry's script, styles and
 * preloads, and the guest early script, from web/dist/.vite/manifest.json.
 */
function guestAssets() {
  const manifest = JSON.parse(readFileSync(new URL("./dist/.vite/manifest.json", import.meta.url), "utf8")) as Manifest;
  const entry = manifest["src/features/guest-menu/hydrate.tsx"];
  if (!entry) throw new Error("The client build has no guest entry (src/features/guest-menu/hydrate.tsx)");
  const css = new Set<string>();
  const preload = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    chunk.css?.forEach((c) => css.add(`/${c}`));
    if (key !== "src/features/guest-menu/hydrate.tsx") preload.add(`/${chunk.file}`);
    chunk.imports?.forEach(walk);
  };
  walk("src/features/guest-menu/hydrate.tsx");
  // The guest catalogs (one per menu language) are chunks of their own: a page preloads its language's one with the app.
  const catalogs = Object.fromEntries(
    GUEST_LANGUAGES.map((locale) => {
      const chunk = manifest[`virtual:guest-messages/${locale}`];
      if (!chunk) throw new Error(`The client build has no guest catalog for ${locale}`);
      return [locale, `/${chunk.file}`];
    }),
  );
  // The styles are inlined into the pages (cssText), so the first paint waits for no stylesheet.
  const cssText = [...css]
    .map((href) => readFileSync(new URL(`./dist${href}`, import.meta.url), "utf8"))
    .join("\n")
    .replace(/<\/style/gi, "<\\/style");
  const early = manifest["src/features/guest-menu/early.ts"];
  if (!early) throw new Error("The client build has no guest early script (src/features/guest-menu/early.ts)");
  // One file: a chunk it shared with the app would be fetched before it runs.
  if (early.imports?.length || early.dynamicImports?.length) throw new Error(`The guest early script imports chunks: ${[...(early.imports ?? []), ...(early.dynamicImports ?? [])].join(", ")}`);
  return { js: `/${entry.file}`, early: `/${early.file}`, css: [...css], cssText, preload: [...preload], catalogs };
}

/**
 * `dist/.vite/script-hashes.json`: the build's inline scripts as CSP hash sources, those of
 * dist/index.html (the sign-in form's) and the guest pages' starter (the renderer's `inlineScripts`),
 * hashed as written, after both builds. The local runtime's and CloudFront's CSP name them
 * (packages/api/src/security-headers.ts), so no inline script needs 'unsafe-inline'.
 */
function scriptHashes(): Plugin {
  const dist = (path: string) => fileURLToPath(new URL(`./dist/${path}`, import.meta.url));
  return {
    name: "menu:script-hashes",
    apply: "build",
    async closeBundle() {
      const { inlineScripts } = (await import(new URL("./dist-ssr/ssr.js", import.meta.url).href)) as { inlineScripts: string[] };
      const html = readFileSync(dist("index.html"), "utf8");
      // Classic and module scripts without src; JSON data blocks are not run, so not named.
      const spa = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
        .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs!) && !/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs!))
        .map((m) => m[2]!);
      const hashes = [...spa, ...inlineScripts].map((text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
      writeFileSync(dist(".vite/script-hashes.json"), `${JSON.stringify([...new Set(hashes)], null, 1)}\n`);
    },
  };
}

const client = base as UserConfig;

export default defineConfig({
  plugins: [...(client.plugins ?? []), scriptHashes()],
  resolve: client.resolve,
  // React's production build: a server bundle otherwise picks its development build at run time
  // (NODE_ENV is not set in the runtime or the Lambda), which renders a page several times slower.
  define: { __GUEST_ASSETS__: JSON.stringify(guestAssets()), "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: fileURLToPath(new URL("./src/features/guest-menu/ssr.tsx", import.meta.url)),
    outDir: "dist-ssr",
    emptyOutDir: true,
    sourcemap: false,
    // Minified: the starter is inlined into every page as its own source text (Function#toString).
    minify: "esbuild",
    rollupOptions: { output: { entryFileNames: "ssr.js", inlineDynamicImports: true } },
  },
});
