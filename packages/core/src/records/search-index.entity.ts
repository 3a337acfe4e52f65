import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * One index term of a store's staff search: a word of an item's title or a category's name (in
 * any menu language; `kind` "w"), naming the item or category it leads to. A Query with begins_with on
 * `kind, term` finds the records whose words start with a query word.
 * The store's terms have a partition of their own, apart from its menu records.
 */
export const SearchIndexTermEntity = new Entity({
  model: { entity: "searchIndexTerm", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    kind: { type: ["w"] as const, required: true, readOnly: true },
    term: { type: "string", required: true, readOnly: true },
    ref_type: { type: ["item", "category"] as const, required: true, readOnly: true },
    ref_id: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byTerm: {
      pk: {
        field: "pk",
        composite: ["company_id", "store_id"],
        template: "$menu#search#company_id_${company_id}#store_id_${store_id}",
      },
      sk: { field: "sk", composite: ["kind", "term", "ref_type", "ref_id"] },
    },
  },
});

/** A store whose index was built (by `rebuildSearchIndex`) at this version of the terms. */
export const SearchIndexStateEntity = new Entity({
  model: { entity: "searchIndexState", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    version: { type: "number", required: true },
    built_at: { type: "string", required: true },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
