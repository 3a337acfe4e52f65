import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * When a store's lifecycle next needs a look (end of preparation, end of the active period). The
 * scheduled job reads the rows that are due with one key query, advances each store and deletes
 * the row; a row left behind by a crash is simply processed again (the transition is idempotent).
 */
export const LifecycleDueEntity = new Entity({
  model: { entity: "lifecycleDue", version: "1", service: SERVICE },
  attributes: {
    partition: { type: "string", required: true, readOnly: true, default: () => "lifecycle" },
    due_at: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    company_id: { type: "string", required: true },
  },
  indexes: {
    byDue: {
      pk: { field: "pk", composite: ["partition"] },
      sk: { field: "sk", composite: ["due_at", "store_id"] },
    },
  },
});
