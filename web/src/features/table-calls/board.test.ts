import { describe, expect, it } from "vitest";
import { boardChanges, hasNewCall, shownCalls, titleWithCount, waitedMinutes, type BoardCall } from "./board";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const call = (id: string, minutesAgo: number): BoardCall => ({
  id,
  table_position: Number(id),
  kind: "waiter",
  note: null,
  status: "open",
  created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

describe("the calls board", () => {
  it("shows calls younger than 30 minutes, oldest first", () => {
    const shown = shownCalls([call("1", 2), call("2", 31), call("3", 29.9), call("4", 30)], NOW);
    expect(shown.map((c) => c.id)).toEqual(["3", "1"]);
  });

  it("alerts on a call it has not seen, not on the first load", () => {
    expect(hasNewCall(undefined, [call("1", 1)])).toBe(false);
    expect(hasNewCall(new Set(["1"]), [call("1", 1)])).toBe(false);
    expect(hasNewCall(new Set(["1"]), [call("1", 1), call("2", 0)])).toBe(true);
    expect(hasNewCall(new Set(["1", "2"]), [call("2", 0)])).toBe(false);
  });

  it("puts the open count in front of the tab's title", () => {
    expect(titleWithCount(2, "Calls")).toBe("(2) Calls");
    expect(titleWithCount(0, "Calls")).toBe("Calls");
  });

  it("counts the wait in whole minutes, never below zero", () => {
    expect(waitedMinutes(NOW - 245_000, NOW)).toBe(4);
    expect(waitedMinutes(NOW - 59_000, NOW)).toBe(0);
    expect(waitedMinutes(NOW + 1_000, NOW)).toBe(0);
  });

  it("names what changed between two reads (new, taken, gone), nothing on the first read", () => {
    const a = { id: "a", table_position: 1, kind: "waiter", note: null, status: "open", created_at: new Date(NOW).toISOString() } as const;
    const b = { ...a, id: "b", kind: "bill" } as const;
    expect(boardChanges(undefined, [a])).toEqual([]);
    expect(boardChanges([a], [a])).toEqual([]);
    expect(boardChanges([a], [{ ...a, status: "taken" }, b]).map((c) => [c.change, c.call.id])).toEqual([
      ["taken", "a"],
      ["new", "b"],
    ]);
    expect(boardChanges([a, b], [b]).map((c) => [c.change, c.call.id])).toEqual([["done", "a"]]);
  });
});
