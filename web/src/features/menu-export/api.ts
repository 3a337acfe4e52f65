/** The menu export feature's server calls: queue an export job, then follow it until its file is written. */
import { queryOptions, skipToken, useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

type ExportRequest = Omit<Parameters<(typeof api.api)["menu-exports"]["$post"]>[0]["json"], "storeId">;
export type ExportFormat = ExportRequest["format"];

/** How often a running export is asked for its progress. */
const POLL_MS = 1000;

/** Queues an export of the store's menu in one language and format (the server checks the plan again). */
export function useStartMenuExport(storeId: string) {
  return useMutation({
    mutationFn: (request: ExportRequest) => unwrap(api.api["menu-exports"].$post({ json: { storeId, ...request } })),
  });
}

export const menuExportKeys = { job: (storeId: string, exportId: string | undefined) => ["menu-export", storeId, exportId] as const };

/** A queued export (none: nothing is asked), asked again until it is done or failed. */
export const menuExportQueryOptions = (storeId: string, exportId: string | undefined) =>
  queryOptions({
    queryKey: menuExportKeys.job(storeId, exportId),
    queryFn: exportId ? () => unwrap(api.api["menu-exports"][":exportId"].$get({ param: { exportId }, query: { storeId } })) : skipToken,
    refetchInterval: (query) => (query.state.data?.status === "done" || query.state.data?.status === "error" ? false : POLL_MS),
  });
