/**
 * How many event batches one address may send (issue 30): EVENT_BATCHES_PER_MINUTE to one store
 * and ADDRESS_BATCHES_PER_MINUTE in all (made-up store ids each cost a lookup), in a minute's
 * window counted in this process. A guest's page sends a few batches a minute at most; more is a
 * script, answered 429 before anything is read or written. An IPv6 address counts by its /64 (one
 * subscriber's network). In the cloud each API instance counts on its own (docs/decisions.md).
 *
 * Sized from how counts are made (issue 49, point 2: a view, scan or opening counts once per guest
 * and half hour, guest-seen.ts): one guest id sends at most GUEST_BATCHES_PER_MINUTE, and one
 * address brings at most GUESTS_PER_ADDRESS different guest ids to a store in a half hour (a
 * venue's Wi-Fi has many guests behind one address). So a flood from one address, whatever ids it
 * makes up, adds at most GUESTS_PER_ADDRESS to any view, scan or opening total per half hour.
 */
import { clock } from "../shared/clock";
import { COUNT_WINDOW_MS } from "./guest-seen";

export const EVENT_BATCHES_PER_MINUTE = 120;
export const ADDRESS_BATCHES_PER_MINUTE = 600;
export const GUEST_BATCHES_PER_MINUTE = 20;
export const GUESTS_PER_ADDRESS = 200;
const WINDOW_MS = 60_000;
/** Keys counted in a window at most; beyond, new keys go uncounted while the counted keep their counts. */
const TRACKED_MAX = 100_000;

let window = -1;
const counts = new Map<string, number>();
let guestWindow = -1;
/** Per address and store: the guest ids seen in this half hour (at most GUESTS_PER_ADDRESS each). */
const guests = new Map<string, Set<string>>();

/** An IPv6 address's first four groups (its /64); an IPv4 address as it is. */
const network = (address: string) => (address.includes(":") ? address.split(":").slice(0, 4).join(":") : address);

/** Adds one to a key's count; false when it went over `limit`. */
function take(key: string, limit: number) {
  const n = counts.get(key);
  if (n === undefined && counts.size >= TRACKED_MAX) return true;
  counts.set(key, (n ?? 0) + 1);
  return (n ?? 0) + 1 <= limit;
}

/** Whether `device` may be one of the guests of `place` this half hour (a known one, or a new one within the bound). */
function takeGuest(place: string, device: string, nowMs: number) {
  const now = Math.floor(nowMs / COUNT_WINDOW_MS);
  if (now !== guestWindow) {
    guestWindow = now;
    guests.clear();
  }
  let seen = guests.get(place);
  if (!seen) {
    if (guests.size >= TRACKED_MAX) return true;
    guests.set(place, (seen = new Set()));
  }
  if (seen.has(device)) return true;
  if (seen.size >= GUESTS_PER_ADDRESS) return false;
  seen.add(device);
  return true;
}

/**
 * Counts a batch from `address` to `store_id` with the page's guest id (none: one more guest of
 * its own): false when it is over a limit (and so not to be taken).
 */
export function takeEventBatch(address: string, store_id: string, device = ""): boolean {
  const nowMs = clock.now().getTime();
  const now = Math.floor(nowMs / WINDOW_MS);
  if (now !== window) {
    window = now;
    counts.clear();
  }
  const from = network(address);
  const place = `${from}\u0000${store_id}`;
  const asGuest = takeGuest(place, device, nowMs) && take(`${place}\u0000${device}`, GUEST_BATCHES_PER_MINUTE);
  const toStore = take(place, EVENT_BATCHES_PER_MINUTE);
  return take(from, ADDRESS_BATCHES_PER_MINUTE) && toStore && asGuest;
}
