/** The store settings feature's server call: saving them (reading them is storeSettingsQueryOptions, shared in lib/admin-scope). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { scopeKeys, type CsObject } from "@/lib/admin-scope";
import { api, unwrap, type JsonBody } from "@/lib/api";
import { sessionKeys } from "@/lib/session";

/**
 * Saves the settings. The answer goes into the settings cache; the store lists are read again, and
 * so is the store's URL pair when its URL name changed.
 */
export function useSaveStoreSettings(cs: CsObject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: Omit<JsonBody<(typeof api.api)["store-settings"]["$put"]>, "storeId">) => unwrap(api.api["store-settings"].$put({ json: { storeId: cs.store_id, ...json } })),
    meta: { silentError: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(scopeKeys.storeSettings(cs.store_id), answer);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.ownedStores });
      if (answer.url_key !== cs.store_url_key) void queryClient.invalidateQueries({ queryKey: scopeKeys.csObjects });
    },
  });
}
