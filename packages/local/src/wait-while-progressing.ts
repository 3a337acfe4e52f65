import { readFileSync } from "node:fs";

/**
 * CPU time (user + system, in clock ticks) a process and its children that ended have used, read
 * from /proc; undefined where there is no /proc. A process that gains CPU time is working.
 */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
  } catch {
    return undefined;
  }
}

export type ProgressWait = {
  /** What is awaited, for the error: "DynamoDB Local to answer on http://…". */
  what: string;
  /** True once the wait is over; throws to fail it at once (a process that exited). */
  ready: () => Promise<boolean>;
  /** A value that changes while the awaited thing makes progress (its output's length, its CPU time). */
  progress: () => unknown;
  /** How long nothing may move before the wait fails. */
  stallMs?: number;
  /** The end of the error message (the process's last output). */
  details?: () => string;
};

/**
 * Waits for `ready()` as long as `progress()` keeps changing: on a busy machine a start may take
 * many times its usual time, and that is no failure while it moves. Fails, naming what it waited
 * for, only once nothing has moved for `stallMs`.
 */
export async function waitWhileProgressing({ what, ready, progress, stallMs = 60_000, details }: ProgressWait): Promise<void> {
  const started = Date.now();
  let last = JSON.stringify(progress());
  let movedAt = started;
  for (;;) {
    if (await ready()) return;
    const now = JSON.stringify(progress());
    if (now !== last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > stallMs) {
      const waited = ((Date.now() - started) / 1000).toFixed(0);
      throw new Error(`Gave up waiting for ${what}: nothing moved for ${stallMs / 1000} s (waited ${waited} s in all).${details ? `\n${details()}` : ""}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
