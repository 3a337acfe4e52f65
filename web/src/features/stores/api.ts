/** The stores feature's server calls: the company's stores and a new store. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { sessionKeys } from "@/lib/session";

const list = (companyId: string) => api.api.stores.$get({ query: { companyId } });
export type StoreRow = SuccessBody<Awaited<ReturnType<typeof list>>>[number];

export const storesKeys = { list: (companyId: string) => ["stores", companyId] as const };

export const storesQueryOptions = (companyId: string) => queryOptions({ queryKey: storesKeys.list(companyId), queryFn: () => unwrap(list(companyId)) });

/** Creates a store; the company's stores and the user's store list are read again after. */
export function useCreateStore(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Omit<JsonBody<typeof api.api.stores.$post>, "company_id">) => unwrap(api.api.stores.$post({ json: { company_id: companyId, ...values } })),
    meta: { silentError: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: storesKeys.list(companyId) }), queryClient.invalidateQueries({ queryKey: sessionKeys.ownedStores })]),
  });
}
