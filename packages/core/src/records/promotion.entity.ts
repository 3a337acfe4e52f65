import { Entity } from "electrodb";
import { SERVICE, timestamps, translationsAttribute } from "../shared/model";

/** A promotion in a promotions category: header, rich-text description, banner, visibility. */
export const PromotionEntity = new Entity({
  model: { entity: "promotion", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    promotion_id: { type: "string", required: true, readOnly: true },
    category_id: { type: "string", required: true },
    position: { type: "number", default: 0 },
    header: { type: "string", required: true },
    description: { type: "string", default: "" },
    banner: { type: "string" },
    visible: { type: "boolean", default: true },
    translations: translationsAttribute,
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["promotion_id"] },
    },
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["promotion_id"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
