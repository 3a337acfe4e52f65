/** The staff board's rules (issue 36, point 3), kept pure for the unit tests. */
export type BoardCall = {
  id: string;
  table_position: number;
  /** The table's own name ("Терраса 3"; issue 48), when the server knows it. */
  table_name?: string;
  kind: "waiter" | "bill";
  note: string | null;
  status: "open" | "taken";
  created_at: string;
  taken_at?: string;
};

/** Calls older than this close themselves on the server; the board stops showing them at once. */
export const CALL_TTL_MS = 30 * 60_000;

/** The calls to show: younger than 30 minutes, oldest first. */
export function shownCalls(calls: readonly BoardCall[], nowMs: number): BoardCall[] {
  return calls.filter((c) => nowMs - Date.parse(c.created_at) < CALL_TTL_MS).sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}

/** Whether `next` holds a call `seen` did not (the sound and the vibration); the first load alerts nobody. */
export function hasNewCall(seen: ReadonlySet<string> | undefined, next: readonly BoardCall[]): boolean {
  return !!seen && next.some((c) => !seen.has(c.id));
}

/** The tab's title with the open calls' count in front: "(2) Calls". */
export const titleWithCount = (count: number, title: string) => (count > 0 ? `(${count}) ${title}` : title);

/** The whole minutes a call has waited (the card says "Waiting 4 min", or "Just now" under one); never negative (the phone's clock may run behind). */
export function waitedMinutes(fromMs: number, nowMs: number): number {
  return Math.floor(Math.max(0, nowMs - fromMs) / 60_000);
}

export type BoardChange = { change: "new" | "taken" | "done"; call: BoardCall };

/**
 * What changed between two reads of the board, for its live region (issue 48): new calls, calls
 * taken, calls gone (done, cancelled or closed). The first read says nothing; the clock never does.
 */
export function boardChanges(before: readonly BoardCall[] | undefined, after: readonly BoardCall[]): BoardChange[] {
  if (!before) return [];
  const was = new Map(before.map((c) => [c.id, c]));
  const is = new Set(after.map((c) => c.id));
  return [
    ...after.flatMap((call): BoardChange[] => {
      const old = was.get(call.id);
      if (!old) return [{ change: "new", call }];
      return old.status === "open" && call.status === "taken" ? [{ change: "taken", call }] : [];
    }),
    ...before.filter((c) => !is.has(c.id)).map((call): BoardChange => ({ change: "done", call })),
  ];
}
