import { Entity } from "electrodb";
import { SERVICE, TARGET_TYPES } from "../shared/model";

/**
 * What one text (an item, category or promotion) adds to its store's translation facts, as last
 * counted (issue 31): the menu languages it lacks a current translation in, and those whose job
 * failed. Beside the record, so that counting does not touch the record's `updated_at`
 * (translation saves are conditioned on it). The facts worker (translation/facts-refresh.ts) counts
 * a changed text again and adds the difference to the store's facts in the same transaction.
 */
export const TextFactsEntity = new Entity({
  model: { entity: "textFacts", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    target_type: { type: TARGET_TYPES, required: true, readOnly: true },
    target_id: { type: "string", required: true, readOnly: true },
    missing: { type: "list", items: { type: "string" } },
    failed: { type: "list", items: { type: "string" } },
    /** Bumped by every count: a count conditioned on the version it read never overwrites a newer one. */
    version: { type: "number", required: true },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["target_type", "target_id"] },
    },
  },
});
