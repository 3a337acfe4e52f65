import type { Mailer } from "./mailer";
import type { ObjectStore } from "./object-store";
import type { JobQueue } from "./queue";

export type { Mail, Mailer } from "./mailer";
export type { ObjectStore, PutOptions, StoredObject } from "./object-store";
export { QUEUES, type JobQueue, type QueueName } from "./queue";

/** The adapters the runtime chose. Set once at start-up (Lambda cold start, local runtime, tests). */
export type Ports = { objects: ObjectStore; queue: JobQueue; mailer: Mailer };

let ports: Ports | undefined;

export const setPorts = (value: Ports) => {
  ports = value;
};

export function usePorts(): Ports {
  if (!ports) throw new Error("Ports are not configured: call setPorts() at start-up");
  return ports;
}
