import { SQSClient, SendMessageCommand } from "@aws-sdk/client-sqs";
import type { JobQueue, QueueName } from "../ports/queue";

/** The job queues on SQS; `urls` maps each queue to its URL from the stack's environment. */
export function sqsQueue(urls: Record<QueueName, string | undefined>, client = new SQSClient({})): JobQueue {
  return {
    async send(queue, message) {
      const url = urls[queue];
      if (!url) throw new Error(`No URL configured for queue ${queue}`);
      await client.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(message) }));
    },
  };
}
