import { fileURLToPath, URL } from "node:url";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

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
  ],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
  },
});
