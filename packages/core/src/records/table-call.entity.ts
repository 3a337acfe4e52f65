import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

export const CALL_KINDS = ["waiter", "bill"] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/**
 * A live table call (issue 36): open until staff take it, taken until they mark it done. A call that
 * ends (done, cancelled by the guest, closed after 30 minutes) is deleted: the analytics keep what
 * is counted of it (metric rows), so the store's calls are only live ones, oldest first (the id
 * begins with the creation time).
 * gsi1 holds a table's live calls for the guest page.
 */
export const TableCallEntity = new Entity({
  model: { entity: "tableCall", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    call_id: { type: "string", required: true, readOnly: true },
    table_position: { type: "number", required: true, readOnly: true },
    /** The table's name when the call was made (issue 48): the board shows it. */
    table_name: { type: "string", readOnly: true },
    kind: { type: CALL_KINDS, required: true, readOnly: true },
    note: { type: "string", default: "" },
    status: { type: ["open", "taken"] as const, required: true },
    created_at: { type: "string", required: true, readOnly: true },
    taken_at: { type: "string" },
    taken_by: { type: "string" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["call_id"] },
    },
    byTable: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["company_id", "store_id", "table_position"] },
      sk: { field: "gsi1sk", composite: ["call_id"] },
    },
  },
});

/**
 * One row per table that was ever called: the open call of each kind (at most one) and when the
 * table's last new call of each kind was made (a new one of that kind within a minute is refused;
 * the other kind is not held back: the bill may be asked for while the waiter is on the way, issue
 * 48). Written in the same transaction as the call, so two guests at one table cannot open two calls
 * of a kind.
 */
export const TableCallSlotEntity = new Entity({
  model: { entity: "tableCallSlot", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    table_position: { type: "number", required: true, readOnly: true },
    open_waiter: { type: "string" },
    open_bill: { type: "string" },
    last_waiter_at: { type: "string" },
    last_bill_at: { type: "string" },
  },
  indexes: {
    byTable: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["table_position"] },
    },
  },
});

/**
 * The calls version of a store, keyed by the store id alone: bumped in the transaction of every call
 * change, so the staff board's "anything new?" is one GetItem (it is the ETag). `live` counts the
 * live calls (a store has at most MAX_LIVE_CALLS); `company_id` lets the cheap check decide access.
 */
export const TableCallsVersionEntity = new Entity({
  model: { entity: "tableCallsVersion", version: "1", service: SERVICE },
  attributes: {
    store_id: { type: "string", required: true, readOnly: true },
    company_id: { type: "string", required: true },
    version: { type: "number", default: 0 },
    live: { type: "number", default: 0 },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
