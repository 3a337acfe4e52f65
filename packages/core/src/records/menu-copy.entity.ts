import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

export const COPY_STATUSES = ["planning", "ready", "copying", "undoing", "done", "failed"] as const;
export const COPY_PRICES = ["keep", "source"] as const;

/**
 * One menu copy between stores of a company (issue 36, point 6); the row is the job, the `copy`
 * queue only delivers it (chains/menu-copy-worker.ts). Planning writes `preview`; once confirmed
 * the copy runs chunk by chunk, `done` of `total` source items (written after every batch of a
 * chunk, so it moves about every second), and ends done, or undoing and then
 * failed with everything it wrote undone. Copy ids sort by time, so the store's latest copy is one Query.
 */
export const MenuCopyEntity = new Entity({
  model: { entity: "menuCopy", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    copy_id: { type: "string", required: true, readOnly: true },
    source_store_id: { type: "string", required: true, readOnly: true },
    status: { type: COPY_STATUSES, required: true },
    /** The preview's counts as JSON (menu-copy-plan.ts `CopyPreview`), once planned. */
    preview: { type: "string" },
    prices: { type: COPY_PRICES },
    done: { type: "number", default: 0 },
    total: { type: "number", default: 0 },
    created: { type: "number", default: 0 },
    updated: { type: "number", default: 0 },
    /** Deliveries that failed in a row (a chunk copied through resets it); at the limit the copy fails. */
    attempts: { type: "number", default: 0 },
    /** Held by the delivery at work, so a message sent again never runs beside it. */
    lease_until: { type: "string" },
    /** The error code (shared/errors) a failed copy ends with. */
    error: { type: "string" },
    expiresAt: { type: "number", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["copy_id"] },
    },
  },
});

/**
 * What one chunk of a copy wrote, written before the chunk's writes: the ids it creates, the
 * target items' values it overwrites (JSON) and the photos it copies. A failed copy undoes its
 * chunks from the last to the first (a retried chunk has a row per attempt), so nothing is left
 * half-written.
 */
export const MenuCopyUndoEntity = new Entity({
  model: { entity: "menuCopyUndo", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    copy_id: { type: "string", required: true, readOnly: true },
    /** `{from}-{delivery time}`, padded: sorts in the order the chunks were written. */
    step: { type: "string", required: true, readOnly: true },
    items: { type: "list", items: { type: "string" }, default: () => [] },
    categories: { type: "list", items: { type: "string" }, default: () => [] },
    glossary: { type: "list", items: { type: "string" }, default: () => [] },
    photos: { type: "list", items: { type: "string" }, default: () => [] },
    /** The overwritten items as they were, JSON. */
    before: { type: "string", default: "[]" },
    expiresAt: { type: "number", required: true, readOnly: true },
  },
  indexes: {
    byCopy: {
      pk: { field: "pk", composite: ["company_id", "store_id", "copy_id"] },
      sk: { field: "sk", composite: ["step"] },
    },
  },
});
