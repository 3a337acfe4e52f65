import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * The publish job of one store (the row is the job; the queue only delivers). `requested` counts
 * publish requests: each change is numbered by the request made after it was written (its sequence).
 * `published` is the highest number the last finished run covered: the count it took with its lease,
 * before it read anything. A count above `published`, or above a running run's, means one more run
 * (publish/job.ts). `queued` says a message is on its way (requests coalesce into it); `lease_until` is
 * held while a run reads and writes, so two workers never interleave their writes.
 */
export const PublicationEntity = new Entity({
  model: { entity: "publication", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    requested: { type: "number" },
    requested_at: { type: "string" },
    published: { type: "number" },
    published_at: { type: "string" },
    queued: { type: "boolean" },
    queued_at: { type: "string" },
    lease_until: { type: "string" },
    /** Content hash of the last published menu. */
    version: { type: "string" },
    error: { type: "string" },
    /**
     * What changed since the last run (requests with a scope add theirs): categories, and
     * "{category}/{item}" for items changed in place or created (request.ts); the next run rebuilds
     * only those. `scope_all`: a request without scope came, so everything is.
     */
    scope: { type: "set", items: "string" },
    scope_all: { type: "boolean" },
    /** When the plain whole-menu page (`all.html`) was last written, and whether the menu changed since (publish/plan.ts FULL_PAGE_EVERY_MS). */
    full_page_at: { type: "string" },
    full_page_stale: { type: "boolean" },
    /** Chunks no index names any more, "{retired at}|{key}": deleted a day later by a publish. */
    retired_chunks: { type: "list", items: { type: "string" } },
    /** The QR keys whose links (`m/qr/{key}.json`) the last run published, so the next one marks retired ones. */
    qr_keys: { type: "list", items: { type: "string" } },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/**
 * When a store's published pages go stale by time alone (a category schedule starts or ends, the
 * venue opens or closes, the plain whole-menu page may be written again), or when its requests are
 * to be looked at again (`catch_up`): the scheduled job republishes the stores that are due, with
 * one key query.
 */
export const PublishDueEntity = new Entity({
  model: { entity: "publishDue", version: "1", service: SERVICE },
  attributes: {
    partition: { type: "string", required: true, readOnly: true, default: () => "publish" },
    due_at: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    company_id: { type: "string", required: true },
    /** Only the plain whole-menu page is due (a scoped run with nothing else to do writes it). */
    full_page: { type: "boolean" },
    /**
     * Only a check: a message met a run's lease, and that run sends the next one when it ends; should
     * it die instead, requests still waiting then get a run (publish/job.ts runDuePublishes).
     */
    catch_up: { type: "boolean" },
  },
  indexes: {
    byDue: {
      pk: { field: "pk", composite: ["partition"] },
      sk: { field: "sk", composite: ["due_at", "store_id"] },
    },
  },
});
