import { describe, expect, it } from "vitest";
import { cpuTicks, waitWhileProgressing } from "../src/wait-while-progressing";

describe("waiting for a start while it makes progress", () => {
  it("waits past the stall limit as long as the progress value keeps moving", async () => {
    let polls = 0;
    // Ready only after ~10 polls (2 s), five times the stall limit: each poll moves the counter.
    await waitWhileProgressing({ what: "a slow start", ready: async () => ++polls > 10, progress: () => polls, stallMs: 400 });
    expect(polls).toBe(11);
  });

  it("fails once nothing moves for the stall limit, naming what it waited for and the details", async () => {
    const wait = waitWhileProgressing({ what: "DynamoDB Local to answer", ready: async () => false, progress: () => 1, stallMs: 300, details: () => "last output" });
    await expect(wait).rejects.toThrow(/^Gave up waiting for DynamoDB Local to answer: nothing moved for 0\.3 s \(waited \d+ s in all\)\.\nlast output$/);
  });

  it("fails at once when the readiness check throws (the process exited)", async () => {
    const wait = waitWhileProgressing({ what: "x", ready: async () => { throw new Error("exited (1)"); }, progress: () => 0 });
    await expect(wait).rejects.toThrow("exited (1)");
  });

  it("reads a running process's CPU time, which grows while it works", () => {
    const before = cpuTicks(process.pid)!;
    expect(before).toBeGreaterThanOrEqual(0);
    // Spin until a tick is counted (10 ms of CPU; a busy machine may give this process little of
    // it), for at most 10 s of wall time: stuck at `before` means the reading does not move.
    let after = before;
    for (const until = performance.now() + 10_000; after === before && performance.now() < until; ) after = cpuTicks(process.pid)!;
    expect(after).toBeGreaterThan(before);
    expect(cpuTicks(2 ** 22 + 1)).toBeUndefined();
  });
});
