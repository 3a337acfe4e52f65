/** The staff board's rules (issue 36, point 3), kept pure for the unit tests. */
export type BoardCall = {
  id: string;
  table_position: number;
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

/** The waiting time as minutes:seconds ("4:05"); never negative (the phone's clock may run behind). */
export function waitingFor(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - fromMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
