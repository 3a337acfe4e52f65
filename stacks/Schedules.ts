import { Cron, use, type StackContext } from "sst/constructs";
import { Database } from "./Database";
import { Workers } from "./Workers";

/**
 * EventBridge rule every 5 minutes: subscription lifecycle transitions (trial
 * ends, grace period, expiry). A transition changes what guests see, so the job
 * queues a publish for the affected stores.
 */
export function Schedules({ stack }: StackContext) {
  const { table } = use(Database);
  const { queues, environment } = use(Workers);

  const scheduler = new Cron(stack, "scheduler", {
    schedule: "rate(5 minutes)",
    job: {
      function: {
        handler: "packages/functions/src/scheduler.handler",
        timeout: 120,
        environment,
        permissions: [table, queues.publish, queues.translate],
      },
    },
  });

  return { scheduler };
}
