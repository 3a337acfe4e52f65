import { useState } from "react";
import { isPendingJob, type TranslationJob } from "./api";

const jobKey = (j: TranslationJob) => `${j.target_type}:${j.target_id}:${j.language}`;

type Run = { jobs?: TranslationJob[]; keys: string[]; last?: { total: number; errors: number } };

/**
 * The jobs of the current run: every job seen queued or in progress since nothing was pending. The
 * run ends when none is pending; its total and errors stay shown.
 */
export function useRun(jobs: TranslationJob[] | undefined) {
  const [run, setRun] = useState<Run>({ keys: [] });
  if (jobs && run.jobs !== jobs) {
    const pending = jobs.filter(isPendingJob).map(jobKey);
    if (pending.length) {
      setRun({ jobs, keys: [...new Set([...run.keys, ...pending])] });
    } else if (run.keys.length) {
      const errors = new Set(jobs.filter((j) => j.status === "error").map(jobKey));
      setRun({ jobs, keys: [], last: { total: run.keys.length, errors: run.keys.filter((k) => errors.has(k)).length } });
    } else {
      setRun({ ...run, jobs });
    }
  }
  const pendingNow = new Set((jobs ?? []).filter(isPendingJob).map(jobKey));
  const total = run.keys.length;
  return { total, done: run.keys.filter((k) => !pendingNow.has(k)).length, running: pendingNow.size > 0, last: run.last };
}
