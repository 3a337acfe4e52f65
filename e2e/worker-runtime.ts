import { inject } from "vitest";

export type SharedRuntime = {
  baseUrl: string;
  dataDir: string;
  /** The fake LibreTranslate this runtime uses (`POST /__fake/pause|resume` hold its answers). */
  engineUrl: string;
};

/**
 * The shared runtime of the vitest worker running this file. The e2e files run on two workers; each
 * worker has a runtime of its own, both restored from the one seeded data folder (runtime.global.ts),
 * so two files that change the demo menu at the same time never meet, and the files of one worker
 * run one after the other as before.
 */
export function workerRuntime(): SharedRuntime {
  const runtimes = inject("runtimes");
  const pool = Number(process.env.VITEST_POOL_ID ?? "1");
  return runtimes[(pool - 1) % runtimes.length]!;
}
