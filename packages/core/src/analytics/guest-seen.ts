/**
 * Views, scans and item openings count people, not requests (issue 49, point 2): each counts once
 * per guest and COUNT_WINDOW_MS window of the store. A guest is the hash of its page's random id
 * (guestHash); what it was counted for in a window ("view", "scan:7",
 * "open:<item>") is one row, updated once per batch, that expires an hour after its window. A batch
 * without a guest id cannot be told apart from a flood: its views, scans and openings count nothing.
 */
import { createHash } from "node:crypto";
import { Db } from "../db/service";

export const COUNT_WINDOW_MS = 30 * 60_000;

/** A guest as the rows keep it: a hash of the page's random id with the store's, so the id itself is never stored. */
export const guestHash = (store_id: string, device: string) => createHash("sha256").update(`${store_id}\u0000${device}`).digest("base64url").slice(0, 16);

/** Of `keys`, those `guest` was not counted for yet in the window of `nowMs` (they are now). */
export async function firstTimes(place: { company_id: string; store_id: string }, guest: string | undefined, keys: ReadonlySet<string>, nowMs: number): Promise<Set<string>> {
  if (!guest || !keys.size) return new Set();
  const window = Math.floor(nowMs / COUNT_WINDOW_MS);
  const { data } = await Db()
    .entities.guestSeen.update({ ...place, guest, window })
    .add({ seen: [...keys] })
    .set({ expiresAt: Math.floor(((window + 1) * COUNT_WINDOW_MS) / 1000) + 3600 })
    .go({ response: "updated_old" });
  const before = new Set(data?.seen ?? []);
  return new Set([...keys].filter((key) => !before.has(key)));
}
