import { z } from "zod";
import { useActor } from "./actor";
import { canManageStore } from "./policy";

/** Body of the section-7 "several-get" calls: at most 100 ids. */
export const SeveralIds = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });

/**
 * Fetches records by id through a by-id index, in parallel, and keeps what the caller may see:
 * staff of the record's store see everything, everyone else only visible records.
 */
export async function severalGet<T extends { company_id: string; store_id: string; visible?: boolean }>(
  ids: string[],
  byId: (id: string) => Promise<T | undefined>,
): Promise<T[]> {
  const actor = useActor();
  const records: (T | undefined)[] = await Promise.all([...new Set(ids)].map(byId));
  return records.filter(
    (r): r is T => !!r && (r.visible !== false || canManageStore(actor, r.company_id, r.store_id)),
  );
}
