import { AsyncLocalStorage } from "node:async_hooks";

export type Role = "admin" | "company_manager" | "store_manager";

/** Who is calling. Handlers set it once per request; domain code reads it. */
export type Actor =
  | { type: "public" }
  | { type: "system" }
  | { type: "user"; userId: string; role: Role; companyId?: string; storeId?: string };

const storage = new AsyncLocalStorage<Actor>();

export const withActor = <T>(actor: Actor, fn: () => T) => storage.run(actor, fn);

export function useActor(): Actor {
  return storage.getStore() ?? { type: "public" };
}
