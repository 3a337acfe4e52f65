import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { PLANS, SUBSCRIPTION_STATUSES } from "../shared/model";
import { assertCanManageCompany, assertPlatformAdmin, storeKeys } from "../shared/policy";
import { storeCommand } from "../command/store-command";
import type { StoreRecord } from "../store/store";
import { isConditionFailure } from "../shared/conflict";
import { billingComplete } from "./schemas";
import { featurePlan } from "./gate";
import { activate, advanceStore, historyOf, phaseOf, subscriptionsOf, type Subscription } from "./lifecycle";
import { FEATURES, PAID_PLANS, PLAN_CONFIG, SWITCH_COOLDOWN_MONTHS, addMonths, featuresLost, planAllows, type PaidPlan } from "./plans";

export const SubscriptionInfo = z.object({
  id: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  starts_at: z.string().optional(),
  ends_at: z.string().optional(),
  paid_at: z.string().optional(),
  invoice_id: z.string().optional(),
  created_at: z.string(),
});

type SubscriptionRecord = Awaited<ReturnType<typeof subscriptionsOf>>[number];
const toInfo = (s: SubscriptionRecord): z.infer<typeof SubscriptionInfo> => ({
  id: s.subscription_id,
  plan: s.plan,
  status: s.status,
  starts_at: s.starts_at,
  ends_at: s.ends_at,
  paid_at: s.paid_at,
  invoice_id: s.invoice_id,
  created_at: s.created_at,
});

/** GET /api/subscription/active: where the store stands and what the subscription screens need. */
export const ActiveSubscription = z.object({
  phase: z.enum(["preparation", "active", "hidden"]),
  preparation_ends_at: z.string().optional(),
  active: SubscriptionInfo.optional(),
  subscriptions: z.array(SubscriptionInfo),
  features: z.record(z.enum(FEATURES), z.boolean()),
  languages: z.array(z.string()),
  next_switch_at: z.string().optional(),
  /** The paid plan the store has or last had: adding it again renews it, which no cooldown blocks. */
  renewal_plan: z.enum(PAID_PLANS).optional(),
  switch_blocked_by_unpaid: z.boolean(),
});

/** What the subscription calls use of the store (spread into their records): its keys and preparation. */
const subscribed = (store: StoreRecord) => ({ ...storeKeys(store), preparation_ends_at: store.preparation_ends_at });

/**
 * After a switch (a paid plan added that differs from the one added before it), the next switch is
 * possible 3 months later. Renewing the same plan is not a switch.
 */
async function nextSwitchAt(keys: { company_id: string; store_id: string }) {
  const added = (await historyOf(keys)).filter((e) => e.event === "added" && e.plan !== "trial");
  const last = added.filter((e, i) => e.plan !== added[i - 1]?.plan).at(-1);
  return last ? addMonths(new Date(last.at), SWITCH_COOLDOWN_MONTHS).toISOString() : undefined;
}

/** The paid plan the store has, or last had (a trial is not one). */
function renewalPlan(preparation_ends_at: string | undefined, subs: Subscription[], now: Date): PaidPlan | undefined {
  const active = phaseOf(preparation_ends_at, subs, now).active?.plan;
  const last =
    active ??
    subs
      .filter((s) => s.plan !== "trial" && s.status !== "unpaid" && s.status !== "deactivated")
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .at(-1)?.plan;
  return last && last !== "trial" ? last : undefined;
}

export const activeSubscription = storeCommand(z.string().min(1), {}, async (ctx) => {
  const store = subscribed(ctx.store);
  const subs = await subscriptionsOf(store);
  const now = clock.now();
  const { phase, active } = phaseOf(store.preparation_ends_at, subs, now);
  const next = await nextSwitchAt(store);
  const plan = featurePlan(phase, active);
  return ActiveSubscription.parse({
    phase,
    preparation_ends_at: store.preparation_ends_at,
    active: active && toInfo(active),
    subscriptions: subs.sort((a, b) => a.created_at.localeCompare(b.created_at)).map(toInfo),
    features: Object.fromEntries(FEATURES.map((f) => [f, planAllows(plan, f)])),
    languages: plan ? [...PLAN_CONFIG[plan].languages] : ["ru"],
    next_switch_at: next && next > now.toISOString() ? next : undefined,
    renewal_plan: renewalPlan(store.preparation_ends_at, subs, now),
    switch_blocked_by_unpaid: subs.some((s) => s.status === "unpaid"),
  });
});

export const subscriptionHistory = storeCommand(z.string().min(1), {}, async (ctx) => {
  const store = subscribed(ctx.store);
  return (await historyOf(store)).map(({ at, event, plan, subscription_id }) => ({ at, event, plan, subscription_id }));
});

export const AddSubscription = z.object({
  storeId: z.string().min(1),
  plan: z.enum(PAID_PLANS),
  confirm_downgrade: z.boolean().default(false),
});

/**
 * Adds a paid plan to a store (a switch): billing details first, nothing unpaid, 3 months after the
 * previous switch, a downgrade only when confirmed. Issues the invoice; the plan starts once paid.
 */
export const addSubscription = storeCommand(AddSubscription, {}, async (ctx, { plan, confirm_downgrade }) => {
  const store = subscribed(ctx.store);
  const now = clock.now();
  const { data: billing } = await Db().entities.billing.get({ company_id: store.company_id }).go();
  // Details that fail today's rules are as good as none: nothing invalid is printed on an invoice.
  if (!billing || !billingComplete(billing)) throw new UserError("billingRequired", 409);
  const subs = await subscriptionsOf(store);
  if (subs.some((s) => s.status === "unpaid")) throw new UserError("unpaidBlocksSwitch", 409);
  // Switching away from the plan the store has, or last had, is what the cooldown and a downgrade are about.
  const current = renewalPlan(store.preparation_ends_at, subs, now);
  const lost = current ? featuresLost(current, plan) : [];
  if (plan !== current) {
    const next = await nextSwitchAt(store);
    if (next && next > now.toISOString()) throw new UserError("switchCooldown", 409, { next_switch_at: next });
    if (current && PLAN_CONFIG[plan].rank < PLAN_CONFIG[current].rank && !confirm_downgrade) {
      throw new UserError("downgradeNeedsConfirmation", 409, { features_lost: lost });
    }
  }

  const subscription_id = randomUUID();
  const invoice_id = randomUUID();
  const start = now;
  const end = addMonths(start, 1);
  const number = `INV-${now.toISOString().slice(0, 7).replace("-", "")}-${invoice_id.slice(0, 6).toUpperCase()}`;
  await Db()
    .transaction.write(({ subscription, invoice, subscriptionEvent }) => [
      subscription.create({ ...store, subscription_id, plan, status: "unpaid", invoice_id }).commit(),
      invoice
        .create({
          company_id: store.company_id,
          invoice_id,
          number,
          store_id: store.store_id,
          subscription_id,
          plan,
          amount: PLAN_CONFIG[plan].price,
          currency: "BYN",
          period_start: start.toISOString(),
          period_end: end.toISOString(),
          status: "unpaid",
        })
        .commit(),
      subscriptionEvent
        .create({ ...store, at: now.toISOString(), event_id: randomUUID(), subscription_id, plan, event: "added" })
        .commit(),
    ])
    .go()
    .then((r) => {
      if (r.canceled) throw new UserError("subscriptionAddFailed", 409);
    });
  return { subscription_id, invoice_id, number, features_lost: lost };
});

/**
 * Activates a paid subscription: at once when nothing paid is running (a trial or preparation ends),
 * otherwise it is queued ("available") and starts when the current period ends.
 */
export const activateSubscription = storeCommand(z.object({ storeId: z.string().min(1), subscriptionId: z.string().min(1) }), { publish: "named" }, async (ctx, { subscriptionId }) => {
  const store = subscribed(ctx.store);
  const now = clock.now();
  const subs = await subscriptionsOf(store);
  const sub = subs.find((s) => s.subscription_id === subscriptionId);
  if (!sub) throw new UserError("storeCannotActivate", 404);
  if (sub.status !== "paid") throw new UserError("subscriptionActivateFailed", 409);
  const running = phaseOf(store.preparation_ends_at, subs, now).active;
  if (running && running.plan !== "trial") {
    await Db().entities.subscription.patch({ ...store, subscription_id: subscriptionId }).set({ status: "available" }).where((a, op) => op.eq(a.status, "paid")).go();
    return { status: "available" as const };
  }
  if (running) {
    // A paid plan replaces the trial from now on.
    await Db().entities.subscription.patch({ ...store, subscription_id: running.subscription_id }).set({ status: "deactivated", ends_at: now.toISOString() }).go();
    await Db().entities.subscriptionEvent.create({ ...store, at: now.toISOString(), event_id: randomUUID(), subscription_id: running.subscription_id, plan: running.plan, event: "deactivated" }).go();
  }
  if (!(await activate(store, sub, now))) throw new UserError("subscriptionActivateFailed", 409);
  // Ends preparation for good and republishes the (now open) menu.
  if (store.preparation_ends_at && store.preparation_ends_at > now.toISOString()) {
    await Db().entities.store.patch(store).set({ preparation_ends_at: now.toISOString() }).go();
  }
  if (!(await advanceStore(store, now))) ctx.publish();
  return { status: "active" as const };
});

/**
 * "Open the menu now" (PRODUCT.md): during preparation, the owner starts the 14-day trial at once.
 * Preparation ends now and the lifecycle takes it from there exactly as when the days run out (the
 * trial added and activated, its history, its end looked at, the menu published open). Refused once
 * anything was activated: the trial is a store's first period only.
 */
export const openMenuNow = storeCommand(z.object({ storeId: z.string().min(1) }), {}, async (ctx) => {
  const store = subscribed(ctx.store);
  const now = clock.now();
  const subs = await subscriptionsOf(store);
  if (phaseOf(store.preparation_ends_at, subs, now).phase !== "preparation" || subs.some((s) => s.plan === "trial" || s.starts_at)) {
    throw new UserError("trialNotAvailable", 409);
  }
  try {
    // Only the preparation read here: a second click (or the scheduler) meanwhile changes nothing twice.
    await Db().entities.store.patch(store).set({ preparation_ends_at: now.toISOString() }).where((a, op) => op.eq(a.preparation_ends_at, store.preparation_ends_at!)).go();
  } catch (error) {
    if (isConditionFailure(error)) throw new UserError("trialNotAvailable", 409);
    throw error;
  }
  await advanceStore(store, now);
  const trial = phaseOf(now.toISOString(), await subscriptionsOf(store), now).active;
  if (trial?.plan !== "trial") throw new UserError("trialNotAvailable", 409);
  return { ends_at: trial.ends_at! };
});

/**
 * Marks an invoice paid (the operator, or a verified payment webhook) and its subscription with it.
 * Paying twice changes nothing.
 */
export const markInvoicePaid = fn(z.object({ company_id: z.string().min(1), invoice_id: z.string().min(1) }), async ({ company_id, invoice_id }) => {
  assertPlatformAdmin();
  const { data: invoice } = await Db().entities.invoice.get({ company_id, invoice_id }).go();
  if (!invoice) throw new UserError("notFound", 404);
  if (invoice.status === "paid") return { already_paid: true };
  const paid_at = clock.now().toISOString();
  await Db()
    .transaction.write(({ invoice: inv, subscription }) => [
      inv.patch({ company_id, invoice_id }).set({ status: "paid", paid_at }).where((a, op) => op.eq(a.status, "unpaid")).commit(),
      subscription
        .patch({ company_id, store_id: invoice.store_id, subscription_id: invoice.subscription_id })
        .set({ status: "paid", paid_at })
        .where((a, op) => op.eq(a.status, "unpaid"))
        .commit(),
    ])
    .go()
    .then((r) => {
      if (r.canceled) throw new UserError("requestFailed", 409);
    });
  return { already_paid: false };
});

/** True when every paid subscription of the company is paid (a new store may be created). */
export async function companyHasUnpaid(company_id: string) {
  const { data } = await Db().entities.invoice.query.byCompany({ company_id }).go({ pages: "all" });
  return data.some((i) => i.status === "unpaid");
}

export const InvoiceInfo = z.object({
  id: z.string(),
  number: z.string(),
  store_id: z.string(),
  subscription_id: z.string(),
  plan: z.enum(PLANS),
  amount: z.string(),
  currency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(["unpaid", "paid", "cancelled"]),
  paid_at: z.string().optional(),
  created_at: z.string(),
});

type InvoiceRecord = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof Db>["entities"]["invoice"]["get"]>["go"]>>["data"]>;
const toInvoice = ({ invoice_id, company_id: _, updated_at: __, ...i }: InvoiceRecord): z.infer<typeof InvoiceInfo> => ({ id: invoice_id, ...i });

/** subscription/payments: the company's invoices, newest first. */
export const invoicesOf = fn(z.string().min(1), async (company_id) => {
  assertCanManageCompany(company_id);
  const { data } = await Db().entities.invoice.query.byCompany({ company_id }).go({ pages: "all" });
  return data.sort((a, b) => b.created_at.localeCompare(a.created_at)).map(toInvoice);
});
