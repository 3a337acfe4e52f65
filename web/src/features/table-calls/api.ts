/**
 * The board's server calls. The list is polled every 3 s with If-None-Match: a 304 (nothing
 * changed) costs the server one key read and keeps the list the query already holds.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";

export const POLL_MS = 3_000;

export const callsKeys = { board: (storeId: string) => ["table-calls", storeId] as const };

const listCalls = (storeId: string, etag: string | undefined) =>
  api.api.calls.$get({ query: { storeId }, header: etag ? { "if-none-match": etag } : {} }, { init: { cache: "no-store" } });
type Board = { calls: SuccessBody<Awaited<ReturnType<typeof listCalls>>>["calls"]; etag?: string };

/** The store's open calls, polled every 3 s (also in a background tab: the title counts them). */
export const boardQueryOptions = (storeId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: callsKeys.board(storeId),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    queryFn: async (): Promise<Board> => {
      const held = queryClient.getQueryData<Board>(callsKeys.board(storeId));
      const res = await listCalls(storeId, held?.etag);
      if (res.status === 304 && held) return held;
      const body = await unwrap(res);
      return { calls: body.calls, etag: res.headers.get("etag") ?? body.version };
    },
  });

/** "On my way" (take) or "Done". */
export const moveCall = (storeId: string, callId: string, step: "take" | "done") =>
  unwrap(api.api.calls[":callId"][step].$post({ param: { callId }, query: { storeId } }));
