/** The job queues. The state of each job is a row in the table; a queue only delivers. */
export type QueueName = "publish" | "translate" | "export";

export interface JobQueue {
  send(queue: QueueName, message: Record<string, unknown>): Promise<void>;
}
