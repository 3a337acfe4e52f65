/**
 * The `copy` queue's worker (issue 36, point 6): plans a copy (the preview), or copies it chunk by
 * chunk, recording after each chunk how far it got. A delivery works for at most WORK_MS, then
 * sends the job on; a failed delivery is redelivered and goes on from the last chunk recorded.
 * After MAX_ATTEMPTS failures the copy ends failed and everything it wrote is undone. At the end the
 * store is republished once, and only its stale texts are translated (a copy brings the source's
 * translations with their hashes).
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { requestPublish } from "../command/publish-request";
import { requestFactsRefresh } from "../store/facts";
import { requestStoreTranslation } from "../translation/jobs";
import { copyPlan, previewOf, sourceStore } from "./menu-copy-plan";
import { copyChunk, undoCopy, type CopyRef } from "./menu-copy-chunk";
import { copyRow } from "./menu-copy";

/** Source items per chunk: the progress the dialog shows moves by this much. */
export const COPY_CHUNK = 50;
/** Deliveries that may fail before the copy fails for good (and is undone). */
export const MAX_ATTEMPTS = 3;
/** Work per delivery before the job sends itself on (the worker's timeout is 300 s). */
const WORK_MS = 120_000;

function parseMessage(message: Record<string, unknown>): CopyRef {
  const { company_id, store_id, copy_id } = message;
  if (typeof company_id !== "string" || typeof store_id !== "string" || typeof copy_id !== "string") {
    throw new Error(`copy: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, copy_id };
}

export async function menuCopyJob(message: Record<string, unknown>) {
  const ref = parseMessage(message);
  const keys = { company_id: ref.company_id, store_id: ref.store_id };
  const row = await copyRow(ref);
  if (!row || (row.status !== "planning" && row.status !== "copying")) return;
  const job = () => Db().entities.menuCopy.patch(ref);
  const attempts = (row.attempts ?? 0) + 1;
  await job().set({ attempts }).go();
  try {
    // The source is checked again: it may have moved to another company or gone since.
    const plan = await copyPlan(keys, await sourceStore(keys, row.source_store_id));
    if (row.status === "planning") {
      await job().set({ status: "ready", preview: JSON.stringify(previewOf(plan)), total: plan.steps.length, attempts: 0 }).go();
      return;
    }
    if (plan.invalid.length) throw Object.assign(new Error("copyInvalid"), { final: true });
    const started = Date.now();
    let { done = 0, created = 0, updated = 0 } = row;
    while (done < plan.steps.length) {
      if (Date.now() - started > WORK_MS) {
        await usePorts().queue.send("copy", ref);
        return;
      }
      const step = `${String(done).padStart(7, "0")}-${attempts}`;
      const result = await copyChunk(ref, step, plan, done, COPY_CHUNK, row.prices ?? "keep");
      done = Math.min(plan.steps.length, done + COPY_CHUNK);
      created += result.created;
      updated += result.updated;
      await job().set({ done, created, updated, total: plan.steps.length }).go();
    }
    await requestPublish(keys);
    // Also counts the store's facts again (photos and visibility came with the copy).
    await requestStoreTranslation(keys);
    await job().set({ status: "done", attempts: 0 }).go();
  } catch (error) {
    const final = (error as { final?: boolean }).final || attempts >= MAX_ATTEMPTS;
    if (!final) throw error;
    console.error("Menu copy failed for good", error);
    if (row.status === "copying") {
      await undoCopy(ref);
      await requestFactsRefresh(keys);
      await requestPublish(keys);
    }
    const code = (error as { code?: string }).code ?? (error as Error).message;
    await job().set({ status: "failed", error: code === "copyInvalid" || code === "storeNotFound" ? code : "copyFailed" }).go();
  }
}
