import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** A venue owner's organisation. Looked up by URL name through its `companyUrl` guard item. */
export const CompanyEntity = new Entity({
  model: { entity: "company", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true },
    url_key: { type: "string", required: true },
    /** Constant: puts every company into the operator's directory (gsi2), listed without a Scan. */
    directory: { type: "string", required: true, readOnly: true, default: () => "companies" },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: "pk", composite: ["company_id"] },
      sk: { field: "sk", composite: [] },
    },
    /** The operator view: all companies, newest first, from one gsi2 partition. */
    directory: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["directory"] },
      sk: { field: "gsi2sk", composite: ["created_at", "company_id"] },
    },
  },
});
