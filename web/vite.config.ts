import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { bootLoginShell } from "./boot/login-shell";
import { GUEST_LANGUAGES, guestCatalogFile, guestCatalogProblems, guestMessagesOf, type GuestLanguage } from "./guest-catalogs";
import { BUILD_ID_META, BUILD_LATEST_PATH, buildMetaPath, routeRules, routeRulesProblems, type RouteRulesManifest } from "./src/route-rules";

/** The local runtime (packages/local) serves the API, QR redirects, published menus and uploads. */
const backend = "http://localhost:3000";

/**
 * Anchored patterns: a plain "/t" key would also proxy SPA paths such as "/tasty/main/menu".
 * Keys starting with "^" are treated as regular expressions by Vite.
 */
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ["api", "t", "m", "media"].map((prefix) => [
    `^/${prefix}(/|$)`,
    { target: backend, changeOrigin: false },
  ]),
);

/**
 * ICU messages are compiled to ASTs at build time, so the browser bundle ships react-intl without
 * its message parser (about 14 KB gzipped less in the entry chunk). The parser is react-intl's own
 * dependency, resolved through it. A malformed message fails the build, naming its key.
 */
const requireFromReactIntl = createRequire(createRequire(import.meta.url).resolve("react-intl"));
const parserPackage = "@formatjs/icu-messageformat-parser";
const { parse: parseMessage } = requireFromReactIntl(parserPackage) as { parse: (message: string) => unknown };
const parserNoParserEntry = join(dirname(requireFromReactIntl.resolve(`${parserPackage}/package.json`)), "lib/no-parser.js");

function precompileMessages(): Plugin {
  const catalog = /\/src\/i18n\/messages\/[^/]+\.json$/;
  return {
    name: "menu:precompile-icu-messages",
    enforce: "pre",
    transform(code, id) {
      const path = id.split("?")[0] ?? id;
      if (!catalog.test(path)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = parseMessage(message);
        } catch (error) {
          throw new Error(`${path}: message "${key}" is not valid ICU: ${String(error)}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * The guest pages' own message catalogs: `virtual:guest-messages/{language}`, one per menu language
 * (guest-catalogs.ts: ru/en/zh from src/i18n/messages/*.json, ar/tr/fr from
 * src/i18n/guest-messages/*.json), only the keys the guest pages use, compiled to ICU ASTs like the
 * full catalogs, so a guest downloads a few kilobytes instead of the whole interface catalog. A
 * guest key missing in any language fails the build.
 */
const GUEST_CATALOG = "virtual:guest-messages/";

export function guestMessages(): Plugin {
  return {
    name: "menu:guest-messages",
    buildStart() {
      const problems = guestCatalogProblems();
      if (problems.length) this.error(`Guest catalogs:\n${problems.join("\n")}`);
    },
    resolveId(id) {
      return id.startsWith(GUEST_CATALOG) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${GUEST_CATALOG}`)) return null;
      const language = id.slice(GUEST_CATALOG.length + 1);
      if (!(GUEST_LANGUAGES as readonly string[]).includes(language)) throw new Error(`Unknown guest catalog ${language}`);
      this.addWatchFile(guestCatalogFile(language));
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(guestMessagesOf(language as GuestLanguage))) compiled[key] = parseMessage(message);
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

/**
 * `dist/.vite/routes.json`: the SPA's route paths (from the router's generated tree), so the
 * server can answer 404 for an address no route matches instead of the app shell with 200.
 */
function routePaths(): Plugin {
  return {
    name: "menu:route-paths",
    apply: "build",
    generateBundle() {
      const tree = readFileSync(fileURLToPath(new URL("./src/routeTree.gen.ts", import.meta.url)), "utf8");
      const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? "";
      const paths = [...block.matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]!).filter((p) => p !== "/$");
      this.emitFile({ type: "asset", fileName: ".vite/routes.json", source: JSON.stringify(paths, null, 1) });
    },
  };
}

/**
 * The build's id and route rules (issue 15, point 14): `dist/builds/latest.json` (`{ id }`, polled by
 * open tabs), `dist/builds/meta/{id}.json` (`{ id, redirects }`, from src/route-rules.ts) and
 * `<meta name="menu-build-id">` in index.html, which tells the app its own id. The id is a hash of
 * the build's output (files and contents, source maps and .vite/ left out) and its rules, so a
 * build of unchanged sources keeps its id and open tabs are not reloaded for nothing. Client
 * builds only: the guest renderer's SSR build (vite.ssr.config.ts) reuses these plugins.
 */
function buildManifest(): Plugin {
  let ssr = false;
  return {
    name: "menu:build-manifest",
    apply: "build",
    configResolved(config) {
      ssr = !!config.build.ssr;
    },
    buildStart() {
      if (ssr) return;
      const problems = routeRulesProblems(routeRules);
      if (problems.length) this.error(`src/route-rules.ts:\n${problems.join("\n")}`);
    },
    generateBundle: {
      // After every other plugin has put its files (index.html, styles) into the bundle.
      order: "post",
      handler(_options, bundle) {
        if (ssr) return;
        const html = bundle["index.html"];
        if (html?.type !== "asset" || typeof html.source !== "string") this.error("The build has no index.html to carry the build id");
        const hash = createHash("sha256");
        for (const name of Object.keys(bundle).sort()) {
          if (name.endsWith(".map") || name.startsWith(".vite/") || name.startsWith("builds/")) continue;
          const file = bundle[name]!;
          hash.update(`${name}\0`).update(file.type === "chunk" ? file.code : file.source).update("\0");
        }
        hash.update(JSON.stringify(routeRules));
        const id = hash.digest("hex").slice(0, 16);
        const meta = `<meta name="${BUILD_ID_META}" content="${id}">`;
        if (!html.source.includes("</head>")) this.error("index.html has no </head> for the build id");
        html.source = html.source.replace("</head>", `  ${meta}\n  </head>`);
        const manifest: RouteRulesManifest = { id, redirects: routeRules.redirects };
        this.emitFile({ type: "asset", fileName: BUILD_LATEST_PATH, source: `${JSON.stringify({ id })}\n` });
        this.emitFile({ type: "asset", fileName: buildMetaPath(id), source: `${JSON.stringify(manifest, null, 1)}\n` });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before the React plugin.
    tanstackRouter({
      target: "react",
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
      autoCodeSplitting: true,
      quoteStyle: "double",
    }),
    react(),
    precompileMessages(),
    // The /login form in index.html, usable before the app's JavaScript has arrived.
    bootLoginShell(),
    guestMessages(),
    routePaths(),
    buildManifest(),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL("./src", import.meta.url))}/` },
      { find: new RegExp(`^${parserPackage}$`), replacement: parserNoParserEntry },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // The manifest tells the guest menu's server renderer (vite.ssr.config.ts) its script and styles.
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL("./index.html", import.meta.url)),
        // The pre-rendered guest pages hydrate with their own entry: no router, no admin code.
        guest: fileURLToPath(new URL("./src/features/guest-menu/hydrate.tsx", import.meta.url)),
        // Their early script (no framework), run by the page's starter before the app.
        early: fileURLToPath(new URL("./src/features/guest-menu/early.ts", import.meta.url)),
      },
    },
  },
});
