import { clock } from "@menu/core";
import { runSchedules } from "@menu/core/schedules";
import type { ScheduledEvent } from "aws-lambda";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";
import { setWebBuildSource, WEB_BUILD_FILE, webBuildId } from "@menu/core/publish/after-deploy";
import { configureCloud } from "./cloud";

configureCloud();
// The SPA's build id, as the deploy uploaded it (stacks/Schedules.ts grants reading this one object).
const site = process.env.SITE_BUCKET ? s3ObjectStore(process.env.SITE_BUCKET) : undefined;
setWebBuildSource(async () => {
  const object = await site?.get(WEB_BUILD_FILE).catch((error: unknown) => console.error(`Reading ${WEB_BUILD_FILE} failed`, error));
  return webBuildId(object ? Buffer.from(object.body).toString("utf8") : undefined);
});

/** EventBridge schedule → the scheduled jobs (subscription lifecycle and the like). */
export const handler = async (_event: ScheduledEvent) => {
  await runSchedules(clock.now());
};
