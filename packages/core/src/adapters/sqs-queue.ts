import type { JobQueue, QueueName } from "../ports/queue";
import { awsService } from "./aws-call";

/** The job queues on SQS (SendMessage, JSON protocol); `urls` maps each queue to its URL from the stack's environment. */
export function sqsQueue(urls: Record<QueueName, string | undefined>, options: { endpoint?: string; region?: string } = {}): JobQueue {
  const call = awsService({ signingName: "sqs", endpointPrefix: "sqs", endpointEnv: "SQS", ...options });
  return {
    async send(queue, message, { delaySeconds } = {}) {
      const url = urls[queue];
      if (!url) throw new Error(`No URL configured for queue ${queue}`);
      const delay = delaySeconds ? { DelaySeconds: delaySeconds } : {};
      await call({ target: "AmazonSQS.SendMessage", json: "1.0", body: { QueueUrl: url, MessageBody: JSON.stringify(message), ...delay } });
    },
  };
}
