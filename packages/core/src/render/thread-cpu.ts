/**
 * Rendering adapter: the CPU time one thread of this process has used, for the sheet pool's limit
 * (sheet-reader.ts), which judges a parse by the work it did, not by the wall clock a busy machine
 * stretches. Node 20 has no per-thread CPU clock (process.cpuUsage() sums every thread), so it is
 * read where Linux keeps it (Lambda runs Linux): a thread finds its own id through
 * /proc/thread-self, and any thread of the process reads another's /proc/self/task/<id>/schedstat
 * (nanoseconds on a CPU, then nanoseconds waiting for one) or, without scheduler statistics, its
 * stat (user and system time in clock ticks). Elsewhere (macOS) both answer undefined and the pool
 * falls back to the wall clock.
 */
import { readFileSync, readlinkSync } from "node:fs";

/** Linux's USER_HZ: the unit of /proc's stat times on every architecture Node runs on. */
const TICK_MS = 10;

/** The calling thread's id (for threadCpuMs from another thread), or undefined where /proc is not Linux's. */
export function ownThreadId(): number | undefined {
  try {
    const id = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds of CPU the thread `id` of this process has used so far (undefined: not measurable here). */
export function threadCpuMs(id: number | undefined): number | undefined {
  if (id === undefined) return undefined;
  try {
    const onCpuNs = Number(readFileSync(`/proc/self/task/${id}/schedstat`, "utf8").split(" ")[0]);
    if (Number.isFinite(onCpuNs)) return onCpuNs / 1e6;
  } catch {
    // No scheduler statistics in this kernel: the tick counts below.
  }
  try {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    // After the command name (which may hold spaces, in parentheses): state is field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * TICK_MS : undefined;
  } catch {
    return undefined;
  }
}
