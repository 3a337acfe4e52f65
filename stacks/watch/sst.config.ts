import type { SSTConfig } from "sst";

/**
 * The guest path's alarms and check (stacks/GuestWatch.ts), an SST app of its own because CloudFront,
 * its functions and the WAF publish their metrics in us-east-1 only and SST v2 deploys an app's stacks
 * in one region. Deployed from this folder after the main app (docs/deploy.md): `pnpm deploy:watch`.
 */
export default {
  config() {
    return { name: "qr-menu-watch", region: "us-east-1" };
  },
  async stacks(app) {
    const path = await import("node:path");
    const { useProject } = await import("sst/project.js");
    const { readStageEnv } = await import("../stage-env");
    const { GuestWatch } = await import("../GuestWatch");
    // What it watches is kept with the rest of the stage's settings, in the repository root's env files.
    const settings = readStageEnv(path.join(useProject().paths.root, "../.."), app.stage);
    for (const [name, value] of Object.entries(settings)) if (!(name in process.env)) process.env[name] = value;
    app.stack(GuestWatch);
  },
} satisfies SSTConfig;
