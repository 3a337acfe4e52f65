import { describe, expect, it } from "vitest";
import { memoryQueue } from "@menu/core/adapters/memory-queue";

describe("the in-process queue", () => {
  it("holds a delayed message back while others pass, and idle() waits for it", async () => {
    const seen: unknown[] = [];
    const queue = memoryQueue({ translate: async (m) => void seen.push(m.n) });
    await queue.send("translate", { n: 1 }, { delaySeconds: 3 });
    await queue.send("translate", { n: 2 });
    await expect.poll(() => seen).toEqual([2]);
    await queue.idle();
    expect(seen).toEqual([2, 1]);
  });

  it("delivers at once when told to ignore delays (tests that wait for the queue to drain)", async () => {
    const seen: unknown[] = [];
    const queue = memoryQueue({ translate: async (m) => void seen.push(m.n) }, { delays: false });
    await queue.send("translate", { n: 1 }, { delaySeconds: 600 });
    await queue.idle();
    expect(seen).toEqual([1]);
  });
});
