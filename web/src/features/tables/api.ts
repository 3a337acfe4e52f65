/** The tables feature's server calls: the store's tables, their changes, and the QR and card links. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";

const list = (storeId: string) => api.api.tables.$get({ query: { storeId } });
export type TableRow = SuccessBody<Awaited<ReturnType<typeof list>>>[number];

export const tablesKeys = { list: (storeId: string) => ["tables", storeId] as const };

/** The store's tables in index order. */
export const tablesQueryOptions = (storeId: string) => queryOptions({ queryKey: tablesKeys.list(storeId), queryFn: () => unwrap(list(storeId)) });

export const qrHref = (t: TableRow, format: "png" | "svg") =>
  `/api/tables/${encodeURIComponent(t.table_id)}/qr?storeId=${encodeURIComponent(t.store_id)}&format=${format}`;
/** The printable cards PDF of one table, of the chosen ones, or of all when no table is named. */
export function cardsHref(storeId: string, { tableId, tableIds }: { tableId?: string; tableIds?: readonly string[] } = {}) {
  const query = new URLSearchParams({ storeId });
  if (tableId) query.set("tableId", tableId);
  if (tableIds) query.set("tableIds", tableIds.join(","));
  return `/api/tables/cards?${query}`;
}

type TableValues = { position: string; name: string; note: string };

/** Creates a table, or saves the one given; the list is fetched again after. */
export function useSaveTable(storeId: string, table: TableRow | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: TableValues) => {
      const json = { store_id: storeId, position: Number(values.position), name: values.name, note: values.note };
      if (!table) return unwrap(api.api.tables.$post({ json }));
      return unwrap(api.api.tables[":tableId"].$patch({ param: { tableId: table.table_id }, json }));
    },
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKeys.list(storeId) }),
  });
}

/** Adds the tables `from`–`to`, named from the pattern; all or none. */
export function useAddTables(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { from: string; to: string; name: string; note: string }) => {
      const from = Number(values.from);
      const json = { store_id: storeId, from, count: Number(values.to) - from + 1, name: values.name, note: values.note };
      return unwrap(api.api.tables.bulk.$post({ json }));
    },
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKeys.list(storeId) }),
  });
}

export function useDeleteTable(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: TableRow) => unwrap(api.api.tables[":tableId"].$delete({ param: { tableId: t.table_id }, query: { storeId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKeys.list(storeId) }),
  });
}

/** A new QR key for the table: the printed code stops working. */
export function useReissueQr(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: TableRow) => unwrap(api.api.tables[":tableId"]["reissue-qr"].$post({ param: { tableId: t.table_id }, json: { store_id: storeId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKeys.list(storeId) }),
  });
}

/** Saves a new order; the list shows it at once and goes back if the server refuses. */
export function useReorderTables(storeId: string) {
  const queryClient = useQueryClient();
  const key = tablesQueryOptions(storeId).queryKey;
  return useMutation({
    mutationFn: (ids: string[]) => unwrap(api.api.tables.order.$post({ json: { store_id: storeId, table_ids: ids } })),
    onMutate: (ids) => {
      const current = queryClient.getQueryData(key);
      if (!current) return;
      const byId = new Map(current.map((t) => [t.table_id, t]));
      queryClient.setQueryData(key, ids.map((id) => byId.get(id)).filter((t) => t !== undefined));
    },
    onSuccess: (rows) => queryClient.setQueryData(key, rows),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
