/**
 * The plan gate: which plan's features apply to a store now, and whether it may use a premium
 * feature. Apart from the subscription calls (subscription.ts), so the modules that gate a feature
 * depend only on the lifecycle, not on billing and invoices.
 */
import { clock } from "../shared/clock";
import { phaseOf, subscriptionsOf, type Phase, type Subscription } from "./lifecycle";
import { FEATURES, PLAN_CONFIG, planAllows, type Plan } from "./plans";

/** The plan whose features apply: during preparation staff set everything up with the trial's (premium) ones. */
export const featurePlan = (phase: Phase, active: Subscription | undefined) => (phase === "preparation" ? "trial" : active?.plan);

/**
 * The menu languages a new store starts with (issue 33): every one its plan allows. A new store is in
 * preparation, which has the trial's features (`featurePlan`), so the trial's. Set where a store is created; the entity's default (the source
 * language only) stays for stores made any other way.
 */
export const newStoreLanguages = () => [...PLAN_CONFIG.trial.languages];

type GatedStore = { company_id: string; store_id: string; preparation_ends_at?: string };

/** The plan whose features and limits apply to the store now (none when its menu is hidden). */
export async function storePlan(store: GatedStore): Promise<Plan | undefined> {
  const { phase, active } = phaseOf(store.preparation_ends_at, await subscriptionsOf(store), clock.now());
  return featurePlan(phase, active);
}

/** May the store use a premium feature now? The one gate every premium call goes through. */
export async function storeMayUse(store: GatedStore, feature: (typeof FEATURES)[number]) {
  return planAllows(await storePlan(store), feature);
}
