/** The job queues. The state of each job is a row in the table; a queue only delivers. */
export type QueueName = "publish" | "translate" | "export" | "copy" | "read";

/** `delaySeconds` (SQS: 0–900) holds a message back, so requests arriving meanwhile coalesce into it. */
export type SendOptions = { delaySeconds?: number };

export interface JobQueue {
  send(queue: QueueName, message: Record<string, unknown>, options?: SendOptions): Promise<void>;
}
