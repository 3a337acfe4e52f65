/**
 * The publish worker and its schedule. A run takes the store's lease and request counter, publishes
 * (publish.ts) and records what it covered; the schedule republishes stores whose pages went stale
 * by time and sends runs for requests no run covers.
 */
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { keysOf, pendingScope, queueOnce, requestPublish, type Keys } from "./request";
import { publishStore } from "./publish";

/** How long one run may hold the store's publish lease (the worker's timeout is 60 s). */
const LEASE_MS = 2 * 60_000;

/**
 * The publish worker: writes, per language, the menu JSON and the pre-rendered pages, then the
 * manifest. Idempotent: a redelivered message whose request is already covered does nothing;
 * messages without a version (sent directly to the queue) always publish.
 *
 * Nothing a request asks for is lost (issue 46): the run takes the store's request counter with its
 * lease, before it reads anything, so it covers every change numbered up to it (a change is written
 * before its request counts it; request.ts) and records that as `published`. A request that
 * counts after the lease may have changed what the run already read: when the run ends it finds the
 * counter higher than its own and sends one more run itself, whatever the `queued` flag says (that
 * request's message may have met this run's lease on another consumer, and be gone).
 */
export async function publishJob(message: Record<string, unknown>) {
  const store_id = String(message.store_id ?? "");
  if (!store_id) throw new Error("publish: message without store_id");
  const keys = await keysOf(message.company_id ? { company_id: String(message.company_id), store_id } : store_id);
  const version = typeof message.version === "number" ? message.version : undefined;
  const now = clock.now();

  let lease;
  try {
    lease = await Db()
      .entities.publication.update(keys)
      .set({ queued: false, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => `(${op.notExists(a.lease_until)} OR ${op.lt(a.lease_until, now.toISOString())})`)
      .go({ response: "all_new" });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another run holds the lease. It sends the run after it when it finds requests numbered after
    // its own (below), this message's among them: a message without a request counts one first.
    // Should the holder die, the schedule sends a run once its lease has run out (runDuePublishes).
    // The delivery itself is done: thrown back, it would come again only after SQS's visibility
    // timeout (6 minutes), or never once the queue gives it up.
    if (version === undefined) await requestPublish(keys);
    await Db().entities.publishDue.put({ ...keys, due_at: new Date(now.getTime() + LEASE_MS + 1000).toISOString(), catch_up: true }).go();
    return;
  }
  /** The highest request this run covers: every change numbered up to it was written before this point. */
  const target = lease.data.requested ?? 0;
  const published = lease.data.published ?? 0;
  // Covered already, and nothing newer waits (a newer request is covered by this run instead of a later one).
  if (version !== undefined && published >= version && target <= published) {
    await Db().entities.publication.patch(keys).remove(["lease_until"]).go();
    return;
  }

  let result: Awaited<ReturnType<typeof publishStore>>;
  try {
    // A message sent straight to the queue (no request counted, e.g. a page of an older build) publishes everything.
    const fullPage = { written_at: lease.data.full_page_at, stale: lease.data.full_page_stale };
    result = await publishStore(keys, now, version === undefined ? undefined : pendingScope(lease.data), fullPage);
  } catch (error) {
    await Db()
      .entities.publication.patch(keys)
      .set({ error: String((error as Error)?.message ?? error).slice(0, 500) })
      .remove(["lease_until"])
      .go();
    throw error;
  }
  const done = await Db()
    .entities.publication.patch(keys)
    .set({ published: target, published_at: clock.now().toISOString(), version: result.version, full_page_stale: !!result.full.stale })
    .set(result.full.written_at ? { full_page_at: result.full.written_at } : {})
    .remove(["lease_until", "error"])
    .go({ response: "all_new" });
  if (result.due) await Db().entities.publishDue.put({ ...keys, due_at: result.due.toISOString() }).go();
  if (result.fullDue) await Db().entities.publishDue.put({ ...keys, due_at: result.fullDue.toISOString(), full_page: true }).go();
  const requested = done.data.requested ?? 0;
  // The scope this run covered is done, unless requests came meanwhile: then the next run covers it again.
  if (requested === target) {
    try {
      await Db()
        .entities.publication.patch(keys)
        .remove(["scope", "scope_all"])
        .where((a, op) => op.eq(a.requested, target))
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Requests counted after this run took its number, so after some of its reads: one more run,
  // sent by this run whatever the flag says (a message it finds queued may never come back).
  if (requested > target) await queueOnce(keys, requested, { force: true });
}

/**
 * The scheduled job: republishes the stores whose pages went stale by time, and sends a run for
 * stores whose requests wait with no run to cover them (a run's holder died: `catch_up` rows).
 */
export async function runDuePublishes(now = clock.now()) {
  const { data } = await Db()
    .entities.publishDue.query.byDue({ partition: "publish" })
    .lte({ due_at: now.toISOString() })
    .go({ pages: "all" });
  const stores = new Map<string, typeof data>();
  for (const due of data) stores.set(due.store_id, [...(stores.get(due.store_id) ?? []), due]);
  for (const rows of stores.values()) {
    const keys = { company_id: rows[0]!.company_id, store_id: rows[0]!.store_id };
    // Time boundaries rebuild everything; only the plain whole-menu page due: a run that touches nothing writes it.
    const whole = rows.some((d) => !d.full_page && !d.catch_up);
    if (whole) await requestPublish(keys);
    else if (rows.some((d) => d.full_page)) await requestPublish(keys, { categories: [] });
    if (rows.some((d) => d.catch_up)) await catchUp(keys, now);
  }
  for (const due of data) await Db().entities.publishDue.delete(due).go();
  return stores.size;
}

/** Sends a run when requests wait that no run covers and none holds the lease, whatever the `queued` flag says. */
async function catchUp(keys: Keys, now: Date) {
  const { data } = await Db().entities.publication.get(keys).go({ consistent: true });
  if (!data || (data.requested ?? 0) <= (data.published ?? 0)) return;
  if (data.lease_until && data.lease_until > now.toISOString()) return;
  await queueOnce(keys, data.requested ?? 0, { force: true });
}
