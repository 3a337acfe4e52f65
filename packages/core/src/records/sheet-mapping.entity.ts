import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

/**
 * What each column of a store's own spreadsheet holds, as the owner last chose it (issue 50,
 * point 1): the next file with the same header row is read with it. Keyed by a hash of the
 * header's names; a store keeps a few (import/reading/sheet-columns-memory.ts replaces the oldest).
 */
export const SheetMappingEntity = new Entity({
  model: { entity: "sheetMapping", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    /** The header row's names, normalised and hashed (sheet-columns-memory.ts). */
    headers_hash: { type: "string", required: true, readOnly: true },
    /** A SheetField per column, by position. */
    columns: { type: "list", items: { type: "string" }, required: true },
    sheets_as: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["headers_hash"] },
    },
  },
});
