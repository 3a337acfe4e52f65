import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * What a store holds, counted as it changes (issue 31): every create, move and delete of an item,
 * promotion, category or table changes these in the same transaction as its own write, so reading
 * them costs one GetItem whatever the store's size. `translations_*` and `missing_by_language` are
 * kept by the facts worker (translation/facts-refresh.ts): it counts the texts a change named again
 * and adds the difference; a new glossary or new languages (`counted_for`) make it count every text.
 * `recountStore` rebuilds the other counts from the records.
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
    missing_by_language: {
      type: "map",
      properties: { en: { type: "number" }, zh: { type: "number" }, ar: { type: "number" }, tr: { type: "number" }, fr: { type: "number" } },
    },
    translations_failed: { type: "number" },
    /** A translation refresh is on its way (requests coalesce into it). */
    refresh_queued: { type: "boolean" },
    refresh_queued_at: { type: "string" },
    /** Texts changed since the last count ("Item#id"), counted again by the next refresh. */
    refresh_targets: { type: "set", items: "string" },
    /** Too many texts changed at once to name (an import): the next refresh counts every text. */
    refresh_all: { type: "boolean" },
    /** A facts refresh runs until then (one per store at a time). */
    refresh_lease_until: { type: "string" },
    /** The languages and glossary the translation facts were counted for; another set makes the worker count every text. */
    counted_for: { type: "string" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
