/**
 * The `export` queue's worker: draws the file (menu-export.ts, through render/) and stores it.
 * Apart from the job calls (jobs.ts), so only the export function bundles the drawing.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { CONTENT_TYPES, MAX_ATTEMPTS, objectKey, pendingKey, rowOf, type Keys } from "./jobs";
import { menuFile } from "./menu-export";

function parseMessage(message: Record<string, unknown>): Keys & { export_id: string } {
  const { company_id, store_id, export_id } = message;
  if (typeof company_id !== "string" || typeof store_id !== "string" || typeof export_id !== "string") {
    throw new Error(`export: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, export_id };
}

/**
 * The worker of the `export` queue. Idempotent: a job already finished is left alone, a redelivered
 * one is written again under the same key. A failure is thrown so the queue redelivers the message,
 * until MAX_ATTEMPTS; then the row ends in error.
 */
export async function menuExportJob(message: Record<string, unknown>) {
  const { export_id, ...keys } = parseMessage(message);
  const row = await rowOf(keys, export_id);
  if (!row || row.status === "done" || row.status === "error") {
    await Db().entities.menuExportPending.delete(pendingKey({ ...keys, export_id })).go();
    return;
  }
  const attempts = (row.attempts ?? 0) + 1;
  const job = Db().entities.menuExport;
  await job.patch({ ...keys, export_id }).set({ status: "in_progress", progress: 0, attempts }).go();
  let shown = 0;
  const onRows = async (done: number, total: number) => {
    // The file is written in the last tenth; rows fill 0–90 %, written in steps of 10 at most.
    const progress = Math.floor(((done / Math.max(total, 1)) * 90) / 10) * 10;
    if (progress > shown) {
      shown = progress;
      await job.patch({ ...keys, export_id }).set({ progress }).go();
    }
  };
  try {
    const body = await menuFile(keys, row.language, row.format, onRows);
    await usePorts().objects.put(objectKey(row), body, CONTENT_TYPES[row.format]);
    await job.patch({ ...keys, export_id }).set({ status: "done", progress: 100, size: body.byteLength }).go();
  } catch (error) {
    if (attempts < MAX_ATTEMPTS) {
      await job.patch({ ...keys, export_id }).set({ status: "queued" }).go();
      throw error;
    }
    console.error("Menu export failed for good", error);
    await job.patch({ ...keys, export_id }).set({ status: "error", error: "the file could not be written" }).go();
  }
  await Db().entities.menuExportPending.delete(pendingKey({ ...keys, export_id })).go();
}
