import { menuExportJob } from "./export/worker";
import { menuCopyJob } from "./chains/menu-copy-worker";
import { menuReadingJob } from "./import/reading/reading-jobs";
import type { QueueName } from "./ports/queue";
import { publishJob } from "./publish/job";
import { translateQueueJob } from "./translation/facts-refresh";

export type JobHandler = (message: Record<string, unknown>) => Promise<void>;

/**
 * What each queue's worker does, for the in-process queue of the local runtime (and tests). In the
 * cloud each SQS worker imports only its own handler (packages/functions/src/workers), so a worker
 * bundles no other's libraries. Every queue has its handler here (the type says so).
 */
export const JOB_HANDLERS: Record<QueueName, JobHandler> = {
  publish: publishJob,
  translate: translateQueueJob,
  export: menuExportJob,
  copy: menuCopyJob,
  read: menuReadingJob,
};
