import { Entity } from "electrodb";
import { MENU_LANGUAGES, SERVICE, timestamps } from "../shared/model";

export const EXPORT_FORMATS = ["pdf", "xlsx"] as const;
export const EXPORT_STATUSES = ["queued", "in_progress", "done", "error"] as const;

/**
 * One menu export job (the row is the job, the `export` queue only delivers it). The file is written
 * to the object store at `object_key`; the row and the file go after a week (TTL here, a lifecycle
 * rule on the exports bucket).
 */
export const MenuExportEntity = new Entity({
  model: { entity: "menuExport", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    export_id: { type: "string", required: true, readOnly: true },
    language: { type: MENU_LANGUAGES, required: true, readOnly: true },
    format: { type: EXPORT_FORMATS, required: true, readOnly: true },
    status: { type: EXPORT_STATUSES, required: true },
    /** Percent of the file written, for the progress bar. */
    progress: { type: "number", required: true },
    /** Deliveries that started work; past the limit the job ends in error. */
    attempts: { type: "number" },
    error: { type: "string" },
    /** The name the browser saves the file under. */
    file_name: { type: "string", required: true, readOnly: true },
    size: { type: "number" },
    expiresAt: { type: "number", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["export_id"] },
    },
  },
});

/**
 * An export job not finished yet: the scheduled job (and the local runtime at start) reads these
 * with one key query and re-sends the jobs whose message was lost. Deleted when the job ends.
 */
export const MenuExportPendingEntity = new Entity({
  model: { entity: "menuExportPending", version: "1", service: SERVICE },
  attributes: {
    partition: { type: "string", required: true, readOnly: true, default: () => "export" },
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    export_id: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byPartition: {
      pk: { field: "pk", composite: ["partition"] },
      sk: { field: "sk", composite: ["company_id", "store_id", "export_id"] },
    },
  },
});
