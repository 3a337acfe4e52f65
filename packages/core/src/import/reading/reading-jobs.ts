/**
 * Photos of a menu, read in the background (issue 50, point 4): the preview stores the photo and
 * queues the job (202 with its id); the `read` queue's worker straightens and reads it with OCR
 * (photo-lines.ts, loaded only there) and parses the lines into a draft; the page polls the job's
 * row for progress and then gets the draft. The row is the job; a job whose message was lost is
 * sent again by the poll that finds it stale, up to READ_MAX_ATTEMPTS deliveries.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Db } from "../../db/service";
import { usePorts } from "../../ports";
import { storeCommand } from "../../command/store-command";
import { clock } from "../../shared/clock";
import { UserError } from "../../shared/errors";
import { ImportRefusal } from "../menu-import-errors";
import type { MenuDraft } from "./draft";

type Keys = { company_id: string; store_id: string };
type Job = Keys & { reading_id: string };

/** Deliveries that may start work before the job ends in error. */
export const READ_MAX_ATTEMPTS = 2;
/** A queued or running job untouched this long is taken as lost (the worker stops a photo after 60 s; its timeout is 120 s). */
export const READ_STALE_MS = 3 * 60_000;
const KEEP_SECONDS = 86_400;

const objectKey = ({ company_id, store_id, reading_id }: Job, kind: "photo" | "json") => `readings/${company_id}/${store_id}/${reading_id}.${kind}`;
const rowOf = async (job: Job) => (await Db().entities.menuReading.get(job).go()).data;

/** Stores the photo and queues its reading: the preview's 202. */
export async function requestPhotoReading(keys: Keys, bytes: Uint8Array): Promise<{ job_id: string }> {
  const job = { ...keys, reading_id: randomUUID() };
  await usePorts().objects.put(objectKey(job, "photo"), bytes, "application/octet-stream");
  const expiresAt = Math.ceil(clock.now().getTime() / 1000) + KEEP_SECONDS;
  await Db().entities.menuReading.create({ ...job, status: "queued", progress: 0, attempts: 0, expiresAt }).go();
  await usePorts().queue.send("read", job);
  return { job_id: job.reading_id };
}

export const ReadingRef = z.object({ storeId: z.string().min(1).max(64), jobId: z.string().min(1).max(64) });
export type ReadingView = { status: "queued" | "reading" | "done" | "error"; progress: number; draft?: MenuDraft; error?: string };

/** GET /api/menu-import/jobs/{jobId}: the job's state, and its draft once read. */
export const menuReadingStatus = storeCommand(ReadingRef, {}, async ({ keys }, { jobId }): Promise<ReadingView> => {
  const job = { ...keys, reading_id: jobId };
  const row = await rowOf(job);
  if (!row) throw new UserError("notFound", 404);
  const stale = (row.status === "queued" || row.status === "reading") && clock.now().getTime() - Date.parse(row.updated_at ?? row.created_at) > READ_STALE_MS;
  if (stale) {
    if ((row.attempts ?? 0) >= READ_MAX_ATTEMPTS) {
      await Db().entities.menuReading.patch(job).set({ status: "error", error: "failed" }).go();
      return { status: "error", progress: row.progress, error: "failed" };
    }
    await Db().entities.menuReading.patch(job).set({ status: "queued" }).go();
    await usePorts().queue.send("read", job);
  }
  if (row.status !== "done") return { status: stale ? "queued" : row.status, progress: row.progress, ...(row.error ? { error: row.error } : {}) };
  const stored = await usePorts().objects.get(objectKey(job, "json"));
  if (!stored) throw new UserError("notFound", 404);
  return { status: "done", progress: 100, draft: JSON.parse(new TextDecoder().decode(stored.body)) as MenuDraft };
});

function parseMessage(message: Record<string, unknown>): Job {
  const { company_id, store_id, reading_id } = message;
  if (typeof company_id !== "string" || typeof store_id !== "string" || typeof reading_id !== "string") {
    throw new Error(`read: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, reading_id };
}

/**
 * The `read` queue's worker. Idempotent: a finished job is left alone. A refusal (too many pixels,
 * not a picture, nothing read) ends the job with its code; another failure is thrown so the queue
 * delivers again, until READ_MAX_ATTEMPTS.
 */
export async function menuReadingJob(message: Record<string, unknown>) {
  const job = parseMessage(message);
  const row = await rowOf(job);
  if (!row || row.status === "done" || row.status === "error") return;
  const attempts = (row.attempts ?? 0) + 1;
  const rows = Db().entities.menuReading;
  await rows.patch(job).set({ status: "reading", progress: 0, attempts }).go();
  const end = async (set: { status: "done" | "error"; error?: string }) => {
    await rows.patch(job).set({ ...set, progress: 100 }).go();
    await usePorts().objects.delete(objectKey(job, "photo"));
  };
  try {
    const photo = await usePorts().objects.get(objectKey(job, "photo"));
    if (!photo) return await end({ status: "error", error: "failed" });
    // OCR's libraries load only in the worker that reads photos.
    const { readPhotoDraft } = await import("./photo-draft");
    let shown = 0;
    // Progress in steps of 10, written one after another while the reading goes on (and all of
    // them before the end, which a late one would otherwise overwrite).
    let writes = Promise.resolve();
    const draft = await readPhotoDraft(photo.body, (percent) => {
      const progress = Math.min(90, Math.floor(percent / 10) * 10);
      if (progress <= shown) return;
      shown = progress;
      writes = writes.then(async () => void (await rows.patch(job).set({ progress }).go()));
    });
    await writes;
    await usePorts().objects.put(objectKey(job, "json"), JSON.stringify(draft), "application/json");
    await end({ status: "done" });
  } catch (error) {
    if (error instanceof ImportRefusal) return await end({ status: "error", error: error.code });
    if (attempts < READ_MAX_ATTEMPTS) {
      await rows.patch(job).set({ status: "queued" }).go();
      throw error;
    }
    console.error("Reading a menu photo failed for good", error);
    await end({ status: "error", error: "failed" });
  }
}
