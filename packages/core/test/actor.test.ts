import { describe, expect, it } from "vitest";
import { useActor, withActor, type Actor } from "../src/shared/actor";

const owner: Actor = { type: "user", userId: "u-owner", role: "company_manager", companyId: "c1" };
const manager: Actor = { type: "user", userId: "u-manager", role: "store_manager", companyId: "c1", storeId: "s1" };

/** Resolves when `open` is called: lets two calls interleave in a chosen order. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the actor of a call", () => {
  it("is read through every await of the call, and is public outside any call", async () => {
    expect(useActor()).toEqual({ type: "public" });
    const seen = await withActor(owner, async () => {
      const first = useActor();
      await new Promise((resolve) => setImmediate(resolve));
      const afterImmediate = useActor();
      await Promise.resolve();
      return [first, afterImmediate, useActor()];
    });
    expect(seen).toEqual([owner, owner, owner]);
    expect(useActor()).toEqual({ type: "public" });
  });

  it("stays each call's own when calls overlap, and when one ends while the other still runs", async () => {
    const firstMayEnd = gate();
    const secondMayRead = gate();
    const first = withActor(owner, async () => {
      await firstMayEnd.opened;
      return useActor();
    });
    const second = withActor(manager, async () => {
      const before = useActor();
      await secondMayRead.opened;
      return [before, useActor()];
    });
    firstMayEnd.open();
    expect(await first).toEqual(owner);
    // The first call has ended; the second, still under way, keeps its actor.
    secondMayRead.open();
    expect(await second).toEqual([manager, manager]);
    expect(useActor()).toEqual({ type: "public" });
  });

  it("nests: an inner call's actor inside it, the outer one's after it", async () => {
    const seen = await withActor(owner, async () => {
      const inner = await withActor({ type: "system" }, async () => {
        await Promise.resolve();
        return useActor();
      });
      await new Promise<void>((resolve) => process.nextTick(resolve));
      return [inner, useActor()];
    });
    expect(seen).toEqual([{ type: "system" }, owner]);
  });

  it("ends with a call that throws or rejects, and the next call has its actor again", async () => {
    expect(() =>
      withActor(owner, () => {
        throw new Error("refused");
      }),
    ).toThrow("refused");
    await expect(withActor(owner, () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(useActor()).toEqual({ type: "public" });
    expect(withActor(manager, () => useActor())).toEqual(manager);
    expect(await withActor(manager, async () => (await Promise.resolve(), useActor()))).toEqual(manager);
  });
});
