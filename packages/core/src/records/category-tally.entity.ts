import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * A category's kept numbers (issue 31), beside the category so that bumping them does not touch
 * the category's `updated_at` (translation saves are conditioned on it):
 * - `next_position`: the position counter. A new item or promotion takes its position with one
 *   atomic ADD, so parallel creates never share a position and none reads the category's content.
 * - `content_count`: items (or promotions) in the category, changed in the same transaction as every
 *   create, move and delete.
 */
export const CategoryTallyEntity = new Entity({
  model: { entity: "categoryTally", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    category_id: { type: "string", required: true, readOnly: true },
    next_position: { type: "number" },
    content_count: { type: "number" },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["category_id"] },
    },
  },
});
