// Generates src/routeTree.gen.ts (gitignored) without running a full build.
// Resolving the Vite config runs the TanStack Router plugin's `configResolved` hook,
// which writes the route tree with exactly the options used by `vite build`/`vite dev`.
import { fileURLToPath } from "node:url";
import { resolveConfig } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
await resolveConfig({ root, configFile: `${root}/vite.config.ts`, logLevel: "warn" }, "build");
