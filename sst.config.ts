import type { SSTConfig } from "sst";

export default {
  async config(input) {
    // SST asks for the region before it loads the stage's env files: read AWS_REGION from them here
    // (`--region` first, then `.env.<stage>`, then the shell, then eu-central-1; docs/deploy.md).
    const { projectRoot, stageRegion } = await import("./stacks/stage-env");
    return {
      name: "qr-menu",
      region: input.region ?? stageRegion(projectRoot(process.cwd()), input.stage ?? process.env.SST_STAGE, process.env),
    };
  },
  async stacks(app) {
    // Stacks are imported here rather than at the top: SST first loads this file
    // without `stacks` to read `config`, from the current directory, and top-level
    // imports would then need `sst` and `aws-cdk-lib` to resolve from there too.
    const { Database } = await import("./stacks/Database");
    const { Backups } = await import("./stacks/Backups");
    const { Storage } = await import("./stacks/Storage");
    const { Workers } = await import("./stacks/Workers");
    const { Schedules } = await import("./stacks/Schedules");
    const { Mail } = await import("./stacks/Mail");
    const { Api } = await import("./stacks/Api");
    const { Web } = await import("./stacks/Web");
    const { Monitoring } = await import("./stacks/Monitoring");
    const { settings } = await import("./stacks/settings");
    const { keepLogs } = await import("./stacks/log-retention");

    const { bundling } = await import("./stacks/bundling");

    app.setDefaultFunctionProps({
      runtime: "nodejs22.x",
      architecture: "arm_64",
      // ESM, minified, without the drawing libraries; functions that draw say so (stacks/bundling.ts).
      ...bundling(app, {}),
    });
    app.stack(Database).stack(Storage).stack(Backups).stack(Workers).stack(Mail).stack(Api).stack(Web).stack(Schedules).stack(Monitoring);
    // Every log group of every Lambda keeps LOG_RETENTION_DAYS (the API access log: stacks/Api.ts).
    keepLogs(app, settings().logRetentionDays);
  },
} satisfies SSTConfig;
