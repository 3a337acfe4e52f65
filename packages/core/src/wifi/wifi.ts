/** settings/wifi (issue 6): the store's Wi-Fi network, a premium feature (SPEC.md section 6). */
import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { managedStore } from "../shared/policy";
import { requestPublish } from "../publish/request";
import { storeMayUse } from "../subscription/gate";
import { wifiPayload, WifiInput } from "./payload";

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

export const wifiOf = fn(z.string().min(1).max(64), async (store_id) => {
  const store = await managedStore(store_id);
  return stateOf(await storeMayUse(store, "wifi_qr"), store.wifi);
});

/** Saves the network; refused (409, like every subscription rule) when the plan has no Wi-Fi QR. Guests see it: the menu is republished. */
export const saveWifi = fn(WifiInput, async ({ store_id, ...wifi }) => {
  const store = await managedStore(store_id);
  if (!(await storeMayUse(store, "wifi_qr"))) throw new UserError("featureNotInPlan", 409);
  await Db().entities.store.patch({ company_id: store.company_id, store_id: store.store_id }).set({ wifi }).go();
  await requestPublish({ company_id: store.company_id, store_id: store.store_id });
  return stateOf(true, wifi);
});
