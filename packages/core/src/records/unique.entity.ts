import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * Guard items that keep a value unique across the table (e-mail, company URL name, store URL name
 * within a company, VAT number, IBAN, table name within a store, and the 5 manager seats of a
 * store). They are written in the same
 * TransactWriteItems as the record they guard, with attribute_not_exists, so uniqueness holds under
 * concurrent writes. `ref` points at the owner, which makes them the lookup for URL names too.
 */
export const UNIQUE_KINDS = ["email", "companyUrl", "storeUrl", "vat", "iban", "tableName", "managerSeat"] as const;
export type UniqueKind = (typeof UNIQUE_KINDS)[number];

export const UniqueEntity = new Entity({
  model: { entity: "unique", version: "1", service: SERVICE },
  attributes: {
    kind: { type: UNIQUE_KINDS, required: true },
    value: { type: "string", required: true },
    ref: { type: "string", required: true },
    company_id: { type: "string" },
  },
  indexes: {
    byValue: {
      pk: { field: "pk", composite: ["kind", "value"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/** Values are compared case-insensitively and without surrounding spaces. */
export const uniqueValue = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join("/");
