/** settings/wifi (issue 6): the store's Wi-Fi network, a premium feature (SPEC.md section 6). */
import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { storeCommand, StoreId } from "../command/store-command";
import { storeMayUse } from "../billing/gate";
import { wifiPayload, WifiInput } from "../shared/wifi-payload";

export const WifiState = z.object({
  /** May the store use the Wi-Fi QR on its current plan? */
  allowed: z.boolean(),
  wifi: z.object({ ssid: z.string(), encryption: z.string(), hidden: z.boolean(), password: z.string() }).nullable(),
  payload: z.string().nullable(),
});


const stateOf = (allowed: boolean, w: { ssid: string; encryption: string; hidden?: boolean; password?: string } | undefined) => {
  const wifi = w ? { ssid: w.ssid, encryption: w.encryption, hidden: w.hidden ?? false, password: w.password ?? "" } : null;
  return { allowed, wifi, payload: wifi ? wifiPayload(wifi) : null };
};

export const wifiOf = storeCommand(StoreId, {}, async ({ store }) => {
  return stateOf(await storeMayUse(store, "wifi_qr"), store.wifi);
});

/** Saves the network; refused (409, like every subscription rule) when the plan has no Wi-Fi QR. Guests see it: the menu is republished. */
export const saveWifi = storeCommand(WifiInput, { publish: "store" }, async ({ store }, { store_id: _store, ...wifi }) => {
  if (!(await storeMayUse(store, "wifi_qr"))) throw new UserError("featureNotInPlan", 409);
  await Db().entities.store.patch({ company_id: store.company_id, store_id: store.store_id }).set({ wifi }).go();
  return stateOf(true, wifi);
});
