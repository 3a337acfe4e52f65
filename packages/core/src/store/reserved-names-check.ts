/**
 * The data check of issue 49, point 3: companies and stores that took a URL name before it became
 * reserved (shared/reserved-names.ts) are named in the log, once per table and list (a new reserved
 * name runs the check again), by the scheduled jobs: the local runtime's start, the cloud's tick.
 * Nothing is renamed: the owner is asked to pick another name (the name is in printed QR codes).
 */
import { createHash } from "node:crypto";
import { Db } from "../db/service";
import { isReservedUrlName, MISLEADING_NAMES, ROUTE_NAMES } from "../shared/reserved-names";
import { onceForEveryStore } from "./every-store";

const LIST = createHash("sha256").update([...ROUTE_NAMES, ...MISLEADING_NAMES].join()).digest("hex").slice(0, 12);

/** Logs each store whose own or whose company's URL name is reserved; answers how many. */
export const reportReservedNames = () =>
  onceForEveryStore(`reserved-url-names-${LIST}`, async (keys) => {
    const e = Db().entities;
    const [{ data: company }, { data: store }] = await Promise.all([e.company.get({ company_id: keys.company_id }).go(), e.store.get(keys).go()]);
    const reserved = [company && isReservedUrlName(company.url_key) && `company URL name "${company.url_key}"`, store && isReservedUrlName(store.url_key) && `store URL name "${store.url_key}"`].filter(Boolean);
    if (!reserved.length) return false;
    console.warn(`Reserved URL name in use (store ${keys.store_id} of company ${keys.company_id}): ${reserved.join(", ")}; its guests' links may not reach it. Ask the owner to choose another in the settings.`);
    return true;
  });
