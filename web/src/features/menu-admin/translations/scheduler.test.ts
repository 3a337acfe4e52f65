/**
 * The client polling schedule of SPEC sections 4 and 9 under fake timers (moved from the browser
 * project: it needs no page). The whole loop in a browser is e2e/menu-translations.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CATEGORY_POLL,
  CATEGORY_POLL_DEBOUNCE_MS,
  CATEGORY_POLL_MAX_WAIT_MS,
  PRODUCT_POLL,
  PRODUCT_POLL_DEBOUNCE_MS,
  PRODUCT_POLL_MAX_WAIT_MS,
  TRANSLATION_POLL_MS,
} from "./constants";
import { createPollScheduler, settlePoll } from "./scheduler";

describe("translation polling schedule (SPEC sections 4 and 9)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0, toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A scheduler whose poll records its times and answers "still pending" `rounds` times. */
  const recorder = (timing: typeof PRODUCT_POLL, rounds = Infinity) => {
    const at: number[] = [];
    let left = rounds;
    const scheduler = createPollScheduler(timing, async () => {
      at.push(Date.now());
      return --left > 0;
    });
    return { at, scheduler };
  };

  it("uses the specification's constants", () => {
    expect(TRANSLATION_POLL_MS).toBe(10_000);
    expect([PRODUCT_POLL_DEBOUNCE_MS, PRODUCT_POLL_MAX_WAIT_MS]).toEqual([3_000, 10_000]);
    expect([CATEGORY_POLL_DEBOUNCE_MS, CATEGORY_POLL_MAX_WAIT_MS]).toEqual([2_500, 10_500]);
    expect(PRODUCT_POLL).toEqual({ debounceMs: 3_000, maxWaitMs: 10_000, intervalMs: 10_000 });
    expect(CATEGORY_POLL).toEqual({ debounceMs: 2_500, maxWaitMs: 10_500, intervalMs: 10_000 });
  });

  it("polls after the debounce, then every 10 s while something is pending, and stops", async () => {
    const { at, scheduler } = recorder(PRODUCT_POLL, 3);
    expect(scheduler.phase).toBe("idle");
    scheduler.notify();
    expect(scheduler.phase).toBe("waiting");
    await vi.advanceTimersByTimeAsync(2_999);
    expect(at).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([3_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at).toEqual([3_000, 13_000, 23_000]);
    expect(scheduler.phase).toBe("idle");
    // A later save starts a new debounce.
    scheduler.notify();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(at).toEqual([3_000, 13_000, 23_000, 66_000]);
    scheduler.stop();
  });

  it("restarts the debounce on every addition, but polls no later than the max wait after the first", async () => {
    const products = recorder(PRODUCT_POLL, 1);
    const categories = recorder(CATEGORY_POLL, 1);
    for (let t = 0; t <= 10_000; t += 2_000) {
      if (t <= 8_000) products.scheduler.notify();
      categories.scheduler.notify();
      await vi.advanceTimersByTimeAsync(t < 10_000 ? 2_000 : 0);
    }
    // Products: the debounce of the 8 s addition would end at 11 s; the max wait ends it at 10 s.
    expect(products.at).toEqual([10_000]);
    await vi.advanceTimersByTimeAsync(1_000);
    // Categories: additions every 2 s keep pushing the 2.5 s debounce; the max wait polls at 10.5 s.
    expect(categories.at).toEqual([10_500]);

    // Two additions close together: one poll, 3 s after the second.
    const pair = recorder(PRODUCT_POLL, 1);
    pair.scheduler.notify();
    await vi.advanceTimersByTimeAsync(2_000);
    pair.scheduler.notify();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(pair.at).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pair.at).toEqual([16_000]);
  });

  it("leaves additions during polling to the next interval, retries a failed poll, and stops for good", async () => {
    let calls = 0;
    const at: number[] = [];
    const scheduler = createPollScheduler(PRODUCT_POLL, async () => {
      at.push(Date.now());
      calls++;
      if (calls === 1) throw new Error("offline");
      return calls < 3;
    });
    scheduler.notify();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(scheduler.phase).toBe("polling");
    scheduler.notify(); // no new debounce: the next poll is 10 s after the first
    await vi.advanceTimersByTimeAsync(9_999);
    expect(at).toEqual([3_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([3_000, 13_000]);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at).toEqual([3_000, 13_000]);
    scheduler.notify();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at).toEqual([3_000, 13_000]);
  });

  it("drops completed and unknown ids, keeps the rest, and clears the list when all left have failed", () => {
    expect(settlePoll(["a", "b", "c"], [{ id: "a", status: "completed" }, { id: "b", status: "queued" }])).toEqual({ completed: ["a"], done: new Set(["a", "c"]) });
    expect(settlePoll(["a", "b", "c"], [{ id: "a", status: "failed" }, { id: "b", status: "in_progress" }, { id: "c", status: "completed" }])).toEqual({
      completed: ["c"],
      done: new Set(["c"]),
    });
    expect(settlePoll(["a", "b", "c"], [{ id: "a", status: "failed" }, { id: "b", status: "failed" }, { id: "c", status: "completed" }])).toEqual({
      completed: ["c"],
      done: new Set(["a", "b", "c"]),
    });
  });
});
