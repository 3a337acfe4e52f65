/**
 * settings/stores: the company's list of stores, each with where it stands in the subscription
 * lifecycle, and new stores. A store's own settings are store-settings.ts.
 */
import { z } from "zod";
import { companyHasUnpaid } from "../billing/subscription";
import { requestPublish } from "../publish/request";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { PLANS } from "../shared/model";
import { assertCanManageCompany } from "../shared/policy";
import { NewStoreForm } from "../store/schemas";
import { createStore, storeById, storesOfCompany, type StoreRecord } from "../store/store";
import { factsOf } from "../store/facts";
import { newStoreLanguages } from "../billing/gate";
import { phaseOf, startPreparation, subscriptionsOf } from "../billing/lifecycle";

/** What settings/stores shows per store: where it stands in the subscription lifecycle. */
export const StoreSummary = z.object({
  id: z.string(),
  name: z.string(),
  url_key: z.string(),
  status: z.enum(["preparation", "active", "hidden"]),
  plan: z.enum(PLANS).optional(),
  preparation_ends_at: z.string().optional(),
  ends_at: z.string().optional(),
  created_at: z.string(),
  /** Items on its menu (the kept count): a store to copy a menu from has some (issue 50). */
  items: z.number().int(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

async function summaryOf(store: StoreRecord, now: Date): Promise<StoreSummary> {
  const [subs, facts] = await Promise.all([subscriptionsOf(store), factsOf(store)]);
  const { phase, active } = phaseOf(store.preparation_ends_at, subs, now);
  return {
    id: store.store_id,
    name: store.name,
    url_key: store.url_key,
    status: phase,
    plan: active?.plan,
    preparation_ends_at: phase === "preparation" ? store.preparation_ends_at : undefined,
    ends_at: active?.ends_at,
    created_at: store.created_at,
    items: facts.items ?? 0,
  };
}

/** settings/stores: admin and company manager (SPEC section 6); others are told "not found". */
export const companyStores = fn(z.string().min(1).max(64), async (company_id) => {
  assertCanManageCompany(company_id);
  const now = clock.now();
  const stores = await storesOfCompany(company_id);
  const list = await Promise.all(stores.map((s) => summaryOf(s, now)));
  return list.sort((a, b) => a.created_at.localeCompare(b.created_at));
});

export const CreateCompanyStore = NewStoreForm.extend({ company_id: z.string().min(1).max(64) });

/**
 * A new store of the company (SPEC section 5: only when every paid subscription is paid). It starts
 * like a registered one: 3 days of preparation with the menu hidden, then the trial.
 */
export const createCompanyStore = fn(CreateCompanyStore, async ({ company_id, name, url_key }) => {
  assertCanManageCompany(company_id);
  if (await companyHasUnpaid(company_id)) throw new UserError("unpaidBlocksNewStore", 409);
  const store = await createStore({ company_id, name, url_key, languages: newStoreLanguages() });
  await startPreparation(store);
  await requestPublish(store);
  return summaryOf(await storeById(store.store_id), clock.now());
});
