/**
 * Calls made offline (issue 36, point 2): kept in localStorage per store and table, so a reload
 * keeps them, and sent when the connection is back. One per kind, as on the server.
 */
export type CallKind = "waiter" | "bill";
export type PendingCall = { kind: CallKind; note: string; queued_at: number };

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const keyOf = (scope: string) => `table-calls:${scope}`;

export function pendingCalls(storage: Store, scope: string): PendingCall[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(keyOf(scope)) ?? "[]");
    return Array.isArray(value) ? value.filter((c: PendingCall) => (c.kind === "waiter" || c.kind === "bill") && typeof c.note === "string" && typeof c.queued_at === "number") : [];
  } catch {
    return [];
  }
}

function save(storage: Store, scope: string, calls: PendingCall[]) {
  if (calls.length) storage.setItem(keyOf(scope), JSON.stringify(calls));
  else storage.removeItem(keyOf(scope));
}

/** Keeps a call to send later; a newer one of the same kind replaces the older. */
export function queueCall(storage: Store, scope: string, call: PendingCall): PendingCall[] {
  const calls = [...pendingCalls(storage, scope).filter((c) => c.kind !== call.kind), call];
  save(storage, scope, calls);
  return calls;
}

/** Forgets the kept call of a kind (sent, or cancelled before it was). */
export function dropPending(storage: Store, scope: string, kind: CallKind): PendingCall[] {
  const calls = pendingCalls(storage, scope).filter((c) => c.kind !== kind);
  save(storage, scope, calls);
  return calls;
}
