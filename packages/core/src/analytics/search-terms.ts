/**
 * The distinct search terms a store counts per day are bounded (issue 30): the first
 * SEARCH_TERMS_PER_DAY terms of a day are counted as themselves, any other one as OTHER_SEARCHES.
 * A term is admitted by one conditional write on the day's term set (event-targets.entity.ts);
 * this process remembers what it learnt, so a known term, or any term once the day is full, costs
 * no write.
 */
import { Db } from "../db/service";
import { isConditionFailure } from "../shared/conflict";

export const SEARCH_TERMS_PER_DAY = 500;
/** The counter key of the terms beyond the day's limit (a normalised term never has "*"). */
export const OTHER_SEARCHES = "*";

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

/** The counter key of each term: itself when admitted, else OTHER_SEARCHES. */
export async function searchKeys(place: Place, terms: string[]): Promise<Map<string, string>> {
  const seen = dayOf(place);
  const counted = await Promise.all([...new Set(terms)].map(async (term) => [term, seen.terms.has(term) || (!seen.full && (await admit(place, seen, term)))] as const));
  return new Map(counted.map(([term, admitted]) => [term, admitted ? term : OTHER_SEARCHES]));
}
