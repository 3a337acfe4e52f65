import { clock } from "@menu/core";
import { runSchedules } from "@menu/core/schedules";
import type { ScheduledEvent } from "aws-lambda";
import { configureCloud } from "./cloud";

configureCloud();

/** EventBridge schedule → the scheduled jobs (subscription lifecycle and the like). */
export const handler = async (_event: ScheduledEvent) => {
  await runSchedules(clock.now());
};
