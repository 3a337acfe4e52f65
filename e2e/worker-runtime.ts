import { inject } from "vitest";

export type SharedRuntime = {
  baseUrl: string;
  dataDir: string;
  /** The fake LibreTranslate this runtime uses (`POST /__fake/pause|resume` hold its answers). */
  engineUrl: string;
};

/**
 * The shared runtime of the vitest worker running this file. The e2e files run on three workers
 * (scripts/test-run.ts); each worker has a runtime of its own, all restored from the one seeded data
 * folder (runtime.global.ts), so files that change the demo menu at the same time never meet, and the files of one worker
 * run one after the other as before.
 */
export function workerRuntime(): SharedRuntime {
  const runtimes = inject("runtimes");
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  return runtimes[(pool - 1) % runtimes.length]!;
}

/**
 * Holds or releases the answers of this worker's fake engine: texts stay untranslated while a test
 * looks at them. A pause waits until the runtime's background jobs are done first, so that jobs
 * earlier files left (a thousand imported items' translations) do not hang on the held engine and
 * hold up the jobs of the test (the checklist's count shares their queue).
 */
export async function engineControl(action: "pause" | "resume") {
  if (action === "pause") await fetch(`${workerRuntime().baseUrl}/_local/idle`);
  const res = await fetch(`${workerRuntime().engineUrl}/__fake/${action}`, { method: "POST" });
  if (res.status !== 204) throw new Error(`The fake engine answered ${res.status} to ${action}`);
}
