import type { JobHandler } from "../jobs";
import type { JobQueue, QueueName } from "../ports/queue";

/**
 * The in-process queue of the local runtime: messages are delivered on the next tick, one at a time
 * per queue, and retried with back-off like SQS would redeliver them. `idle()` resolves once every
 * queue is drained (tests use it instead of sleeping).
 */
export function memoryQueue(handlers: Partial<Record<QueueName, JobHandler>>, maxAttempts = 5) {
  const pending: { queue: QueueName; message: Record<string, unknown>; attempt: number }[] = [];
  let running = false;
  let waiters: (() => void)[] = [];

  async function drain() {
    if (running) return;
    running = true;
    while (pending.length) {
      const job = pending.shift()!;
      const handler = handlers[job.queue];
      if (!handler) continue;
      try {
        await handler(job.message);
      } catch (error) {
        if (job.attempt + 1 >= maxAttempts) console.error(`Job on ${job.queue} failed for good`, error);
        else setTimeout(() => enqueue({ ...job, attempt: job.attempt + 1 }), 100 * 2 ** job.attempt);
      }
    }
    running = false;
    for (const w of waiters) w();
    waiters = [];
  }

  function enqueue(job: (typeof pending)[number]) {
    pending.push(job);
    setImmediate(drain);
  }

  const queue: JobQueue & { idle(): Promise<void> } = {
    async send(name, message) {
      enqueue({ queue: name, message, attempt: 0 });
    },
    idle: () => (pending.length || running ? new Promise<void>((ok) => waiters.push(ok)) : Promise.resolve()),
  };
  return queue;
}
