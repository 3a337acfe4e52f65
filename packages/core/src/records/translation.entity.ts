import { Entity } from "electrodb";
import { SERVICE, TARGET_TYPES, TRANSLATION_STATUSES, TRANSLATION_TARGETS, timestamps } from "../shared/model";

/**
 * The state of one translation job: an item, category or promotion into one language. The row is
 * the job; the queue only delivers it, so queued or in-progress rows are picked up again after a
 * restart (see TranslationPendingEntity).
 */
export const TranslationEntity = new Entity({
  model: { entity: "translation", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    target_type: { type: TARGET_TYPES, required: true, readOnly: true },
    target_id: { type: "string", required: true, readOnly: true },
    language: { type: TRANSLATION_TARGETS, required: true, readOnly: true },
    status: { type: TRANSLATION_STATUSES, required: true },
    /** The reason of status error, shown in the admin panel. */
    error: { type: "string" },
    /** Deliveries that ended in a retryable engine error; past the limit the job ends in error. */
    attempts: { type: "number" },
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

/**
 * A store that has translation jobs queued or in progress: the scheduled job (and the local runtime
 * at start) reads these with one key query and re-sends jobs whose message was lost.
 */
export const TranslationPendingEntity = new Entity({
  model: { entity: "translationPending", version: "1", service: SERVICE },
  attributes: {
    partition: { type: "string", required: true, readOnly: true, default: () => "translate" },
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byPartition: {
      pk: { field: "pk", composite: ["partition"] },
      sk: { field: "sk", composite: ["company_id", "store_id"] },
    },
  },
});

/** Characters sent to the engine per store and calendar month (UTC), against the plan's cap. */
export const TranslationUsageEntity = new Entity({
  model: { entity: "translationUsage", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    /** "2026-11" */
    month: { type: "string", required: true, readOnly: true },
    chars: { type: "number" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["month"] },
    },
  },
});
