/**
 * The board's server calls. The list is polled every 3 s with If-None-Match: a 304 (nothing
 * changed) costs the server one key read and keeps the list the query already holds.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { csrfFetch } from "@/lib/csrf";
import type { BoardCall } from "./board";

export const POLL_MS = 3_000;

export const callsKeys = { board: (storeId: string) => ["table-calls", storeId] as const };

type Board = { calls: BoardCall[]; etag?: string };

/** The store's open calls, polled every 3 s (also in a background tab: the title counts them). */
export const boardQueryOptions = (storeId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: callsKeys.board(storeId),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    queryFn: async (): Promise<Board> => {
      const held = queryClient.getQueryData<Board>(callsKeys.board(storeId));
      const res = await fetch(`/api/calls?storeId=${encodeURIComponent(storeId)}`, {
        credentials: "same-origin",
        cache: "no-store",
        headers: held?.etag ? { "if-none-match": held.etag } : {},
      });
      if (res.status === 304 && held) return held;
      if (!res.ok) throw new Error(`calls: ${res.status}`);
      const body = (await res.json()) as { version?: string | number; calls: BoardCall[] };
      const etag = res.headers.get("etag") ?? (body.version === undefined ? undefined : `"${body.version}"`);
      return { calls: body.calls, etag };
    },
  });

/** "On my way" (take) or "Done"; true when the server took it. */
export async function moveCall(storeId: string, id: string, step: "take" | "done"): Promise<boolean> {
  const res = await csrfFetch(`/api/calls/${encodeURIComponent(id)}/${step}?storeId=${encodeURIComponent(storeId)}`, { method: "POST", credentials: "same-origin" });
  return res.ok;
}
