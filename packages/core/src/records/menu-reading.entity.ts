import { Entity } from "electrodb";
import { SERVICE, timestamps } from "../shared/model";

export const READING_STATUSES = ["queued", "reading", "done", "error"] as const;

/**
 * A photo of a menu being read (issue 50): the row is the job, the `read` queue only delivers it.
 * The photo waits in the object store at `readings/…/{id}.photo` until read; the draft is written
 * beside it as JSON (a draft may be larger than a row may hold). Rows go after a day (TTL), the
 * objects with the private exports bucket's (7 days; the photo as soon as it is read).
 */
export const MenuReadingEntity = new Entity({
  model: { entity: "menuReading", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    reading_id: { type: "string", required: true, readOnly: true },
    status: { type: READING_STATUSES, required: true },
    /** Percent read, for the progress bar. */
    progress: { type: "number", required: true },
    /** Deliveries that started work; past the limit the job ends in error. */
    attempts: { type: "number" },
    /** A refusal's code (menu-import-errors.ts), or "failed". */
    error: { type: "string" },
    expiresAt: { type: "number", required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["reading_id"] },
    },
  },
});
