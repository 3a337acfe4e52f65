/** The job queues. The state of each job is a row in the table; a queue only delivers. */
export const QUEUES = ["publish", "translate", "export"] as const;
export type QueueName = (typeof QUEUES)[number];

export interface JobQueue {
  send(queue: QueueName, message: Record<string, unknown>): Promise<void>;
}
