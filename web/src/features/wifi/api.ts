/** The Wi-Fi feature's server calls: the store's network and its guest QR payload. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";

const read = (storeId: string) => api.api.wifi.$get({ query: { storeId } });
export type WifiState = SuccessBody<Awaited<ReturnType<typeof read>>>;

export const wifiKeys = { network: (storeId: string) => ["wifi", storeId] as const };

export const wifiQueryOptions = (storeId: string) => queryOptions({ queryKey: wifiKeys.network(storeId), queryFn: () => unwrap(read(storeId)) });

/** Saves the network; the answer (with the new payload) goes straight into the cache. */
export function useSaveWifi(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Omit<JsonBody<typeof api.api.wifi.$put>, "store_id">) =>
      unwrap(api.api.wifi.$put({ json: { store_id: storeId, ...values } })),
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(wifiKeys.network(storeId), saved),
  });
}
