import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/** A table in a store. Its QR key is a short unguessable token printed as /t/{qr_key}. */
export const TableEntity = new Entity({
  model: { entity: "table", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    table_id: { type: "string", required: true, readOnly: true },
    position: { type: "number", required: true },
    name: { type: "string", required: true },
    note: { type: "string", default: "" },
    index: { type: "number", default: 0 },
    qr_key: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["table_id"] },
    },
    byQrKey: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["qr_key"] },
      sk: { field: "gsi1sk", composite: [] },
    },
  },
});
