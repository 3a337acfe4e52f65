/**
 * The guest's call API (same origin; the table pass cookie names the store and table). Plain
 * fetch: the guest route carries no API client.
 */
import type { CallKind } from "./queue";

export type GuestCall = { id: string; kind: CallKind; note: string | null; status: "open" | "taken"; created_at: string; taken_at?: string };

/** Why a call was refused, as the guest is told; `offline` when the request never reached the server. */
export type CallFailure = "tooSoon" | "passInvalid" | "notInPlan" | "offline" | "failed";

const json = { "content-type": "application/json" };

async function failureOf(res: Response): Promise<CallFailure> {
  if (res.status === 429) return "tooSoon";
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  if (body.code === "tablePassInvalid") return "passInvalid";
  if (body.code === "callsNotInPlan") return "notInPlan";
  return "failed";
}

export async function listCalls(): Promise<GuestCall[] | undefined> {
  try {
    const res = await fetch("/api/guest/calls", { credentials: "same-origin", cache: "no-store" });
    return res.ok ? ((await res.json()) as { calls: GuestCall[] }).calls : undefined;
  } catch {
    return undefined;
  }
}

export async function sendCall(kind: CallKind, note: string): Promise<{ call: GuestCall } | { failure: CallFailure }> {
  let res: Response;
  try {
    res = await fetch("/api/guest/calls", { method: "POST", credentials: "same-origin", headers: json, body: JSON.stringify(note ? { kind, note } : { kind }) });
  } catch {
    return { failure: "offline" };
  }
  return res.ok ? { call: (await res.json()) as GuestCall } : { failure: await failureOf(res) };
}

/** Cancels a call; `keepalive` when the page is going away (the undo time cut short). */
export async function cancelCall(id: string, keepalive = false): Promise<boolean> {
  try {
    const res = await fetch(`/api/guest/calls/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "same-origin", keepalive });
    return res.ok || res.status === 404;
  } catch {
    return false;
  }
}
