import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { setPorts, usePorts, type Actor } from "@menu/core";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import type { MenuExportJob } from "@menu/core/export/jobs";
import { menuExportJob } from "@menu/core/export/worker";
import { createLocalApp } from "@menu/local/server";

/** The export queue delivers to its worker, as in the local runtime (test files start without workers). */
export const useExportWorker = () => setPorts({ ...usePorts(), queue: memoryQueue({ export: menuExportJob }) });

const webDist = mkdtempSync(join(tmpdir(), "menu-web-"));
/** The local runtime's app (API and the /files/* links that stand in for S3 presigned URLs), as `actor`; no SPA built. */
export const localApp = (actor: Actor) => createLocalApp({ resolveActor: () => actor, webDist });

export async function requestExport(actor: Actor, body: { storeId: string; language: string; format: string }) {
  const res = await localApp(actor).request("/api/menu-exports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, job: (await res.json()) as MenuExportJob };
}

export async function exportStatus(actor: Actor, storeId: string, exportId: string) {
  const res = await localApp(actor).request(`/api/menu-exports/${exportId}?storeId=${storeId}`);
  return { status: res.status, job: (await res.json()) as MenuExportJob };
}

/** Polls the job until it has ended; answers its last state. */
export async function finishedExport(actor: Actor, storeId: string, exportId: string) {
  await expect.poll(async () => (await exportStatus(actor, storeId, exportId)).job.status).toMatch(/^(done|error)$/);
  return (await exportStatus(actor, storeId, exportId)).job;
}

/** The whole flow as the admin panel runs it: request, wait for the worker, download. */
export async function exportedFile(actor: Actor, body: { storeId: string; language: string; format: string }) {
  const { status, job } = await requestExport(actor, body);
  expect(status).toBe(202);
  const done = await finishedExport(actor, body.storeId, job.id);
  expect(done.status).toBe("done");
  return localApp({ type: "public" }).request(done.download_url!);
}
