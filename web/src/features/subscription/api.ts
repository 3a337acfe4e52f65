/**
 * Data of the subscription screens (issue 8): queries of the subscription, plans, history, billing
 * details and invoices, adding and activating a plan, saving the billing details, marking an
 * invoice paid, and the message keys of plans, features, statuses and events.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { FEATURES, Plan } from "@menu/core/billing/plans";
import type { MessageId } from "@/i18n/catalogs";
import { api, isApiError, unwrap, type JsonBody, type SuccessBody } from "@/lib/api";
import { scopeKeys, type ActiveSubscription } from "@/lib/admin-scope";
import type { SessionUser } from "@/lib/session";

export type Feature = (typeof FEATURES)[number];
const plans = () => api.api.plans.$get();
export type PlanTable = SuccessBody<Awaited<ReturnType<typeof plans>>>;

export const subscriptionKeys = {
  plans: ["plans"] as const,
  history: (storeId: string) => [...scopeKeys.subscriptions, "history", storeId] as const,
  billing: (companyId: string) => ["billing", companyId] as const,
  invoices: (companyId: string) => ["invoices", companyId] as const,
};

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans,
    queryFn: () => unwrap(plans()),
    staleTime: 10 * 60_000,
  });

export type ActiveState = ActiveSubscription;
export type SubscriptionItem = ActiveState["subscriptions"][number];

const listHistory = (storeId: string) => api.api.subscription.history.$get({ query: { storeId } });
export type HistoryEvent = SuccessBody<Awaited<ReturnType<typeof listHistory>>>[number];

export const historyQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.history(storeId),
    queryFn: () => unwrap(listHistory(storeId)),
  });

export const billingQueryOptions = (companyId: string, enabled = true) =>
  queryOptions({
    queryKey: subscriptionKeys.billing(companyId),
    queryFn: () => unwrap(api.api.billing.$get({ query: { companyId } })),
    enabled,
  });

const listInvoices = (companyId: string) => api.api.invoices.$get({ query: { companyId } });
export type InvoiceItem = SuccessBody<Awaited<ReturnType<typeof listInvoices>>>[number];

export const invoicesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.invoices(companyId),
    queryFn: () => unwrap(listInvoices(companyId)),
  });

/** Saves the company's billing details; the answer goes into the billing cache. */
export function useSaveBilling(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Omit<JsonBody<typeof api.api.billing.$put>, "company_id">) => unwrap(api.api.billing.$put({ json: { company_id: companyId, ...values } })),
    meta: { silentError: true },
    onSuccess: (saved) => queryClient.setQueryData(subscriptionKeys.billing(companyId), saved),
  });
}

/** Reads again what a change of the store's subscriptions changes: its state and history, and the company's invoices. */
function useRefreshSubscription(storeId: string, companyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scopeKeys.activeSubscription(storeId) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.history(storeId) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.invoices(companyId) }),
    ]);
}

/**
 * Adds a paid plan to the store; a downgrade is refused (downgradeNeedsConfirmation, with the
 * features lost) until it is confirmed. The subscription is read again after, and after any other
 * 409 refusal (the state changed meanwhile).
 */
export function useAddSubscription(storeId: string, companyId: string) {
  const refresh = useRefreshSubscription(storeId, companyId);
  return useMutation({
    mutationFn: (input: Omit<JsonBody<typeof api.api.subscription.add.$post>, "storeId">) =>
      unwrap(api.api.subscription.add.$post({ json: { storeId, ...input } })),
    meta: { silentError: true },
    onSuccess: () => refresh(),
    onError: async (error) => {
      if (isApiError(error) && error.status === 409 && error.code !== "downgradeNeedsConfirmation") await refresh();
    },
  });
}

/** Activates a paid subscription (at once, or queued after the current one); the subscription is read again after. */
export function useActivateSubscription(storeId: string, companyId: string) {
  const refresh = useRefreshSubscription(storeId, companyId);
  return useMutation({
    mutationFn: (subscriptionId: string) => unwrap(api.api.subscription.activate.$post({ json: { storeId, subscriptionId } })),
    onSuccess: () => refresh(),
  });
}

/** "Open the menu now": preparation ends, the 14-day trial starts; the store's state is read again. */
export function useOpenMenuNow(storeId: string, companyId: string) {
  const refresh = useRefreshSubscription(storeId, companyId);
  return useMutation({
    mutationFn: () => unwrap(api.api.subscription["open-now"].$post({ json: { storeId } })),
    onSuccess: () => refresh(),
  });
}

/** The operator marks an invoice paid: the invoices and the subscriptions (now paid) are read again. */
export function useMarkInvoicePaid(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoice_id: string) => unwrap(api.api.invoices["mark-paid"].$post({ json: { company_id: companyId, invoice_id } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.invoices(companyId) }),
        queryClient.invalidateQueries({ queryKey: scopeKeys.subscriptions }),
      ]),
  });
}

export const invoicePdfHref = (companyId: string, invoiceId: string) =>
  `/api/invoices/pdf?${new URLSearchParams({ companyId, invoiceId }).toString()}`;

export const PLAN_NAMES: Record<Plan, MessageId> = {
  trial: "subscription.plan.trial",
  basic: "subscription.plan.basic",
  premium: "subscription.plan.premium",
  premium_unlimited: "subscription.plan.premium_unlimited",
};

export const FEATURE_NAMES: Record<Feature, MessageId> = {
  extra_languages: "subscription.feature.extra_languages",
  reviews_widget: "subscription.feature.reviews_widget",
  menu_export: "subscription.feature.menu_export",
  wifi_qr: "subscription.feature.wifi_qr",
  table_calls: "subscription.feature.table_calls",
};

export const STATUS_NAMES: Record<SubscriptionItem["status"], MessageId> = {
  unpaid: "subscription.status.unpaid",
  paid: "subscription.status.paid",
  available: "subscription.status.available",
  active: "subscription.status.active",
  completed: "subscription.status.completed",
  deactivated: "subscription.status.deactivated",
};

export const STATUS_TONE: Record<SubscriptionItem["status"], string> = {
  unpaid: "pill pill--wait",
  paid: "pill pill--ok",
  available: "pill pill--ok",
  active: "pill pill--ok",
  completed: "pill",
  deactivated: "pill pill--off",
};

export const EVENT_NAMES: Record<string, MessageId> = {
  added: "subscription.event.added",
  activated: "subscription.event.activated",
  completed: "subscription.event.completed",
  deactivated: "subscription.event.deactivated",
};

export const INVOICE_STATUS_NAMES: Record<string, MessageId> = {
  unpaid: "payments.status.unpaid",
  paid: "payments.status.paid",
  cancelled: "payments.status.cancelled",
};

export const isPlan = (plan: string): plan is Plan => plan in PLAN_NAMES;

/** Billing details and invoices belong to the company: admin and company manager only (a store manager gets not found). */
export const seesCompanyBilling = (user: SessionUser) => user.role === "admin" || user.role === "company_manager";
