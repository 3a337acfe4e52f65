import { menuExportJob, resumeMenuExports } from "./export/jobs";
import type { QueueName } from "./ports/queue";
import { publishJob, runDuePublishes } from "./publish/publish";
import { runLifecycle } from "./subscription/lifecycle";
import { resumeTranslations, translationJob } from "./translation/jobs";

export type JobHandler = (message: Record<string, unknown>) => Promise<void>;

/**
 * What each queue's worker does. The same handlers run behind SQS in the cloud and behind the
 * in-process queue locally. A queue without a handler fails its messages, so they are kept
 * (DLQ in the cloud) instead of silently dropped.
 */
export const JOB_HANDLERS: Partial<Record<QueueName, JobHandler>> = {
  publish: publishJob,
  translate: translationJob,
  export: menuExportJob,
};

export async function runJob(queue: QueueName, message: Record<string, unknown>) {
  const handler = JOB_HANDLERS[queue];
  if (!handler) throw new Error(`No worker for queue ${queue}`);
  await handler(message);
}

/** Scheduled jobs (EventBridge in the cloud, a timer locally), run in order on every tick. */
export const SCHEDULED_JOBS: { name: string; run: (now: Date) => Promise<unknown> }[] = [
  { name: "subscription lifecycle", run: runLifecycle },
  { name: "republish stale menus", run: runDuePublishes },
  { name: "resume lost translation jobs", run: (now) => resumeTranslations(now) },
  { name: "resume lost export jobs", run: (now) => resumeMenuExports(now) },
];

export async function runSchedules(now: Date) {
  for (const job of SCHEDULED_JOBS) await job.run(now);
}
