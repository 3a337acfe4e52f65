/**
 * How many event batches one address may send to one store (issue 30): EVENT_BATCHES_PER_MINUTE
 * in a minute's window, counted in this process. A guest's page sends a few batches a minute at
 * most; more is a script, answered 429 before anything is read or written. In the cloud each API
 * instance counts on its own; the edge's rate rule bounds an address across them (docs/decisions.md).
 */
import { clock } from "../shared/clock";

export const EVENT_BATCHES_PER_MINUTE = 120;
const WINDOW_MS = 60_000;
/** Addresses × stores remembered at most (a window's worth); beyond, the oldest window is forgotten. */
const TRACKED_MAX = 50_000;

let window = -1;
const counts = new Map<string, number>();

/** Counts a batch from `address` to `store_id`: false when it is over the limit (and so not to be taken). */
export function takeEventBatch(address: string, store_id: string): boolean {
  const now = Math.floor(clock.now().getTime() / WINDOW_MS);
  if (now !== window || counts.size >= TRACKED_MAX) {
    window = now;
    counts.clear();
  }
  const id = `${address}\u0000${store_id}`;
  const n = (counts.get(id) ?? 0) + 1;
  counts.set(id, n);
  return n <= EVENT_BATCHES_PER_MINUTE;
}
