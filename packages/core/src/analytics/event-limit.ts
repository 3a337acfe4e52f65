/**
 * How many event batches one address may send (issue 30): EVENT_BATCHES_PER_MINUTE to one store
 * and ADDRESS_BATCHES_PER_MINUTE in all (made-up store ids each cost a lookup), in a minute's
 * window counted in this process. A guest's page sends a few batches a minute at most; more is a
 * script, answered 429 before anything is read or written. An IPv6 address counts by its /64 (one
 * subscriber's network). In the cloud each API instance counts on its own (docs/decisions.md).
 */
import { clock } from "../shared/clock";

export const EVENT_BATCHES_PER_MINUTE = 120;
export const ADDRESS_BATCHES_PER_MINUTE = 600;
const WINDOW_MS = 60_000;
/** Keys counted in a window at most; beyond, new keys go uncounted while the counted keep their counts. */
const TRACKED_MAX = 100_000;

let window = -1;
const counts = new Map<string, number>();

/** An IPv6 address's first four groups (its /64); an IPv4 address as it is. */
const network = (address: string) => (address.includes(":") ? address.split(":").slice(0, 4).join(":") : address);

/** Adds one to a key's count; false when it went over `limit`. */
function take(key: string, limit: number) {
  const n = counts.get(key);
  if (n === undefined && counts.size >= TRACKED_MAX) return true;
  counts.set(key, (n ?? 0) + 1);
  return (n ?? 0) + 1 <= limit;
}

/** Counts a batch from `address` to `store_id`: false when it is over a limit (and so not to be taken). */
export function takeEventBatch(address: string, store_id: string): boolean {
  const now = Math.floor(clock.now().getTime() / WINDOW_MS);
  if (now !== window) {
    window = now;
    counts.clear();
  }
  const from = network(address);
  const toStore = take(`${from}\u0000${store_id}`, EVENT_BATCHES_PER_MINUTE);
  return take(from, ADDRESS_BATCHES_PER_MINUTE) && toStore;
}
