import type { JobHandler } from "../jobs";
import type { JobQueue, QueueName } from "../ports/queue";

/**
 * The in-process queue of the local runtime: messages are delivered on the next tick, one at a time
 * per queue unless `concurrency` says more (like several Lambda consumers of one SQS queue), and
 * retried with back-off like SQS would redeliver them. `idle()` resolves once every queue is
 * drained (tests use it instead of sleeping). A message's delay is kept unless `delays` is false
 * (tests that wait for the queue to drain need not wait for a debounce).
 */
export function memoryQueue(
  handlers: Partial<Record<QueueName, JobHandler>>,
  {
    maxAttempts = 5,
    concurrency = {},
    delays = true,
  }: { maxAttempts?: number; concurrency?: Partial<Record<QueueName, number>>; delays?: boolean } = {},
) {
  type Job = { queue: QueueName; message: Record<string, unknown>; attempt: number };
  const pending = new Map<QueueName, Job[]>();
  const running = new Map<QueueName, number>();
  /** Retries waiting for their back-off: the queue is not idle while one is due. */
  let delayed = 0;
  let waiters: (() => void)[] = [];

  const busy = () => delayed > 0 || [...pending.values()].some((q) => q.length) || [...running.values()].some((n) => n > 0);
  function settle() {
    if (busy()) return;
    for (const w of waiters) w();
    waiters = [];
  }

  async function work(queue: QueueName) {
    const jobs = pending.get(queue) ?? [];
    running.set(queue, (running.get(queue) ?? 0) + 1);
    while (jobs.length) {
      const job = jobs.shift()!;
      const handler = handlers[job.queue];
      if (!handler) continue;
      try {
        await handler(job.message);
      } catch (error) {
        if (job.attempt + 1 >= maxAttempts) console.error(`Job on ${job.queue} failed for good`, error);
        else {
          delayed++;
          setTimeout(() => {
            delayed--;
            enqueue({ ...job, attempt: job.attempt + 1 });
          }, 100 * 2 ** job.attempt);
        }
      }
    }
    running.set(queue, running.get(queue)! - 1);
    settle();
  }

  function enqueue(job: Job) {
    const jobs = pending.get(job.queue) ?? [];
    pending.set(job.queue, jobs);
    jobs.push(job);
    setImmediate(() => {
      if ((running.get(job.queue) ?? 0) < (concurrency[job.queue] ?? 1) && jobs.length) void work(job.queue);
    });
  }

  const queue: JobQueue & { idle(): Promise<void> } = {
    async send(name, message, { delaySeconds } = {}) {
      const job = { queue: name, message, attempt: 0 };
      if (!delays || !delaySeconds) return enqueue(job);
      delayed++;
      setTimeout(() => {
        delayed--;
        enqueue(job);
      }, delaySeconds * 1000);
    },
    idle: () => (busy() ? new Promise<void>((ok) => waiters.push(ok)) : Promise.resolve()),
  };
  return queue;
}
