import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** The company's billing details (requisites) printed on invoices. VAT number and IBAN are unique. */
export const BillingEntity = new Entity({
  model: { entity: "billing", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    organization_name: { type: "string", required: true },
    director_last_name: { type: "string", required: true },
    director_first_name: { type: "string", required: true },
    director_middle_name: { type: "string", default: "" },
    director_position: { type: "string", required: true },
    vat_number: { type: "string", required: true },
    bank_name: { type: "string", required: true },
    iban: { type: "string", required: true },
    bic: { type: "string", required: true },
    legal_address: { type: "string", required: true },
    postcode: { type: "string", required: true },
    phone: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byCompany: {
      pk: { field: "pk", composite: ["company_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});
