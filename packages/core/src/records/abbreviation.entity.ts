import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** The store's glossary: an abbreviation expanded to its full form before machine translation. */
export const AbbreviationEntity = new Entity({
  model: { entity: "abbreviation", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    abbreviation_id: { type: "string", required: true, readOnly: true },
    abbreviation: { type: "string", required: true },
    full_form: { type: "string", required: true },
    /** "Do not translate": the term (a dish or brand name) reaches guests as written. */
    keep: { type: "boolean", default: false },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["abbreviation_id"] },
    },
  },
});
