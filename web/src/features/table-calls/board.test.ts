import { describe, expect, it } from "vitest";
import { hasNewCall, shownCalls, titleWithCount, waitingFor, type BoardCall } from "./board";

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

  it("shows the waiting time as minutes:seconds", () => {
    expect(waitingFor(NOW - 245_000, NOW)).toBe("4:05");
    expect(waitingFor(NOW + 1_000, NOW)).toBe("0:00");
  });
});
