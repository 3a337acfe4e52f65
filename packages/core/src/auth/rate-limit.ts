import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import type { Limit } from "./config";

const windowOf = (limit: Limit) => {
  const now = clock.now().getTime();
  const window_start = now - (now % limit.windowMs);
  return { window_start, expiresAt: Math.ceil((window_start + limit.windowMs) / 1000) + 60 };
};

/** How many events the bucket has in the current window. */
export async function countOf(bucket: string, limit: Limit) {
  const { window_start } = windowOf(limit);
  const { data } = await Db().entities.rateLimit.get({ bucket, window_start }).go();
  return data?.count ?? 0;
}

/** Counts one event (an atomic ADD) and answers the new count. */
export async function hit(bucket: string, limit: Limit) {
  const { window_start, expiresAt } = windowOf(limit);
  const { data } = await Db()
    .entities.rateLimit.update({ bucket, window_start })
    .add({ count: 1 })
    .set({ expiresAt })
    .go({ response: "all_new" });
  return data.count ?? 1;
}

/** Takes back one event counted by `hit` (an attempt that turned out to be allowed). */
export async function takeBack(bucket: string, limit: Limit) {
  const { window_start } = windowOf(limit);
  await Db().entities.rateLimit.update({ bucket, window_start }).add({ count: -1 }).go();
}

export async function resetBucket(bucket: string, limit: Limit) {
  const { window_start } = windowOf(limit);
  await Db().entities.rateLimit.delete({ bucket, window_start }).go();
}

/** 429 when any of the buckets is already at its limit. */
export async function assertUnderLimits(checks: [bucket: string, limit: Limit][]) {
  const counts = await Promise.all(checks.map(([bucket, limit]) => countOf(bucket, limit)));
  if (counts.some((count, i) => count >= checks[i]![1].limit)) throw new UserError("tooManyAttempts", 429);
}

/** Counts an event in each bucket and answers 429 if that went over a limit. */
export async function takeOrThrow(checks: [bucket: string, limit: Limit][]) {
  const counts = await Promise.all(checks.map(([bucket, limit]) => hit(bucket, limit)));
  if (counts.some((count, i) => count > checks[i]![1].limit)) throw new UserError("tooManyAttempts", 429);
}
