/**
 * The `copy` queue's worker (issue 36, point 6): plans a copy (the preview), or copies it chunk by
 * chunk, recording after each batch of a chunk how far it got (issue 46, point 4: the dialog's count
 * moves about every second, menu-copy-chunk.ts). A delivery holds the row's lease, works for at
 * most WORK_MS, then sends the job on; a failed delivery is redelivered and goes on from the last
 * batch recorded. After MAX_ATTEMPTS failures in a row, or an invalid source item, the copy is
 * undone (`undoing`, itself retried until it is through) and ends `failed`. At the end the store is
 * republished once, and only its stale texts are translated (a copy brings the source's
 * translations with their hashes).
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { UserError } from "../shared/errors";
import { requestPublish } from "../publish/request";
import { requestFactsRefresh } from "../store/facts";
import { requestStoreTranslation } from "../translation/sweep";
import { copyPlan, previewOf, sourceStore } from "./menu-copy-plan";
import { copyChunk, newPace, undoCopy, type CopyRef } from "./menu-copy-chunk";
import { copyRow } from "./menu-copy";

/** Source items per chunk (its undo rows are written before it); the progress moves by batches within it. */
export const COPY_CHUNK = 50;
/** Deliveries that may fail in a row before the copy fails for good (and is undone); a chunk through resets the count. */
export const MAX_ATTEMPTS = 3;
/** Work per delivery before the job sends itself on (the worker's timeout is 300 s). */
const WORK_MS = 120_000;
/** Longer than a delivery can run (the worker's timeout), so a lease outlives its holder only if it died. */
const LEASE_MS = 310_000;

function parseMessage(message: Record<string, unknown>): CopyRef {
  const { company_id, store_id, copy_id } = message;
  if (typeof company_id !== "string" || typeof store_id !== "string" || typeof copy_id !== "string") {
    throw new Error(`copy: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, copy_id };
}

const job = (ref: CopyRef) => Db().entities.menuCopy.patch(ref);

/** Takes the row's lease; false while another delivery holds it (a message sent again meanwhile). */
async function leased(ref: CopyRef) {
  const now = clock.now();
  try {
    await job(ref)
      .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => `${op.notExists(a.lease_until)} OR ${op.lt(a.lease_until, now.toISOString())}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function menuCopyJob(message: Record<string, unknown>) {
  const ref = parseMessage(message);
  const before = await copyRow(ref);
  if (!before || before.status === "ready" || before.status === "done" || before.status === "failed") return;
  if (!(await leased(ref))) return;
  try {
    await work(ref, (await copyRow(ref))!);
  } finally {
    await job(ref).remove(["lease_until"]).go();
  }
}

async function work(ref: CopyRef, row: NonNullable<Awaited<ReturnType<typeof copyRow>>>) {
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  if (row.status === "undoing") return undo(ref, row.error ?? "copyFailed");
  try {
    // The source is checked again: it may have moved to another company or gone since.
    const plan = await copyPlan(keys, await sourceStore(keys, row.source_store_id));
    if (row.status === "planning") {
      await job(ref).set({ status: "ready", preview: JSON.stringify(previewOf(plan)), total: plan.steps.length, attempts: 0 }).go();
      return;
    }
    if (plan.invalid.length) throw new UserError("copyInvalid", 400);
    const started = Date.now();
    const total = plan.steps.length;
    const pace = newPace();
    let { done = 0, created = 0, updated = 0 } = row;
    while (done < total) {
      if (Date.now() - started > WORK_MS) {
        await usePorts().queue.send("copy", ref);
        return;
      }
      const from = done;
      const step = `${String(from).padStart(7, "0")}-${String(Date.now()).padStart(15, "0")}`;
      // Each batch written is recorded: the dialog's count, and where a delivery cut short goes on.
      const result = await copyChunk(ref, step, plan, from, COPY_CHUNK, row.prices ?? "keep", pace, (written, tally) =>
        job(ref)
          .set({ done: from + written, created: created + tally.created, updated: updated + tally.updated, total })
          .go()
          .then(() => undefined),
      );
      done = Math.min(total, from + COPY_CHUNK);
      created += result.created;
      updated += result.updated;
      await job(ref).set({ done, created, updated, total, attempts: 0 }).go();
    }
    await requestPublish(keys);
    // Also counts the store's facts again (photos and visibility came with the copy).
    await requestStoreTranslation(keys);
    await job(ref).set({ status: "done" }).go();
  } catch (error) {
    const attempts = (row.attempts ?? 0) + 1;
    const known = error instanceof UserError && (error.code === "copyInvalid" || error.code === "storeNotFound" || error.code === "copySameStore");
    if (!known && attempts < MAX_ATTEMPTS) {
      await job(ref).set({ attempts }).go();
      throw error;
    }
    console.error("Menu copy failed for good", error);
    const code = known ? error.code : "copyFailed";
    if (row.status === "planning") await job(ref).set({ status: "failed", error: code, attempts }).go();
    else {
      await job(ref).set({ status: "undoing", error: code, attempts }).go();
      await undo(ref, code);
    }
  }
}

/** Undoes what the copy wrote (again from the start if a delivery stopped halfway: each step is idempotent), then ends failed. */
async function undo(ref: CopyRef, code: string) {
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  await undoCopy(ref);
  await requestFactsRefresh(keys);
  await requestPublish(keys);
  await job(ref).set({ status: "failed", error: code }).go();
}
