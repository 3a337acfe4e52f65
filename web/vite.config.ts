import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";

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
        guest: fileURLToPath(new URL("./src/features/menu/hydrate.tsx", import.meta.url)),
      },
    },
  },
});
