import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/**
 * Issue 36, point 7: one item of a chain's "same dish" group. Items copied between stores share an
 * origin (the first item's id); this row under the company and origin lists the group with one
 * Query ("also apply to N other stores"), without a table-wide GSI. Written by the menu copy for the
 * source item and its copy; a row whose item was deleted since is skipped when read.
 */
export const ItemOriginEntity = new Entity({
  model: { entity: "itemOrigin", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    origin_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    item_id: { type: "string", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byOrigin: {
      pk: { field: "pk", composite: ["company_id", "origin_id"] },
      sk: { field: "sk", composite: ["store_id", "item_id"] },
    },
  },
});
