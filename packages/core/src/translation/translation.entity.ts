import { Entity } from "electrodb";
import { SERVICE, TRANSLATION_STATUSES, TRANSLATION_TARGETS, timestamps } from "../shared/model";

/**
 * The state of one translation job: an item or category into one language. The row is the job;
 * the queue only delivers it, so queued or in-progress rows are picked up again after a restart.
 */
export const TranslationEntity = new Entity({
  model: { entity: "translation", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    target_type: { type: ["Item", "Category", "Promotion"] as const, required: true, readOnly: true },
    target_id: { type: "string", required: true, readOnly: true },
    language: { type: TRANSLATION_TARGETS, required: true, readOnly: true },
    status: { type: TRANSLATION_STATUSES, required: true },
    error: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["target_type", "target_id", "language"] },
    },
    byTarget: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["target_id"] },
      sk: { field: "gsi1sk", composite: ["language"] },
    },
  },
});
