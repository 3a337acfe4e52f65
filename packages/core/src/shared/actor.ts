import { AsyncLocalStorage } from "node:async_hooks";

export type Role = "admin" | "company_manager" | "store_manager";

/** Who is calling. Handlers set it once per request; domain code reads it. */
export type Actor =
  | { type: "public" }
  | { type: "system" }
  | { type: "user"; userId: string; role: Role; companyId?: string; storeId?: string };

const storage = new AsyncLocalStorage<Actor>();

/**
 * Calls with an actor under way. On Node 20 and 22 an AsyncLocalStorage in use turns on async hooks
 * for the whole process, a cost every guest request of the local runtime paid (about a sixth of its
 * answers a second, decision 108); the storage is switched off while no call with an actor runs, and
 * `run` switches it on again. Work a call leaves behind after it has ended reads no actor ("public").
 */
let running = 0;
const ended = () => {
  if (--running === 0) storage.disable();
};

export function withActor<T>(actor: Actor, fn: () => T): T {
  running++;
  let result: T;
  try {
    result = storage.run(actor, fn);
  } catch (error) {
    ended();
    throw error;
  }
  if (result instanceof Promise) result.then(ended, ended);
  else ended();
  return result;
}

export function useActor(): Actor {
  return storage.getStore() ?? { type: "public" };
}
