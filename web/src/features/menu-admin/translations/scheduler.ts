import type { TranslationStatus } from "@menu/core/translation-editor/schemas";
import type { PollTiming } from "./constants";

/** The clock the scheduler uses; tests pass fake timers (the defaults are the global ones). */
export type Timers = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const globalTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export type PollPhase = "idle" | "waiting" | "polling";

export type PollScheduler = {
  /** Something was added to the pending list. */
  notify: () => void;
  /** For good (unmount): cancels the timer; a poll in flight finishes but schedules nothing. */
  stop: () => void;
  readonly phase: PollPhase;
};

/**
 * When to poll (pure: no React, no network). Idle until `notify`; then a debounce of
 * `debounceMs`, restarted by every further `notify`, but the first poll comes no later than
 * `maxWaitMs` after the first `notify` (lodash's debounce with maxWait). Then `poll` runs every
 * `intervalMs` (measured from the start of each poll, never two at once) for as long as it answers
 * true ("still pending"); false goes back to idle. A failed poll counts as still pending.
 * Notifications while polling change nothing: the next poll reads the list afresh.
 */
export function createPollScheduler(timing: PollTiming, poll: () => Promise<boolean>, timers: Timers = globalTimers): PollScheduler {
  let phase: PollPhase = "idle";
  let firstNotifyAt = 0;
  let timer: unknown;
  let stopped = false;

  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const arm = (ms: number) => {
    clear();
    timer = timers.setTimeout(() => void run(), Math.max(0, ms));
  };

  async function run() {
    timer = undefined;
    phase = "polling";
    const startedAt = timers.now();
    let more: boolean;
    try {
      more = await poll();
    } catch {
      more = true;
    }
    if (stopped) return;
    if (!more) {
      phase = "idle";
      return;
    }
    arm(timing.intervalMs - (timers.now() - startedAt));
  }

  return {
    notify() {
      if (stopped) return;
      const now = timers.now();
      if (phase === "idle") {
        phase = "waiting";
        firstNotifyAt = now;
      }
      if (phase === "waiting") arm(Math.min(timing.debounceMs, firstNotifyAt + timing.maxWaitMs - now));
    },
    stop() {
      stopped = true;
      clear();
      phase = "idle";
    },
    get phase() {
      return phase;
    },
  };
}

/**
 * What one poll does with the answer of POST /api/translations/statuses for the polled ids: the
 * completed ones are re-fetched and leave the list; so do ids the answer leaves out (deleted, or no
 * longer the caller's); when every id still pending has failed, the list is cleared (SPEC section 4).
 */
export function settlePoll(polled: string[], statuses: Pick<TranslationStatus, "id" | "status">[]) {
  const byId = new Map(statuses.map((s) => [s.id, s.status]));
  const completed = polled.filter((id) => byId.get(id) === "completed");
  const left = polled.filter((id) => byId.has(id) && byId.get(id) !== "completed");
  const allFailed = left.length > 0 && left.every((id) => byId.get(id) === "failed");
  const done = new Set(polled.filter((id) => !byId.has(id) || byId.get(id) === "completed" || allFailed));
  return { completed, done };
}
