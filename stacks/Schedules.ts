import { Duration } from "aws-cdk-lib";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Cron, use, type StackContext } from "sst/constructs";
import { grant } from "./grants";
import { Web } from "./Web";
import { deadLetterQueue } from "./dead-letters";
import { Workers } from "./Workers";

/**
 * EventBridge rule every 5 minutes: subscription lifecycle transitions (trial
 * ends, grace period, expiry). A transition changes what guests see, so the job
 * queues a publish for the affected stores.
 */
export function Schedules({ stack, app }: StackContext) {
  const { queues, environment, base } = use(Workers);
  // After Web: the scheduler reads the deployed SPA's build id (republishes stores after a new build).
  const { siteBucket } = use(Web);
  // Runs EventBridge could not deliver after its retries (alarmed on by stacks/Monitoring.ts).
  const scheduleDeadLetters = deadLetterQueue(stack, app, "scheduler-dlq");

  const scheduler = new Cron(stack, "scheduler", {
    schedule: "rate(5 minutes)",
    job: {
      function: {
        handler: "packages/functions/src/scheduler.handler",
        timeout: 120,
        // One run at a time: a slow run and the next one never overlap.
        reservedConcurrentExecutions: 1,
        // EventBridge invokes it asynchronously: a run that still fails after Lambda's two retries lands here too.
        deadLetterQueue: scheduleDeadLetters,
        environment: { ...environment, SITE_BUCKET: siteBucket.bucketName },
        // Publishes stores that changed phase or went stale, resumes lost translation and export jobs.
        permissions: [
          ...base,
          grant.send(queues.publish, queues.translate, queues.export),
          // The SPA's build id only (WEB_BUILD_FILE of packages/core/src/publish/after-deploy.ts).
          new PolicyStatement({ actions: ["s3:GetObject"], resources: [siteBucket.arnForObjects("builds/latest.json")] }),
        ],
      },
      // A run is idempotent and the next one comes 5 minutes later: two retries within 4 minutes,
      // then the event goes to the DLQ rather than being dropped.
      cdk: { target: { deadLetterQueue: scheduleDeadLetters, retryAttempts: SCHEDULE_RETRIES, maxEventAge: Duration.minutes(4) } },
    },
  });

  return { scheduler, scheduleDeadLetters };
}

export const SCHEDULE_RETRIES = 2;
