import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** A venue owner's organisation. Looked up by URL name through its `companyUrl` guard item. */
export const CompanyEntity = new Entity({
  model: { entity: "company", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    url_key: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["company_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
