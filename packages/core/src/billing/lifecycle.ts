import { randomUUID } from "node:crypto";
import { Db } from "../db/service";
import { requestPublish } from "../publish/request";
import { clock } from "../shared/clock";
import { PERIOD_MONTHS, PREPARATION_DAYS, TRIAL_DAYS, addDays, addMonths, type Plan } from "./plans";
import { isConditionFailure } from "../shared/conflict";

export type Subscription = Awaited<ReturnType<typeof subscriptionsOf>>[number];
type StoreKeys = { company_id: string; store_id: string };

export async function subscriptionsOf({ company_id, store_id }: StoreKeys) {
  const { data } = await Db().entities.subscription.query.byStore({ company_id, store_id }).go({ pages: "all" });
  return data;
}

export type Phase = "preparation" | "active" | "hidden";

/**
 * Where a store stands at `now` (PRODUCT.md lifecycle): an active subscription whose period covers
 * now opens the menu; before that, the preparation period hides it from guests; otherwise hidden.
 */
export function phaseOf(preparation_ends_at: string | undefined, subs: Subscription[], now: Date) {
  const iso = now.toISOString();
  const active = subs.find((s) => s.status === "active" && (!s.starts_at || s.starts_at <= iso) && (!s.ends_at || iso < s.ends_at));
  if (active) return { phase: "active" as Phase, active };
  if (preparation_ends_at && iso < preparation_ends_at) return { phase: "preparation" as Phase, active: undefined };
  return { phase: "hidden" as Phase, active: undefined };
}

/**
 * Registration starts 3 days of preparation; the scheduler looks again when they end. Guests who
 * open the menu meanwhile get the published "being prepared" notice, not a missing page.
 */
export async function startPreparation(store: StoreKeys, now = clock.now()) {
  const preparation_ends_at = addDays(now, PREPARATION_DAYS).toISOString();
  await Db().entities.store.patch(store).set({ preparation_ends_at }).go();
  await scheduleLook(store, preparation_ends_at);
  await requestPublish(store);
  return preparation_ends_at;
}

const scheduleLook = (store: StoreKeys, due_at: string) =>
  Db().entities.lifecycleDue.put({ ...store, due_at }).go();

async function recordEvent(store: StoreKeys, sub: { subscription_id: string; plan: Plan }, event: "added" | "activated" | "completed" | "deactivated", at: string) {
  await Db().entities.subscriptionEvent.put({ ...store, at, event_id: randomUUID(), subscription_id: sub.subscription_id, plan: sub.plan, event }).go();
}

/** Moves one subscription from one of `from` to `status`; false when another run got there first. */
async function transition(store: StoreKeys, subscription_id: string, from: Subscription["status"][], set: Partial<Pick<Subscription, "status" | "starts_at" | "ends_at">>) {
  try {
    await Db()
      .entities.subscription.patch({ ...store, subscription_id })
      .set(set)
      .where((attr, op) => `(${from.map((s) => op.eq(attr.status, s)).join(" OR ")})`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Starts a subscription at `start` for one period (trial: 14 days; paid plans: a month). */
export async function activate(store: StoreKeys, sub: Subscription, start: Date) {
  const starts_at = start.toISOString();
  const ends_at = (sub.plan === "trial" ? addDays(start, TRIAL_DAYS) : addMonths(start, PERIOD_MONTHS)).toISOString();
  if (!(await transition(store, sub.subscription_id, ["paid", "available"], { status: "active", starts_at, ends_at }))) return false;
  await recordEvent(store, sub, "activated", starts_at);
  await scheduleLook(store, ends_at);
  return true;
}

/**
 * Brings one store's subscriptions up to `now`, replaying what should have happened while nothing
 * ran (a trial starts when preparation ended, the next plan when the previous one ended). Idempotent
 * and safe to run concurrently: every change is a conditional write, so a second run finds nothing
 * left to do. Returns whether anything guests see changed, and queues the store's publish if so.
 */
export async function advanceStore(store: StoreKeys, now = clock.now()) {
  let changed = false;
  // Each step makes one transition; a long downtime may need several (trial started and ended).
  for (let step = 0; step < 12 && (await advanceOnce(store, now)); step++) changed = true;
  if (changed) await requestPublish(store);
  return changed;
}

async function advanceOnce(store: StoreKeys, now: Date) {
  const iso = now.toISOString();
  const { data: record } = await Db().entities.store.get(store).go();
  if (!record) return false;
  const subs = await subscriptionsOf(store);

  const ended = subs.find((s) => s.status === "active" && s.ends_at && s.ends_at <= iso);
  if (ended) {
    if (!(await transition(store, ended.subscription_id, ["active"], { status: "completed" }))) return false;
    await recordEvent(store, ended, "completed", ended.ends_at!);
    return true;
  }
  if (subs.some((s) => s.status === "active")) return false;

  // Uncovered since the last period ended (or since preparation ended).
  const lastEnd = subs
    .filter((s) => s.status === "completed" && s.ends_at)
    .map((s) => s.ends_at!)
    .sort()
    .at(-1);
  const next = subs
    .filter((s) => s.status === "available" || s.status === "paid")
    .sort((a, b) => a.created_at.localeCompare(b.created_at))[0];
  if (next) {
    // Not before it was paid, not before the previous period ended, never in the future.
    const start = [lastEnd, next.paid_at ?? iso].filter((d): d is string => !!d).sort().at(-1)!;
    return activate(store, next, new Date(start < iso ? start : iso));
  }
  // The trial is for a store that never had anything activated (activating ends preparation early).
  const prep = record.preparation_ends_at;
  if (prep && prep <= iso && !subs.some((s) => s.plan === "trial" || s.starts_at)) return startTrial(store, new Date(prep));
  return false;
}

/** Nothing activated during preparation: a 14-day trial starts by itself (once per store). */
async function startTrial(store: StoreKeys, start: Date) {
  const subscription_id = `trial-${store.store_id}`;
  try {
    await Db()
      .entities.subscription.create({ ...store, subscription_id, plan: "trial", status: "paid", paid_at: start.toISOString() })
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await recordEvent(store, { subscription_id, plan: "trial" }, "added", start.toISOString());
  const [trial] = (await subscriptionsOf(store)).filter((s) => s.subscription_id === subscription_id);
  return activate(store, trial!, start);
}

/** The scheduled job: every store whose next look is due, oldest first; catches up after downtime. */
export async function runLifecycle(now = clock.now()) {
  const { data } = await Db()
    .entities.lifecycleDue.query.byDue({ partition: "lifecycle" })
    .lte({ due_at: now.toISOString() })
    .go({ pages: "all" });
  for (const due of data) {
    await advanceStore(due, now);
    await Db().entities.lifecycleDue.delete(due).go();
  }
  return data.length;
}

// At one instant a period ends (completed, or deactivated by a switch) before the next is activated.
const EVENT_ORDER = ["added", "completed", "deactivated", "activated"];

/** The store's subscription history, oldest first; events of one moment in lifecycle order. */
export async function historyOf(store: StoreKeys) {
  const { data } = await Db().entities.subscriptionEvent.query.byStore(store).go({ pages: "all" });
  return data.sort((a, b) => a.at.localeCompare(b.at) || EVENT_ORDER.indexOf(a.event) - EVENT_ORDER.indexOf(b.event));
}
