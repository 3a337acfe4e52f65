import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/** What is counted (issue 13; `call` and `call_wait`: table calls, issue 36, analytics/call-waits.ts). `menu_view` is counted per hour of the day (key `00`…`23`), so the
 * same rows give the views per day and the weekday × hour heatmap. */
export const METRIC_NAMES = ["menu_view", "qr_scan", "item_open", "cart_add", "language", "search_miss", "call", "call_wait"] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/**
 * Guest analytics as counters only: per store, shard, day (in the store's time zone), metric and key
 * (hour, table position, item id, language, normalised search term). No event rows, no identifiers,
 * no personal data. A busy store spreads its writes over a few shards (`shard` 0…METRIC_SHARDS-1,
 * each its own partition); reads query every shard and add them up. `expiresAt` (epoch seconds,
 * the table's TTL attribute) removes a counter 400 days after its day.
 */
export const MetricEntity = new Entity({
  model: { entity: "metric", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    shard: { type: "number", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true },
    name: { type: METRIC_NAMES, required: true, readOnly: true },
    key: { type: "string", required: true, readOnly: true },
    count: { type: "number" },
    expiresAt: { type: "number" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id", "shard"] },
      sk: { field: "sk", composite: ["day", "name", "key"] },
    },
  },
});
