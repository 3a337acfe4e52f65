import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * What a store holds, counted as it changes (issue 31): every create, move and delete of an item,
 * promotion, category or table changes these in the same transaction as its own write, so reading
 * them costs one GetItem whatever the store's size. `translations_*` are refreshed by the `facts`
 * worker (store/facts.ts) after translation work, because a text's staleness also changes with the
 * glossary and the store's languages. `recountStore` rebuilds all of them from the records.
 */
export const StoreFactsEntity = new Entity({
  model: { entity: "storeFacts", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    items: { type: "number" },
    /** Items with a photo. */
    photos: { type: "number" },
    categories: { type: "number" },
    promotions: { type: "number" },
    tables: { type: "number" },
    /** Texts (items, categories, promotions) missing a current translation in some menu language. */
    translations_missing: { type: "number" },
    /** Of them, per language. */
    missing_by_language: { type: "any" },
    translations_failed: { type: "number" },
    /** A translation refresh is on its way (requests coalesce into it). */
    refresh_queued: { type: "boolean" },
    refresh_queued_at: { type: "string" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
