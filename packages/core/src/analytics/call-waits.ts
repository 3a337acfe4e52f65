/**
 * Table-call analytics (issue 36, point 4), kept as the other counters are (daily metric rows, so an
 * overview costs the same whatever the number of calls): `call` counts a handled call per table
 * position; `call_wait` is a bounded histogram of the seconds until a call was taken, one counter
 * per bucket (key: the bucket's upper bound). The median is read from the histogram: the upper
 * bound of the bucket that holds the middle call, exact to the bucket's width.
 */
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { expiresAtOf, zonedDayHour } from "./analytics";

/** Upper bounds in seconds; the last bucket holds everything longer (a call closes itself after 30 minutes). */
export const WAIT_BUCKETS = [15, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800] as const;
const OVER = "over";

export const waitBucketOf = (seconds: number) => String(WAIT_BUCKETS.find((b) => seconds <= b) ?? OVER);

/** The median wait in seconds from a histogram (bucket key → count), or null without calls. */
export function medianWait(histogram: Map<string, number>): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (const bound of [...WAIT_BUCKETS.map(String), OVER]) {
    seen += histogram.get(bound) ?? 0;
    if (seen * 2 >= total) return bound === OVER ? WAIT_BUCKETS.at(-1)! : Number(bound);
  }
  return null;
}

type Place = { company_id: string; store_id: string; time_zone: string };

/** Counts a handled call of `position` today (in the store's time zone), with its wait if it was answered. */
export async function countCall(place: Place, position: number, waitSeconds?: number) {
  const { day } = zonedDayHour(clock.now(), place.time_zone);
  const expiresAt = expiresAtOf(day);
  const keys = { company_id: place.company_id, store_id: place.store_id, shard: 0, day };
  const adds: { name: "call" | "call_wait"; key: string }[] = [{ name: "call", key: String(position) }];
  if (waitSeconds !== undefined) adds.push({ name: "call_wait", key: waitBucketOf(waitSeconds) });
  await Promise.all(adds.map((a) => Db().entities.metric.update({ ...keys, ...a }).add({ count: 1 }).set({ expiresAt }).go()));
}
