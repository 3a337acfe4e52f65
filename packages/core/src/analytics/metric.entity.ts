import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * Guest analytics as counters only: per store, day (in the store's time zone), metric and key
 * (table, item, language). No event rows, no identifiers, no personal data.
 */
export const MetricEntity = new Entity({
  model: { entity: "metric", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true },
    name: { type: ["menu_view", "qr_scan", "item_open", "cart_add", "language"] as const, required: true, readOnly: true },
    key: { type: "string", required: true, readOnly: true },
    count: { type: "number" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["day", "name", "key"] },
    },
  },
});
