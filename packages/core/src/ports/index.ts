import type { Mailer } from "./mailer";
import type { ObjectStore } from "./object-store";
import type { JobQueue } from "./queue";
import { noEngine, type TranslationEngine } from "./translator";

export type { Mail, Mailer } from "./mailer";
export type { StoredObject } from "./object-store";
export type { QueueName } from "./queue";

/** The adapters the runtime chose. Set once at start-up (Lambda cold start, local runtime, tests). */
export type Ports = { objects: ObjectStore; queue: JobQueue; mailer: Mailer; translator: TranslationEngine };

let ports: Ports | undefined;

/** The translator is optional: without one, translation jobs end in error and manual translation still works. */
export const setPorts = (value: Omit<Ports, "translator"> & { translator?: TranslationEngine }) => {
  ports = { ...value, translator: value.translator ?? noEngine };
};

export function usePorts(): Ports {
  if (!ports) throw new Error("Ports are not configured: call setPorts() at start-up");
  return ports;
}
