import type { SSTConfig } from "sst";

/**
 * The distribution's web ACL (stacks/Firewall.ts), an SST app of its own because CloudFront's web
 * ACLs live in us-east-1 only and SST v2 deploys an app's stacks in one region. Deployed from this
 * folder before the main app (docs/deploy.md): `pnpm --filter @menu/stacks deploy:waf`.
 */
export default {
  config() {
    return { name: "qr-menu-waf", region: "us-east-1" };
  },
  async stacks(app) {
    const path = await import("node:path");
    const { useProject } = await import("sst/project.js");
    const { readStageEnv } = await import("../stage-env");
    const { Firewall } = await import("../Firewall");
    // The limits (and the log retention) are kept with the rest of the stage's settings, in the repository root's env files.
    const settings = readStageEnv(path.join(useProject().paths.root, "../.."), app.stage);
    for (const name of ["WAF_AUTH_LIMIT", "WAF_EVENTS_LIMIT", "LOG_RETENTION_DAYS"]) if (settings[name] && !process.env[name]) process.env[name] = settings[name];
    app.stack(Firewall);
  },
} satisfies SSTConfig;
