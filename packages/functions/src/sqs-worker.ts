import type { JobHandler } from "@menu/core/jobs";
import type { QueueName } from "@menu/core";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";

/**
 * An SQS consumer for one queue. Each message is processed on its own; the failed ones are
 * reported back (ReportBatchItemFailures) so only they are redelivered, and end in the DLQ.
 */
export const sqsWorker =
  (queue: QueueName, run: JobHandler) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse["batchItemFailures"] = [];
    for (const record of event.Records) {
      try {
        await run(JSON.parse(record.body) as Record<string, unknown>);
      } catch (error) {
        console.error(`Job ${record.messageId} on ${queue} failed`, error);
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
