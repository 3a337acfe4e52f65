import { Entity } from "electrodb";
import { PLANS, SERVICE, SUBSCRIPTION_EVENTS, SUBSCRIPTION_STATUSES, timestamps } from "../shared/model";

/** A store's subscription to a plan for a period. */
export const SubscriptionEntity = new Entity({
  model: { entity: "subscription", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    subscription_id: { type: "string", required: true, readOnly: true },
    plan: { type: PLANS, required: true },
    status: { type: SUBSCRIPTION_STATUSES, required: true },
    starts_at: { type: "string" },
    ends_at: { type: "string" },
    invoice_id: { type: "string" },
    /** When it was paid (or, for the trial, granted): a queued plan never starts before that. */
    paid_at: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["subscription_id"] },
    },
  },
});

/** The subscription history of a store: added, activated, completed, deactivated. */
export const SubscriptionEventEntity = new Entity({
  model: { entity: "subscriptionEvent", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    at: { type: "string", required: true, readOnly: true },
    event_id: { type: "string", required: true, readOnly: true },
    subscription_id: { type: "string", required: true },
    event: { type: SUBSCRIPTION_EVENTS, required: true },
    plan: { type: PLANS, required: true },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["at", "event_id"] },
    },
  },
});

export const INVOICE_STATUSES = ["unpaid", "paid", "cancelled"] as const;

/** An invoice issued for a paid subscription; the operator (or a payment webhook) marks it paid. */
export const InvoiceEntity = new Entity({
  model: { entity: "invoice", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    invoice_id: { type: "string", required: true, readOnly: true },
    number: { type: "string", required: true },
    store_id: { type: "string", required: true },
    subscription_id: { type: "string", required: true },
    plan: { type: PLANS, required: true },
    amount: { type: "string", required: true },
    currency: { type: "string", required: true },
    period_start: { type: "string", required: true },
    period_end: { type: "string", required: true },
    status: { type: INVOICE_STATUSES, required: true },
    paid_at: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byCompany: {
      pk: { field: "pk", composite: ["company_id"] },
      sk: { field: "sk", composite: ["invoice_id"] },
    },
    /** The operator's list of invoices by status, newest first within a status. */
    byStatus: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["status"] },
      sk: { field: "gsi1sk", composite: ["created_at"] },
    },
  },
});
