import { Entity } from "electrodb";
import { CATEGORY_TYPES, DAYS, SECTIONS, SERVICE, timestamps, translationsAttribute } from "../shared/model";

/**
 * A category or supercategory (parent_id empty) of one menu section. Categories nest one level.
 * The schedule is evaluated in the store's time zone; end before start spans midnight.
 */
export const CategoryEntity = new Entity({
  model: { entity: "category", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    category_id: { type: "string", required: true, readOnly: true },
    section: { type: SECTIONS, required: true },
    type: { type: CATEGORY_TYPES, required: true },
    name: { type: "string", required: true },
    icon: { type: "string", default: "" },
    parent_id: { type: "string", default: "" },
    position: { type: "number", default: 0 },
    visible: { type: "boolean", default: true },
    schedule: {
      type: "map",
      properties: {
        enabled: { type: "boolean", required: true },
        days: { type: "set", items: DAYS },
        start: { type: "string", required: true },
        end: { type: "string", required: true },
      },
    },
    translations: translationsAttribute,
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["category_id"] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["category_id"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
