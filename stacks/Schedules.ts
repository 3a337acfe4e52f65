import { Cron, use, type StackContext } from "sst/constructs";
import { grant } from "./grants";
import { Workers } from "./Workers";

/**
 * EventBridge rule every 5 minutes: subscription lifecycle transitions (trial
 * ends, grace period, expiry). A transition changes what guests see, so the job
 * queues a publish for the affected stores.
 */
export function Schedules({ stack }: StackContext) {
  const { queues, environment, base } = use(Workers);

  const scheduler = new Cron(stack, "scheduler", {
    schedule: "rate(5 minutes)",
    job: {
      function: {
        handler: "packages/functions/src/scheduler.handler",
        timeout: 120,
        environment,
        // Publishes stores that changed phase or went stale, resumes lost translation and export jobs.
        permissions: [...base, grant.send(queues.publish, queues.translate, queues.export)],
      },
    },
  });

  return { scheduler };
}
