import { Entity } from "electrodb";
import { SERVICE } from "../shared/model";

/**
 * What guest events of a store may name: the items of its published menu, its table numbers and
 * its menu languages. Written by every publish (publish/publish.ts), read by the events call, so
 * that an event naming anything else is dropped without a write.
 */
export const EventTargetsEntity = new Entity({
  model: { entity: "eventTargets", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    items: { type: "list", items: { type: "string" } },
    tables: { type: "list", items: { type: "number" } },
    languages: { type: "list", items: { type: "string" } },
  },
  indexes: {
    byStore: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

/**
 * The distinct search terms (without result) a store counts on one day, at most
 * SEARCH_TERMS_PER_DAY: `distinct` is kept beside the set, so a new term is admitted by one
 * conditional write; any term beyond is counted as "other". Expires with the day's counters.
 */
export const SearchTermsEntity = new Entity({
  model: { entity: "searchTerms", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true },
    terms: { type: "set", items: "string" },
    distinct: { type: "number" },
    expiresAt: { type: "number" },
  },
  indexes: {
    byDay: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["day"] },
    },
  },
});

/**
 * One search term of one day that fewer than SEARCH_TERM_GUESTS guests have searched yet (issue 49):
 * the guests (hashes of their page's random id, never the id itself), how many searches are held
 * under "other" meanwhile, and `shown` once enough guests searched it (the hashes are then removed).
 * Expires the day after its day: a term that never reaches the threshold is gone with it.
 */
export const SearchTermGuestsEntity = new Entity({
  model: { entity: "searchTermGuests", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true },
    term: { type: "string", required: true, readOnly: true },
    guests: { type: "set", items: "string" },
    held: { type: "number" },
    shown: { type: "boolean" },
    expiresAt: { type: "number" },
  },
  indexes: {
    byTerm: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["day", "term"] },
    },
  },
});

/**
 * What one guest (the hash of its page's random id) was counted for in one 30-minute window of a
 * store (issue 49, point 2): "view", "scan:<table>", "open:<item>". A view, a scan or an item
 * opening counts once per guest and window; the row expires an hour after its window.
 */
export const GuestSeenEntity = new Entity({
  model: { entity: "guestSeen", version: "1", service: SERVICE },
  attributes: {
    company_id: { type: "string", required: true, readOnly: true },
    store_id: { type: "string", required: true, readOnly: true },
    guest: { type: "string", required: true, readOnly: true },
    window: { type: "number", required: true, readOnly: true },
    seen: { type: "set", items: "string" },
    expiresAt: { type: "number" },
  },
  indexes: {
    byGuest: {
      pk: { field: "pk", composite: ["company_id", "store_id"] },
      sk: { field: "sk", composite: ["guest", "window"] },
    },
  },
});
