/**
 * Issue 46, point 4: the setup checklist never shows a step done while its work is queued (the
 * server's `pending`, or an import this tab applies), is read again while a step waits and for a
 * grace after, and keeps no answer off screen (an answer from before a job is never shown again).
 * The real query options with a fake `fetch`. Run by the root vitest config (project "web").
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checklistQueryOptions } from "./api";
import { CHECKLIST_GRACE_MS, CHECKLIST_POLL_MS, checklistPollMs, shownSteps } from "./checklist-state";

type Step = { id: string; done: boolean; counts: Record<string, number>; pending?: boolean };
const step = (id: string, done: boolean, pending?: boolean): Step => ({ id, done, counts: {}, ...(pending ? { pending } : {}) });

describe("shownSteps", () => {
  it("shows a step whose work is queued as not done, whatever its counts say", () => {
    const shown = shownSteps([step("logo", true), step("translations", true, true), step("menu", false, true)], { importing: false });
    expect(shown.map((s) => [s.id, s.done, s.pending])).toEqual([
      ["logo", true, false],
      ["translations", false, true],
      ["menu", false, true],
    ]);
  });

  it("holds the menu and translations steps back while this tab applies an import", () => {
    const shown = shownSteps([step("logo", true), step("menu", true), step("translations", true), step("tables", true)], { importing: true });
    expect(shown.filter((s) => !s.done).map((s) => s.id)).toEqual(["menu", "translations"]);
    expect(shown.filter((s) => s.pending).map((s) => s.id)).toEqual(["menu", "translations"]);
  });
});

describe("checklistPollMs", () => {
  const waiting = { steps: [step("translations", false, true)] };
  const settled = { steps: [step("translations", true)] };
  it("polls while a step waits, for a grace after the last such answer, then stops", () => {
    expect(checklistPollMs(waiting, undefined, 0)).toBe(CHECKLIST_POLL_MS);
    expect(checklistPollMs(settled, 1000, 1000 + CHECKLIST_GRACE_MS - 1)).toBe(CHECKLIST_POLL_MS);
    expect(checklistPollMs(settled, 1000, 1000 + CHECKLIST_GRACE_MS)).toBe(false);
    expect(checklistPollMs(settled, undefined, 0)).toBe(false);
    expect(checklistPollMs(undefined, undefined, 0)).toBe(false);
  });
});

describe("checklistQueryOptions", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** The server's answers, one per call (the last one again after). */
  function serve(...answers: { complete: boolean; steps: Step[] }[]) {
    let calls = 0;
    vi.stubGlobal("fetch", async (url: string) => {
      expect(String(url)).toContain("/api/setup-checklist?storeId=s1");
      const body = answers[Math.min(calls++, answers.length - 1)];
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
    return () => calls;
  }

  it("reads again while a step's work is queued and for the grace after, then no more", async () => {
    const started = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(started);
    serve({ complete: false, steps: [step("translations", false, true)] }, { complete: true, steps: [step("translations", true)] });
    const client = new QueryClient();
    const options = checklistQueryOptions("s1");
    const interval = options.refetchInterval as (query: unknown) => number | false;
    await client.fetchQuery(options);
    const query = () => client.getQueryCache().find({ queryKey: options.queryKey })!;
    expect(interval(query())).toBe(CHECKLIST_POLL_MS);
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(client.getQueryData(options.queryKey)?.steps[0]?.done).toBe(true);
    // Nothing waits any more, but the count that ended the wait may be followed by another.
    expect(interval(query())).toBe(CHECKLIST_POLL_MS);
    vi.spyOn(Date, "now").mockReturnValue(started + CHECKLIST_GRACE_MS);
    expect(interval(query())).toBe(false);
    vi.restoreAllMocks();
    client.clear();
  });

  it("keeps no answer once no page shows it: the next visit reads afresh, never the answer from before a job", async () => {
    const calls = serve({ complete: false, steps: [step("menu", false)] });
    const client = new QueryClient();
    const observer = new QueryObserver(client, checklistQueryOptions("s1"));
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data?.steps[0]?.id).toBe("menu");
    expect(calls()).toBe(1);
    unsubscribe();
    await expect.poll(() => client.getQueryCache().find({ queryKey: checklistQueryOptions("s1").queryKey })).toBeUndefined();
    client.clear();
  });
});
