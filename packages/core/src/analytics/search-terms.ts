/**
 * Which key a search without result is counted under: the term itself, or OTHER_SEARCHES.
 *
 * k-anonymous terms (issue 49): a term is shown to the owner only once SEARCH_TERM_GUESTS different
 * guests (devices: a hash of the page's random id) searched it on a day. Until then its searches
 * count under "other" and are held on the term's row (SearchTermGuestsEntity, expiring the next
 * day); the search that turns the term shown moves every held one, itself included, from "other"
 * to the term (DynamoDB orders the row's updates, so each held search is moved exactly once). A batch
 * without a guest id cannot tell guests apart: its searches stay "other".
 *
 * The distinct shown terms a store counts per day are bounded (issue 30): the first
 * SEARCH_TERMS_PER_DAY of a day are counted as themselves, any other one as OTHER_SEARCHES. A term
 * is admitted by one conditional write on the day's term set (event-targets.entity.ts); this
 * process remembers what it learnt, so a known term, or any term once the day is full, costs no
 * write.
 */
import { Db } from "../db/service";
import { isConditionFailure } from "../shared/conflict";

export const SEARCH_TERMS_PER_DAY = 500;
/** How many different guests must have searched a term on a day before the owner sees it. */
export const SEARCH_TERM_GUESTS = 3;
/** The counter key of the terms not shown as themselves (a normalised term never has "*"). */
export const OTHER_SEARCHES = "*";

/** A held term's row expires (DynamoDB TTL, epoch seconds) at the end of the day after its day. */
const heldUntil = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400;

type Place = { company_id: string; store_id: string; day: string; expiresAt: number };
type Day = { terms: Set<string>; full: boolean };
const days = new Map<string, Day>();

function dayOf({ store_id, day }: Place): Day {
  const id = `${store_id}\u0000${day}`;
  let entry = days.get(id);
  if (!entry) {
    if (days.size >= 10_000) days.clear();
    entry = { terms: new Set(), full: false };
    days.set(id, entry);
  }
  return entry;
}

/** Admits one term: true when it is (or now becomes) one of the day's counted terms. */
async function admit(place: Place, seen: Day, term: string) {
  const { company_id, store_id, day, expiresAt } = place;
  try {
    await Db()
      .entities.searchTerms.update({ company_id, store_id, day })
      .add({ terms: [term], distinct: 1 })
      .set({ expiresAt })
      .where((a, op) => `(${op.notExists(a.distinct)} OR ${op.lt(a.distinct, SEARCH_TERMS_PER_DAY)}) AND NOT ${op.contains(a.terms, term)}`)
      .go();
    seen.terms.add(term);
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Known already (another process admitted it), or the day is full: the stored set says which.
    const { data } = await Db().entities.searchTerms.get({ company_id, store_id, day }).go();
    for (const t of data?.terms ?? []) seen.terms.add(t);
    seen.full = (data?.distinct ?? 0) >= SEARCH_TERMS_PER_DAY;
    return seen.terms.has(term);
  }
}

/**
 * Records that `guest` searched `term` `n` times while the term is not shown yet. Answers "held"
 * (these searches count as other and wait on the term's row), "shown" (the term was shown already:
 * they count as the term), or, to the search that turns the term shown, how many searches the row
 * held (its own among them: every held search counted as other moves to the term at once).
 */
async function hold(place: Place, term: string, guest: string, n: number): Promise<"held" | "shown" | number> {
  const keys = { company_id: place.company_id, store_id: place.store_id, day: place.day, term };
  const rows = Db().entities.searchTermGuests;
  let guests: string[];
  try {
    const { data } = await rows
      .update(keys)
      .add({ guests: [guest], held: n })
      .set({ expiresAt: heldUntil(place.day) })
      .where((a, op) => op.notExists(a.shown))
      .go({ response: "all_new" });
    guests = data.guests ?? [];
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return "shown";
  }
  if (guests.length < SEARCH_TERM_GUESTS) return "held";
  // Enough guests: one writer turns the term shown (the guests' hashes go) and releases what was held.
  try {
    const { data } = await rows.update(keys).set({ shown: true }).remove(["guests"]).where((a, op) => op.notExists(a.shown)).go({ response: "all_old" });
    return data?.held ?? n;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another search turned it shown after this one was held: that one moved this one too.
    return "held";
  }
}

export type SearchKeys = {
  /** The counter key of each term of the batch. */
  keys: Map<string, string>;
  /** Held searches released to their term: `n` more under the term, as many fewer under OTHER_SEARCHES. */
  released: { term: string; n: number }[];
};

/** The counter key of each of a batch's terms (with how often the batch has it), for one guest (or none). */
export async function searchKeys(place: Place, terms: string[], guest: string | undefined): Promise<SearchKeys> {
  const seen = dayOf(place);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  const released: SearchKeys["released"] = [];
  const keyOf = async (term: string, n: number): Promise<string> => {
    if (seen.terms.has(term)) return term;
    if (!guest || seen.full) return OTHER_SEARCHES;
    const held = await hold(place, term, guest, n);
    if (held === "held" || !(await admit(place, seen, term))) return OTHER_SEARCHES;
    if (held === "shown") return term;
    released.push({ term, n: held });
    return OTHER_SEARCHES;
  };
  const keys = await Promise.all([...counts].map(async ([term, n]) => [term, await keyOf(term, n)] as const));
  return { keys: new Map(keys), released };
}
